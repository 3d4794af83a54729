import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatIndiaDateTime } from "~/lib/india-format";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import { bookingRequest, consultantFixture } from "~/modules/bookings/booking-fixtures";
import type { Booking } from "~/modules/bookings/booking-store.server";
import { runAxe } from "../support/axe";
import { animationsEnded, launchBrowser } from "../support/browser";
import { attachedCalendar, eventOf, parseICalendar, utcOf } from "../support/icalendar";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../support/server";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { signedInAdmin, withDatabase } from "./admin-staff-kit";
import { newVisitor, scrollsSideways } from "./leads-helpers";
import { measureFirstVisitScripts } from "./public-measure";
import { waitForHydration } from "./public-support";

/*
 * The visitor's private link in a browser, as a story: a booking (made through the module against
 * the server's database, as the booking page does) mails the visitor a link; the visitor opens
 * it, moves the consultation to another time with JavaScript and sees the new time, which the
 * staff's booking page shows too; the e-mailed link of the first confirmation now says the
 * booking was moved; then, on a phone without JavaScript, the visitor cancels through the new
 * link and the staff's list shows the booking as cancelled. Each invitation mailed is parsed
 * back: one UID, a rising SEQUENCE, METHOD:CANCEL at the end. Axe finds nothing.
 */

const DAY = 24 * 60 * 60 * 1000;
const NOTIFY_TO = "firm@example.in";
const VISITOR = "nisha.kapoor@example.com";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A UTC time on a clock `offsetHours` from UTC, worked out by hand: "3 Mar 2026, 1:30 pm". */
function clockText(iso: string, offsetHours: number): string {
  const local = new Date(Date.parse(iso) + offsetHours * 3_600_000);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, "0");
  const day = `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
  return `${day}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}
const istText = (iso: string) => `${clockText(iso, 5.5)} IST`;
/** Tokyo keeps no daylight saving: UTC + 9 all year. */
const tokyoText = (iso: string) => `${clockText(iso, 9)} (Asia/Tokyo)`;

/** The private link in a mail's text. */
const linkIn = (mail: ReceivedMail) =>
  /https?:\/\/[^\s]+\/book\/manage\/[A-Za-z0-9._%-]+/.exec(mail.text)?.[0] ?? "";

/** Axe once the page has hydrated and its animations have ended. */
async function axe(page: Page) {
  await animationsEnded(page);
  return runAxe(page);
}

