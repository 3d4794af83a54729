import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  consultantFixture,
} from "~/modules/bookings/booking-fixtures";
import { manageLinkPath } from "~/modules/bookings/manage-link.server";
import { signInAs } from "../support/auth";
import { runAxe } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { withDatabase } from "./admin-staff-kit";

const DAY = 24 * 60 * 60 * 1000;

/*
 * Issue 25, after the meeting (decision 0046): staff mark a past consultation a no-show in the
 * admin without JavaScript, and the visitor's kind mail with a link to book again arrives at
 * the SMTP server; the dashboard then counts it. Past the visitor's cut-off, their private link
 * page gives the firm's e-mail and phone instead of the forms.
 */

describe("a consultation near and after its time", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;
  let bookingId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
    bookingId = await withDatabase(server, async (db) => {
      await consultantFixture(db, { name: "Asha Rao" });
      // A meeting ten days ago, booked before it.
      const then = new Date(Date.now() - 10 * DAY);
      const [slot] = await findFreeSlots(db, {
        from: then,
        to: new Date(then.getTime() + 8 * DAY),
        now: then,
      });
      if (!slot) throw new Error("No free slot");
      const outcome = await bookConsultation(
        db,
        bookingRequest(slot.startsAt, {
          firstName: "Kiran",
          lastName: "Missed",
          email: "kiran@example.com",
        }),
        { ...bookingContext(then), mail: { ...bookingContext().mail, baseUrl: server.url } },
      );
      if (outcome.status !== "booked") throw new Error(outcome.status);
      return outcome.booking.id;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it("mails the visitor a way to book again, without JavaScript", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(10_000);
    await signInAs(context, server, "admin");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/bookings/${bookingId}`);
    await page.getByRole("button", { name: "Mark no-show" }).click();
    await page.getByText("Marked as a no-show.", { exact: false }).waitFor();
    await page.getByText("No-show", { exact: true }).first().waitFor();

    const isNoShowMail = (mail: { subject: string }) => mail.subject.startsWith("We missed you");
    await expect.poll(() => smtp.messages.some(isNoShowMail), { timeout: 20_000 }).toBe(true);
    const missed = smtp.messages.find(isNoShowMail)!;
    expect(missed.envelopeTo).toEqual(["kiran@example.com"]);
    expect(missed.text).toContain("Dear Kiran Missed, we were sorry not to speak with you");
    expect(missed.text).toContain(`Choose a new time that suits you: ${server.url}/book`);
    expect(missed.html).toContain(`href="${server.url}/book"`);
    expect(smtp.messages.filter(isNoShowMail)).toHaveLength(1);

    // The dashboard counts it: one meeting marked, a no-show.
    await page.goto(`${server.url}/admin`);
    await page.getByRole("heading", { name: "Consultations" }).waitFor();
    expect(await page.locator('[data-stat="No-show rate"]').textContent()).toBe("100%");
    await page
      .getByRole("cell", { name: "Asha Rao" })
      .or(page.getByRole("rowheader", { name: "Asha Rao" }))
      .first()
      .waitFor();
    await context.close();

    // Axe needs a script: the dashboard with its new section, in a browser with JavaScript.
    const withScript = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAs(withScript, server, "admin");
    const checked = await withScript.newPage();
    await checked.goto(`${server.url}/admin`);
    await checked.getByRole("heading", { name: "Consultations" }).waitFor();
    expect(await runAxe(checked)).toEqual([]);
    await withScript.close();
  });

  it("past the cut-off, the private link page says how to reach the firm, without JavaScript", async () => {
    const path = await withDatabase(server, async (db) => {
      const [slot] = await findFreeSlots(db, {
        from: new Date(),
        to: new Date(Date.now() + 10 * DAY),
      });
      if (!slot) throw new Error("No free slot");
      const outcome = await bookConsultation(db, bookingRequest(slot.startsAt), {
        secret: TEST_AUTH_SECRET,
        mail: { enabled: true, baseUrl: server.url },
      });
      if (outcome.status !== "booked") throw new Error(outcome.status);
      // Its meeting is now two hours away: inside the default 4-hour cut-off.
      const startsAt = new Date(Date.now() + 2 * 60 * 60 * 1000);
      await db
        .updateTable("bookings")
        .set({
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 30 * 60 * 1000).toISOString(),
        })
        .where("id", "=", outcome.booking.id)
        .execute();
      return manageLinkPath(TEST_AUTH_SECRET, outcome.booking);
    });
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 800 },
    });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.getByRole("heading", { name: "Need to reschedule or cancel?" }).waitFor();
    await page
      .getByText("Online changes close 4 hours before the meeting.", { exact: false })
      .waitFor();
    expect(await page.getByRole("button", { name: /cancel/i }).count()).toBe(0);
    await context.close();

    const withScript = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const checked = await withScript.newPage();
    await checked.goto(`${server.url}${path}`);
    await checked.getByRole("heading", { name: "Need to reschedule or cancel?" }).waitFor();
    expect(await runAxe(checked)).toEqual([]);
    await withScript.close();
  });
});
