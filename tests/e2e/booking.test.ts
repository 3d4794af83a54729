import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  consultantFixture,
} from "~/modules/bookings/booking-fixtures";
import { signInAs } from "../support/auth";
import { runAxe } from "../support/axe";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { attachedCalendar, eventOf, parseICalendar, utcOf } from "../support/icalendar";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { backdateFormToken, freshAddress, withDatabase } from "./leads-helpers";
import { measureFirstVisitScripts } from "./public-measure";
import { waitForHydration } from "./public-support";

const NOTIFY_TO = "leads@example.in";

/*
 * The booking page in a browser: a visitor books a free time without JavaScript (radio buttons,
 * a normal post, the "Show times in" form) and with it (the day grid by keyboard, their zone
 * picked up from the browser), lands on their private link's page, and gets the invitation by
 * e-mail (its .ics read back); staff see both bookings. Axe finds nothing at 360 and 1280 px.
 */

async function visitor(
  browser: Browser,
  options: { javaScript: boolean; width?: number; timezoneId?: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
    viewport: { width: options.width ?? 1280, height: 900 },
    timezoneId: options.timezoneId,
  });
  context.setDefaultTimeout(10_000);
  return context;
}

const bookingForm = (page: Page) => page.getByRole("form", { name: "Booking form" });

async function fillDetails(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await bookingForm(page)
      .getByLabel(new RegExp(`^${label}( \\*)?$`))
      .fill(value);
  }
}

/** The invitation attached to the mail sent to `to`, parsed. */
async function invitationTo(smtp: TestSmtpServer, to: string) {
  await expect
    .poll(() => smtp.messages.some((mail) => mail.envelopeTo.includes(to)), { timeout: 20_000 })
    .toBe(true);
  const mail = smtp.messages.find((message) => message.envelopeTo.includes(to))!;
  // The attachment is labelled as what it is: a calendar request (issue 22).
  expect(mail.raw).toMatch(
    /Content-Type: text\/calendar; charset=utf-8; method=REQUEST; name=invite\.ics/i,
  );
  return { mail, calendar: parseICalendar(attachedCalendar(mail.raw)) };
}

