import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import {
  saveMeetingTypeAs,
  saveRoutingRuleAs,
} from "~/modules/bookings/meeting-type-commands.server";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { signInAs } from "../support/auth";
import { runAxe } from "../support/axe";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { backdateFormToken, freshAddress, withDatabase } from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * Meeting types in a browser (decision 0050): with two active types, /book first lists them as
 * links; a visitor books each of them, with and without JavaScript, and gets that type's times,
 * length and name in the invitation; an admin adds a third type on /admin/bookings/types and it
 * is offered at once; once staff route a service to a consultant, the page asks what the meeting
 * is about before the times (a GET form, without JavaScript) and the booking goes to them.
 */

async function visitor(browser: Browser, javaScript: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
    viewport: { width: 1280, height: 900 },
    // IST: the page needs no reload into the browser's zone.
    timezoneId: "Asia/Kolkata",
  });
  context.setDefaultTimeout(10_000);
  return context;
}

const bookingForm = (page: Page) => page.getByRole("form", { name: "Booking form" });

const MINUTE = 60_000;

describe("booking one of several meeting types", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;
  let ravi: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ TRUST_PROXY: "true", SMTP_URL: smtp.url });
    browser = await launchBrowser();
    await withDatabase(server, async (db) => {
      await consultantFixture(db, { name: "Asha Rao" });
      ravi = (await consultantFixture(db, { name: "Ravi Iyer" })).consultant.id;
      const saved = await saveMeetingTypeAs(db, SYSTEM_ACTOR, {
        title: "Strategy call",
        slug: "strategy-call",
        description: "An hour on your pay strategy.",
        lengthMinutes: 60,
        bufferBeforeMinutes: 15,
        bufferAfterMinutes: 15,
        minimumNoticeHours: null,
        horizonDays: null,
        dailyCap: null,
        feeNote: "₹15,000 + GST",
        active: true,
        sortOrder: 1,
        consultantIds: [],
      });
      if (!saved.ok) throw new Error(saved.error);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  /** Books the first free time of the type chosen on /book; returns the stored booking. */
  async function bookType(page: Page, title: string, email: string, javaScript: boolean) {
    await page.goto(`${server.url}/book`);
    if (javaScript) await waitForHydration(page);
    await page.getByRole("heading", { name: "Choose a meeting" }).waitFor();
    await page.getByRole("link", { name: title, exact: true }).click();
    await page.waitForURL(/\/book\?type=[a-z-]+$/);
    await page.getByRole("heading", { name: title, exact: true }).waitFor();
    const radio = javaScript
      ? bookingForm(page)
          .getByRole("group", { name: /^Times on / })
          .getByRole("radio")
          .first()
      : bookingForm(page).locator("[data-slot-list] fieldset").first().getByRole("radio").first();
    const startsAt = (await radio.getAttribute("value"))!;
    await radio.check();
    for (const [label, value] of Object.entries({
      "First Name": "Meera",
      "Last Name": title,
      "Email Address": email,
      Company: "Lotus Fintech",
    })) {
      await bookingForm(page)
        .getByLabel(new RegExp(`^${label}( \\*)?$`))
        .fill(value);
    }
    await backdateFormToken(page);
    await bookingForm(page).getByRole("button", { name: "Book Consultation" }).click();
    await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);
    await page.getByText("You're booked").waitFor();
    const [booking] = await withDatabase(server, (db) =>
      db
        .selectFrom("bookings")
        .innerJoin("meetingTypes", "meetingTypes.id", "bookings.meetingTypeId")
        .select(["bookings.startsAt", "bookings.endsAt", "meetingTypes.title"])
        .where("bookings.visitorEmail", "=", email)
        .execute(),
    );
    expect(booking?.startsAt).toBe(startsAt);
    expect(booking?.title).toBe(title);
    return booking!;
  }

  async function subjectTo(email: string) {
    await expect
      .poll(() => smtp.messages.some((mail) => mail.envelopeTo.includes(email)), {
        timeout: 20_000,
      })
      .toBe(true);
    const mail = smtp.messages.find((message) => message.envelopeTo.includes(email))!;
    return mail.raw;
  }

  for (const javaScript of [false, true]) {
    const how = javaScript ? "with JavaScript" : "without JavaScript";

    it(`books the hour's strategy call ${how}: its own times, length and name`, async () => {
      const context = await visitor(browser, javaScript);
      const page = await context.newPage();
      const email = `strategy-${javaScript ? "js" : "nojs"}@example.com`;
      const booking = await bookType(page, "Strategy call", email, javaScript);
      expect(Date.parse(booking.endsAt) - Date.parse(booking.startsAt)).toBe(60 * MINUTE);
      const raw = await subjectTo(email);
      expect(raw).toMatch(/Subject: Your strategy call with /);
      expect(raw).toContain("SUMMARY:Strategy call:");
      await context.close();
    });

    it(`books the free consultation ${how}, as before`, async () => {
      const context = await visitor(browser, javaScript);
      const page = await context.newPage();
      const email = `free-${javaScript ? "js" : "nojs"}@example.com`;
      const booking = await bookType(page, "Free consultation", email, javaScript);
      expect(Date.parse(booking.endsAt) - Date.parse(booking.startsAt)).toBe(30 * MINUTE);
      expect(await subjectTo(email)).toMatch(/Subject: Your free consultation with /);
      await context.close();
    });
  }

  it("lists the types as links anyone can follow, axe-clean", async () => {
    const context = await visitor(browser, true);
    const page = await context.newPage();
    await page.goto(`${server.url}/book`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Choose a meeting" }).waitFor();
    await page.getByText("1 hour · ₹15,000 + GST").waitFor();
    expect(await runAxe(page)).toEqual([]);
    await context.close();
  });

  it("lets an admin add a type, which /book offers at once", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    await signInAs(context, server, "admin");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/bookings/types`);
    await waitForAdminHydration(page);
    await page.getByRole("heading", { level: 1, name: "Meeting types" }).waitFor();
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Add meeting type" }) });
    await form.getByLabel(/^Title/).fill("Pay review");
    await form.getByLabel(/^Address on the booking page/).fill("pay review");
    await form.getByRole("button", { name: "Add meeting type" }).click();
    // A message at the field, the form kept.
    await page
      .getByText("Use lower-case letters, digits and single hyphens", { exact: false })
      .waitFor();
    await form.getByLabel(/^Address on the booking page/).fill("pay-review");
    await form.getByLabel(/^Length/).fill("45");
    await form.getByRole("button", { name: "Add meeting type" }).click();
    await page.getByRole("link", { name: "Pay review" }).waitFor();
    expect(await runAxe(page)).toEqual([]);

    const visitorContext = await visitor(browser, false);
    const visitorPage = await visitorContext.newPage();
    await visitorPage.goto(`${server.url}/book`);
    await visitorPage.getByRole("link", { name: "Pay review" }).click();
    await visitorPage.waitForURL(/\/book\?type=pay-review$/);
    await visitorPage.getByText("45 minutes · Free").waitFor();
    await visitorContext.close();
    await context.close();
  });

  it("asks what the meeting is about first once staff route by service, and books the covering consultant", async () => {
    await withDatabase(server, (db) =>
      saveRoutingRuleAs(db, SYSTEM_ACTOR, { service: "equity", consultantIds: [ravi] }),
    );
    const context = await visitor(browser, false);
    const page = await context.newPage();
    await page.goto(`${server.url}/book?type=strategy-call`);
    await page.getByLabel("What would you like to discuss?").selectOption("equity");
    await page.getByRole("button", { name: "Show free times" }).click();
    await page.waitForURL(/\/book\?type=strategy-call&service=equity$/);
    await page.getByText("About Equity Compensation & ESOPs").waitFor();
    // The form comes with the answer filled in.
    expect(
      await bookingForm(page)
        .getByLabel(/^Service/)
        .inputValue(),
    ).toBe("equity");
    const radio = bookingForm(page)
      .locator("[data-slot-list] fieldset")
      .first()
      .getByRole("radio")
      .first();
    await radio.check();
    for (const [label, value] of Object.entries({
      "First Name": "Kavya",
      "Last Name": "Routed",
      "Email Address": "kavya.routed@example.com",
      Company: "Lotus Fintech",
    })) {
      await bookingForm(page)
        .getByLabel(new RegExp(`^${label}( \\*)?$`))
        .fill(value);
    }
    await backdateFormToken(page);
    await bookingForm(page).getByRole("button", { name: "Book Consultation" }).click();
    await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);
    const stored = await withDatabase(server, (db) =>
      db
        .selectFrom("bookings")
        .select("consultantId")
        .where("visitorEmail", "=", "kavya.routed@example.com")
        .executeTakeFirst(),
    );
    expect(stored?.consultantId).toBe(ravi);
    await context.close();

    const withScript = await visitor(browser, true);
    const checked = await withScript.newPage();
    await checked.goto(`${server.url}/book?type=strategy-call`);
    await waitForHydration(checked);
    await checked.getByLabel("What would you like to discuss?").waitFor();
    expect(await runAxe(checked)).toEqual([]);
    await withScript.close();
  });
});
