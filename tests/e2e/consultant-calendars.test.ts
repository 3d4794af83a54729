import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { type Radicale, startRadicale } from "../integration/calendars/radicale";
import { signInAs } from "../support/auth";
import { axeFindings } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { withDatabase } from "./leads-helpers";

/*
 * Issue 25's "done when": a busy event on a real CalDAV server (radicale, started here) leaves
 * /book. Staff add the consultant's calendar on the admin page, without JavaScript; the page reads
 * it at once, and the time the event covers is no longer offered.
 */

const USER = "kavya";
const PASSWORD = "calendar app password";

const compact = (iso: string) => `${iso.slice(0, 19).replace(/[-:]/g, "")}Z`;
const offered = (html: string) =>
  [...html.matchAll(/name="startsAt" value="([^"]+)"/g)].map((match) => match[1] ?? "");

describe("a consultant's own calendar on the booking page", () => {
  let server: TestServer;
  let browser: Browser;
  let radicale: Radicale;

  beforeAll(async () => {
    radicale = await startRadicale({ [USER]: PASSWORD });
    server = await startServer();
    browser = await launchBrowser();
    await withDatabase(server, (db) => consultantFixture(db, { name: "Kavya Iyer" }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await radicale?.stop();
  });

  it("takes a time that is busy in the consultant's CalDAV calendar off /book", async () => {
    const before = offered(await (await fetch(`${server.url}/book`)).text());
    const busy = before[0] ?? "";
    expect(busy).not.toBe("");

    const url = await radicale.makeCalendar(USER, PASSWORD, "work");
    const end = new Date(Date.parse(busy) + 30 * 60_000).toISOString();
    await radicale.putEvent(
      url,
      USER,
      PASSWORD,
      "client-call",
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//test//EN",
        "BEGIN:VEVENT",
        "UID:client-call",
        "DTSTAMP:20260101T000000Z",
        `DTSTART:${compact(busy)}`,
        `DTEND:${compact(end)}`,
        "SUMMARY:Client call",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );

    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      await signInAs(context, server, "admin");
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/bookings/calendars`);
      const form = page.locator("form", {
        has: page.getByRole("heading", { name: "Add a CalDAV calendar" }),
      });
      await form.getByLabel("Calendar name").fill("Work");
      await form.getByLabel("Calendar address (URL)").fill(url);
      await form.getByLabel("User name").fill(USER);
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "Add CalDAV calendar" }).click();
      await page
        .getByText('Calendar "Work" added. Calendar "Work" read: 1 busy time in the next year.')
        .waitFor();
      // The password is not on the page; that it is saved is.
      expect(await page.content()).not.toContain(PASSWORD);
      await page.getByText("Last read").waitFor();

      await page.goto(`${server.url}/book`);
      await page.getByRole("form", { name: "Booking form" }).waitFor();
      expect(offered(await page.content())).not.toContain(busy);
      // Times clear of the event and its buffer stay on offer.
      const clear = before.find(
        (startsAt) => Date.parse(startsAt) >= Date.parse(busy) + 60 * 60_000,
      );
      if (clear) expect(offered(await page.content())).toContain(clear);
    } finally {
      await context.close();
    }
  });

  it("shows the calendar, its last read and its forms with nothing for axe to find", async () => {
    const context = await browser.newContext();
    try {
      await signInAs(context, server, "admin");
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/bookings/calendars`);
      await page.getByRole("heading", { name: "Work" }).waitFor();
      await page.getByText("Last read").waitFor();
      expect(await page.getByText("saved", { exact: true }).count()).toBe(1);
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