describe("the visitor's private link: reschedule and cancel", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;
  let admin: Page;
  let booking: Booking;
  let firstLink: string;
  let movedLink: string;
  let movedTo: string;

  /** The visitor's mails whose subject says `about`, once one has arrived. */
  const visitorMail = async (about: string) => {
    await expect
      .poll(
        () =>
          smtp.messages.filter(
            (mail) => mail.envelopeTo.includes(VISITOR) && mail.subject.includes(about),
          ).length,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    return smtp.messages.find(
      (mail) => mail.envelopeTo.includes(VISITOR) && mail.subject.includes(about),
    ) as ReceivedMail;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, NOTIFY_TO });
    browser = await launchBrowser();
    ({ page: admin } = await signedInAdmin(browser, server));
    admin.setDefaultTimeout(10_000);
    booking = await withDatabase(server, async (db) => {
      await consultantFixture(db, { name: "Asha Rao" });
      const now = new Date();
      const [slot] = await findFreeSlots(db, {
        from: new Date(now.getTime() + DAY),
        to: new Date(now.getTime() + 4 * DAY),
        now,
      });
      const outcome = await bookConsultation(
        db,
        bookingRequest(slot!.startsAt, {
          firstName: "Nisha",
          lastName: "Kapoor",
          email: VISITOR,
          timeZone: "Asia/Tokyo",
        }),
        {
          secret: TEST_AUTH_SECRET,
          mail: { enabled: true, baseUrl: server.url, notifyTo: NOTIFY_TO },
          now,
        },
      );
      if (outcome.status !== "booked") throw new Error(outcome.status);
      return outcome.booking;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it("opens the booking from the e-mailed link: the visitor's time, IST beside, never cached", async () => {
    const mail = await visitorMail("Your free consultation");
    firstLink = linkIn(mail);
    expect(firstLink.startsWith(`${server.url}/book/manage/${booking.id}.1.`)).toBe(true);
    const booked = eventOf(parseICalendar(attachedCalendar(mail.raw)));
    expect(booked.get("UID")).toBe(booking.icsUid);
    expect(booked.get("SEQUENCE")).toBe("0");

    // Per visitor: the page cache never stores it, nor does the browser; no referrer leaves.
    for (let round = 0; round < 2; round++) {
      const response = await fetch(firstLink);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).not.toBe("HIT");
      expect(response.headers.get("cache-control")).toContain("private");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      const html = await response.text();
      expect(html).toContain('<meta name="referrer" content="same-origin"/>');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain('rel="canonical"');
    }
    // "Add to calendar" gives the invitation as it stands.
    const file = await fetch(`${firstLink}/invite.ics`);
    expect(file.headers.get("content-type")).toContain("text/calendar");
    expect(eventOf(parseICalendar(await file.text())).get("UID")).toBe(booking.icsUid);
  });

  // Issue 30, decision 0077: the private link's page loads the booking island, not React.
  it("loads no React on the private link's page", async () => {
    const scripts = await measureFirstVisitScripts(browser, firstLink);
    expect(scripts.some((script) => script.url.includes("booking-island"))).toBe(true);
    for (const script of scripts) {
      const body = await (await fetch(script.url)).text();
      expect(body.includes("react.dev/errors"), `${script.url} carries React`).toBe(false);
      expect(script.url).not.toContain("entry.client");
    }
  });

  it("reschedules with JavaScript: the new time on the page and in the staff's view", async () => {
    const visitor = await newVisitor(browser, { width: 390 });
    const page = await visitor.newPage();
    // As /book leaves the visitor after booking: the confirmation, focused.
    await page.goto(`${firstLink}?booked=1`);
    await page.getByRole("heading", { level: 1, name: "Your consultation" }).waitFor();
    await waitForHydration(page);
    await page
      .getByRole("status")
      .filter({ hasText: `We have e-mailed an invitation to ${VISITOR}` })
      .getByRole("heading", { name: "You're booked" })
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("status");
    await page.getByText("30-minute consultation with Asha Rao").first().waitFor();
    await page.getByText(tokyoText(booking.startsAt)).first().waitFor();
    await page.getByText(istText(booking.startsAt)).first().waitFor();
    expect(await axe(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    // Moving without a time: the message, focused, in place.
    await page.getByRole("button", { name: "Move my consultation" }).click();
    await page.getByRole("alert").filter({ hasText: "Choose a time" }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("Choose a time");

    // A time of the first day the picker shows, other than the booking's own.
    const radios = page.locator('input[type="radio"][name="startsAt"]');
    await radios.first().waitFor();
    const values = await radios.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    );
    movedTo = values.find((value) => value !== booking.startsAt) ?? "";
    expect(movedTo).not.toBe("");
    await page.locator(`input[type="radio"][value="${movedTo}"]`).check();
    await page.getByRole("button", { name: "Move my consultation" }).click();

    await page.waitForURL(
      new RegExp(`/book/manage/${booking.id}\\.2\\.[^?]+\\?moved=1#manage-status$`),
    );
    const status = page.getByRole("status").filter({ hasText: "Your consultation was moved" });
    await status.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("status");
    await page.getByText(istText(movedTo), { exact: false }).first().waitFor();
    await page.getByText(tokyoText(movedTo), { exact: false }).first().waitFor();
    movedLink = page.url().replace(/\?moved=1#manage-status$/, "");
    expect(await axe(page)).toEqual([]);

    await admin.goto(`${server.url}/admin/bookings/${booking.id}`);
    await admin
      .getByRole("heading", { level: 1, name: "Consultation with Nisha Kapoor" })
      .waitFor();
    await admin.getByText(formatIndiaDateTime(movedTo)).first().waitFor();

    // The link of the first confirmation has stopped working, and says why.
    await page.goto(firstLink);
    await page.getByRole("heading", { level: 1, name: "This booking was moved" }).waitFor();
    await page.getByText("use the link in the latest e-mail", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Book a new time" }).waitFor();
    expect(await axe(page)).toEqual([]);

    // The moved invitation: the same UID, the next SEQUENCE, the new time, the new link.
    const moved = await visitorMail("has moved to");
    expect(linkIn(moved)).toBe(movedLink);
    const event = eventOf(parseICalendar(attachedCalendar(moved.raw)));
    expect(event.get("UID")).toBe(booking.icsUid);
    expect(event.get("SEQUENCE")).toBe("1");
    expect(utcOf(event.get("DTSTART"))).toBe(movedTo);
    await visitor.close();
  });

  it("cancels on a phone without JavaScript; the staff's list shows it cancelled", async () => {
    const visitor = await newVisitor(browser, { javaScript: false, width: 360 });
    const page = await visitor.newPage();
    await page.goto(movedLink);
    await page.getByRole("heading", { level: 2, name: "Cancel" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);

    // Without the tick nothing happens but the message.
    await page.getByRole("button", { name: "Cancel consultation" }).click();
    await page
      .getByRole("alert")
      .getByText("Tick “Yes, cancel my consultation” to cancel.")
      .waitFor();
    // The answer opens at the form, where the message is.
    expect(new URL(page.url()).hash).toBe("#cancel");
    await page.getByText(istText(movedTo)).first().waitFor();

    await page.getByLabel("Yes, cancel my consultation").check();
    await page.getByRole("button", { name: "Cancel consultation" }).click();
    await page
      .getByText("Your consultation was cancelled. We have e-mailed you a cancellation.")
      .waitFor();
    await page.getByRole("heading", { level: 1, name: "Consultation cancelled" }).waitFor();
    await page.getByRole("link", { name: "Book a new time" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    // Axe needs a page that runs scripts: the same answer, opened with JavaScript.
    const withScripts = await newVisitor(browser, { width: 360 });
    const check = await withScripts.newPage();
    await check.goto(page.url());
    await check
      .getByRole("status")
      .filter({ hasText: "Your consultation was cancelled" })
      .waitFor();
    await waitForHydration(check);
    expect(await axe(check)).toEqual([]);
    await withScripts.close();

    await admin.goto(`${server.url}/admin/bookings?status=cancelled`);
    await admin
      .getByRole("row")
      .filter({ hasText: "Nisha Kapoor" })
      .getByText("Cancelled")
      .waitFor();

    const cancelled = await visitorMail("is cancelled");
    const calendar = parseICalendar(attachedCalendar(cancelled.raw));
    expect(calendar.get("METHOD")).toBe("CANCEL");
    const event = eventOf(calendar);
    expect(event.get("UID")).toBe(booking.icsUid);
    expect(event.get("STATUS")).toBe("CANCELLED");
    expect(Number(event.get("SEQUENCE"))).toBe(2);
    await visitor.close();
  });
});