describe("booking a free consultation", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;
  const booked: Array<{ name: string; startsAt: string }> = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ TRUST_PROXY: "true", SMTP_URL: smtp.url, NOTIFY_TO });
    browser = await launchBrowser();
    await withDatabase(server, async (db) => {
      await consultantFixture(db, { name: "Asha Rao" });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it("books without JavaScript: radio buttons, the zone form, a normal post, the invitation", async () => {
    const context = await visitor(browser, { javaScript: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/book`);
    await page.getByText("Times are shown in India Standard Time (IST)").waitFor();
    await page.getByLabel("Show times in").selectOption("America/Los_Angeles");
    await page.getByRole("button", { name: "Show times" }).click();
    await page.waitForURL(/\/book\?tz=America%2FLos_Angeles/);
    await page.getByText("Times are shown in America/Los Angeles").waitFor();

    // A week at a time; the next keeps the zone.
    const firstWeekDay = await bookingForm(page)
      .locator("[data-slot-list] fieldset legend")
      .first()
      .textContent();
    await page
      .getByRole("navigation", { name: "Weeks" })
      .getByRole("link", { name: "Later times" })
      .click();
    await page.waitForURL(/\?tz=America%2FLos_Angeles&from=\d{4}-\d{2}-\d{2}#choose-time$/);
    await page.getByRole("link", { name: "Earlier times" }).first().waitFor();
    expect(
      await bookingForm(page).locator("[data-slot-list] fieldset legend").first().textContent(),
    ).not.toBe(firstWeekDay);
    const day = bookingForm(page).locator("[data-slot-list] fieldset").first();
    const radio = day.getByRole("radio").first();
    const startsAt = await radio.getAttribute("value");
    expect(startsAt).toBeTruthy();
    // The label: the Los Angeles time, and the IST time beside it.
    const label = await day.locator("label").first().textContent();
    expect(label).toMatch(/^\d{1,2}:\d{2} (am|pm)\d{1,2}:\d{2} (am|pm) IST$/);
    await radio.check();
    await fillDetails(page, {
      "First Name": "Nadia",
      "Last Name": "Without Script",
      "Email Address": "nadia@example.com",
      Company: "Pacific Pay Co",
    });
    await backdateFormToken(page);
    await bookingForm(page).getByRole("button", { name: "Book Consultation" }).click();
    await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);
    await page.getByText("You're booked").waitFor();
    booked.push({ name: "Nadia Without Script", startsAt: startsAt! });

    const { calendar } = await invitationTo(smtp, "nadia@example.com");
    expect(calendar.get("METHOD")).toBe("REQUEST");
    const event = eventOf(calendar);
    expect(event.get("UID")).toMatch(/^bkg_.+@/);
    expect(utcOf(event.get("DTSTART"))).toBe(startsAt);
    await context.close();
  });

  it("books with JavaScript: the browser's zone, the day grid by keyboard, the post in place", async () => {
    const context = await visitor(browser, { javaScript: true, timezoneId: "Asia/Tokyo" });
    const page = await context.newPage();
    await page.goto(`${server.url}/book`);
    await waitForHydration(page);
    // The browser's zone is picked up and the times reload in it.
    await page.waitForURL(/\?tz=Asia%2FTokyo/);
    await page.getByText("Times are shown in Asia/Tokyo").waitFor();

    const grid = page.getByRole("grid", { name: "Days with free times" });
    await grid.waitFor();
    // Three weeks at a time: the grid pages in place to the later times and back.
    const firstShown = () => grid.locator("td[data-date]").first().getAttribute("data-date");
    const spanStart = await firstShown();
    const moreDays = page.getByRole("navigation", { name: "More days" });
    await moreDays.getByRole("link", { name: "Later times" }).click();
    await page.waitForURL(/\?tz=Asia%2FTokyo&from=\d{4}-\d{2}-\d{2}$/);
    await expect.poll(firstShown).not.toBe(spanStart);
    expect((await firstShown())! > spanStart!).toBe(true);
    await moreDays.getByRole("link", { name: "Earlier times" }).click();
    await expect.poll(firstShown).toBe(spanStart);
    // The days are the grid's <td>s (gridcells by the table's role), one of them the tab stop.
    const current = grid.locator('td[tabindex="0"]');
    await current.focus();
    const firstDate = await current.getAttribute("data-date");
    // The arrow keys move between days (one tab stop), skipping nothing: the next is a day later.
    const focusedDate = () =>
      page.evaluate(() => document.activeElement?.getAttribute("data-date") ?? null);
    await page.keyboard.press("ArrowRight");
    await expect.poll(focusedDate).not.toBe(firstDate);
    // Home goes back to the week's start, End to its end; the first day is still reached.
    await page.keyboard.press("ArrowLeft");
    await expect.poll(focusedDate).toBe(firstDate);
    await page.keyboard.press("End");
    await expect.poll(focusedDate).not.toBe(firstDate);
    await page.keyboard.press("Home");
    await expect.poll(focusedDate).toBe(firstDate);
    // Ctrl+End and Ctrl+Home: the span's last and first days; Page Down: four weeks on, within it.
    const spanDates = await grid
      .locator("td[data-date]")
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-date")));
    await page.keyboard.press("Control+End");
    await expect.poll(focusedDate).toBe(spanDates.at(-1));
    await page.keyboard.press("Control+Home");
    await expect.poll(focusedDate).toBe(spanDates[0]);
    await page.keyboard.press("PageDown");
    await expect.poll(focusedDate).toBe(spanDates.at(-1));
    // One tab stop: the day focused, and no other.
    expect(await grid.locator('td[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press("Control+Home");
    await expect.poll(focusedDate).toBe(spanDates[0]);
    // Onwards to a day with free times, which Enter chooses.
    for (let i = 0; i < 14; i++) {
      const disabled = await page.evaluate(
        () => document.activeElement?.getAttribute("aria-disabled") === "true",
      );
      if (!disabled) break;
      await page.keyboard.press("ArrowRight");
    }
    const chosenLabel = await page.evaluate(
      () => document.activeElement?.querySelector(".sr-only")?.textContent,
    );
    const longLabel = chosenLabel!.split(",")[0]!;
    await page.keyboard.press("Enter");
    const times = page.getByRole("group", { name: `Times on ${longLabel}` });
    await times.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-selected"))).toBe(
      "true",
    );
    // Tab leaves the grid for the day's times; Space picks the first.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    const radio = times.getByRole("radio").first();
    await expect.poll(() => radio.isChecked()).toBe(true);
    const startsAt = await radio.getAttribute("value");
    await page.getByText(`Chosen: ${longLabel}`).waitFor();

    await fillDetails(page, {
      "First Name": "Kenji",
      "Last Name": "With Script",
      "Email Address": "kenji@example.com",
      Company: "Tokyo Rewards KK",
    });
    await backdateFormToken(page);
    await bookingForm(page).getByRole("button", { name: "Book Consultation" }).click();
    await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);
    await page.getByText("You're booked").waitFor();
    booked.push({ name: "Kenji With Script", startsAt: startsAt! });

    const { calendar } = await invitationTo(smtp, "kenji@example.com");
    expect(calendar.get("METHOD")).toBe("REQUEST");
    expect(utcOf(eventOf(calendar).get("DTSTART"))).toBe(startsAt);
    const stored = await withDatabase(server, (db) =>
      db
        .selectFrom("bookings")
        .select(["visitorTimeZone", "startsAt"])
        .where("visitorEmail", "=", "kenji@example.com")
        .execute(),
    );
    expect(stored).toEqual([{ visitorTimeZone: "Asia/Tokyo", startsAt }]);
    await context.close();
  });

  // Issue 30, decision 0077: the page's island, not React, does all of this.
  it("loads no React on /book, and checks the form before sending it", async () => {
    const scripts = await measureFirstVisitScripts(browser, `${server.url}/book`);
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    console.info(
      `JavaScript on a first visit of /book: ${(total / 1024).toFixed(1)} KiB gzipped in ${scripts.length} files`,
    );
    // The site's script and the booking island are there.
    expect(scripts.some((script) => script.url.includes("booking-island"))).toBe(true);
    for (const script of scripts) {
      const body = await (await fetch(script.url)).text();
      // React's production build links every error to react.dev/errors.
      expect(body.includes("react.dev/errors"), `/book: ${script.url} carries React`).toBe(false);
      expect(script.url, "/book loads the framework").not.toContain("entry.client");
    }

    const context = await visitor(browser, { javaScript: true, timezoneId: "Asia/Kolkata" });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/book") {
        posts.push(request.url());
      }
    });
    await page.goto(`${server.url}/book`);
    await waitForHydration(page);
    await fillDetails(page, { "First Name": "Mira", "Email Address": "not-an-address" });
    await bookingForm(page).getByRole("button", { name: "Book Consultation" }).click();
    // The server's words, drawn without a round trip: the form's, the picker's, each field's.
    await bookingForm(page)
      .getByRole("alert")
      .filter({ hasText: "Please correct the highlighted fields." })
      .waitFor();
    await bookingForm(page).getByText("Choose a time", { exact: true }).first().waitFor();
    const email = bookingForm(page).getByLabel(/^Email Address/);
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    // Focus on the first thing to correct: the time, above the fields.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement)?.name))
      .toBe("startsAt");
    expect(posts).toEqual([]);
    await context.close();
  });

  it("answers a time taken meanwhile in place: the nearest free times, everything typed kept", async () => {
    const context = await visitor(browser, { javaScript: true, timezoneId: "Asia/Kolkata" });
    const page = await context.newPage();
    await page.goto(`${server.url}/book`);
    await waitForHydration(page);
    // Chromium in India names its zone "Asia/Calcutta": that is IST, the page's zone already.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toMatch(
      /^Asia\/(Calcutta|Kolkata)$/,
    );
    await page.getByText("Times are shown in India Standard Time (IST)").waitFor();
    const times = bookingForm(page).getByRole("group", { name: /^Times on / });
    const radio = times.getByRole("radio").first();
    const startsAt = (await radio.getAttribute("value"))!;
    await radio.check();
    await fillDetails(page, {
      "First Name": "Ravi",
      "Last Name": "Too Late",
      "Email Address": "ravi@example.com",
      Company: "Late Co",
      Message: "Please keep this.",
    });
    // Someone else books that time first.
    await withDatabase(server, async (db) => {
      const outcome = await bookConsultation(db, bookingRequest(startsAt), {
        ...bookingContext(new Date()),
        secret: TEST_AUTH_SECRET,
      });
      expect(outcome.status).toBe("booked");
    });
    await backdateFormToken(page);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await bookingForm(page).getByRole("button", { name: "Book Consultation" }).click();
    expect((await answer).status()).toBe(409);
    await page
      .getByRole("alert")
      .filter({ hasText: "That time was just taken. Here are the nearest free times." })
      .waitFor();
    const nearest = bookingForm(page).getByRole("group", { name: "The nearest free times" });
    await nearest.waitFor();
    expect(await nearest.getByRole("radio").count()).toBeGreaterThan(0);
    expect(await nearest.locator(`input[value="${startsAt}"]`).count()).toBe(0);
    expect(page.url()).toMatch(/\/book(\?|$)/);
    // The page never reloaded its times under India's other name.
    expect(page.url()).not.toContain("tz=");
    await page.getByText("Times are shown in India Standard Time (IST)").waitFor();
    expect(
      await bookingForm(page)
        .getByLabel(/^Message/)
        .inputValue(),
    ).toBe("Please keep this.");
    expect(
      await bookingForm(page)
        .getByLabel(/^Email Address/)
        .inputValue(),
    ).toBe("ravi@example.com");
    // One of the nearest times, sent again: booked.
    await nearest.getByRole("radio").first().check();
    await backdateFormToken(page);
    await bookingForm(page).getByRole("button", { name: "Book Consultation" }).click();
    await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);
    await context.close();
  });

  it("shows both bookings to staff", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAs(context, server, "admin");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/bookings`);
    await waitForAdminHydration(page);
    expect(booked).toHaveLength(2);
    for (const booking of booked) await page.getByText(booking.name).first().waitFor();
    await context.close();
  });

  it.each([
    [360, false],
    [360, true],
    [1280, false],
    [1280, true],
  ])("has nothing axe finds at %i px (JavaScript: %s)", async (width, javaScript) => {
    const context = await visitor(browser, {
      javaScript: true,
      width,
      timezoneId: "Europe/London",
    });
    // Axe runs as a script: "without JavaScript" is the page without its own scripts.
    if (!javaScript) await context.route(/\.js(\?.*)?$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${server.url}/book?tz=Europe/London`);
    if (javaScript) {
      await waitForHydration(page);
      await page.getByRole("grid").waitFor();
    }
    expect(await runAxe(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow, "scrolls sideways").toBe(false);
    await context.close();
  });
});
