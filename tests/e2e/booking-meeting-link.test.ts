import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { setConsultantRoom } from "~/modules/bookings/meeting-room-commands.server";
import { runAxe } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { attachedCalendar, eventOf, parseICalendar } from "../support/icalendar";
import { startServer, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { backdateFormToken, freshAddress, withDatabase } from "./leads-helpers";

const ROOM = "https://acme.zoom.us/j/81234567890?pwd=Zm9vYmFy";

/*
 * Issue 25, meeting links (decision 0047): a visitor books without JavaScript and finds where to
 * join on their confirmation page (a real link) and in their e-mail, whose invitation carries
 * the same link as LOCATION and URL. The consultant has a Zoom room of their own.
 */

describe("the meeting link of a booking", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ TRUST_PROXY: "true", SMTP_URL: smtp.url });
    browser = await launchBrowser();
    await withDatabase(server, async (db) => {
      const { consultant, actor } = await consultantFixture(db, { name: "Asha Rao" });
      const saved = await setConsultantRoom(db, actor, consultant.id, ROOM);
      if (!saved.ok) throw new Error(saved.error);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it("shows the consultant's room on the confirmation page and in the mail, without JavaScript", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
      viewport: { width: 360, height: 800 },
    });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${server.url}/book`);
    const form = page.getByRole("form", { name: "Booking form" });
    // The booking page, which may be cached for everyone, never names the room.
    expect(await page.content()).not.toContain("zoom.us");
    await form.locator("[data-slot-list] fieldset").first().getByRole("radio").first().check();
    for (const [label, value] of Object.entries({
      "First Name": "Meera",
      "Last Name": "Joins Online",
      "Email Address": "meera@example.com",
      Company: "Remote Pay Co",
    })) {
      await form.getByLabel(new RegExp(`^${label}( \\*)?$`)).fill(value);
    }
    await backdateFormToken(page);
    await form.getByRole("button", { name: "Book Consultation" }).click();
    await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);
    await page.getByText("You're booked").waitFor();

    const join = page.getByRole("link", { name: "Join the meeting" });
    expect(await join.getAttribute("href")).toBe(ROOM);
    await page.getByText(ROOM).waitFor();
    const confirmation = page.url();
    await context.close();
    // Axe needs a script: the same page, in a browser with JavaScript, at 360 px.
    const withScript = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const checked = await withScript.newPage();
    await checked.goto(confirmation);
    await checked.getByRole("link", { name: "Join the meeting" }).waitFor();
    expect(await runAxe(checked)).toEqual([]);
    await withScript.close();

    await expect
      .poll(() => smtp.messages.some((mail) => mail.envelopeTo.includes("meera@example.com")), {
        timeout: 20_000,
      })
      .toBe(true);
    const mail = smtp.messages.find((message) => message.envelopeTo.includes("meera@example.com"))!;
    expect(mail.text).toContain(`To join the meeting at its time, open: ${ROOM}`);
    expect(mail.html).toContain(`href="${ROOM.replace(/&/g, "&amp;")}"`);
    expect(mail.html).toContain("Join the meeting");
    const event = eventOf(parseICalendar(attachedCalendar(mail.raw)));
    expect(event.get("LOCATION")).toBe(ROOM);
    expect(event.get("URL")).toBe(ROOM);
  });
});
