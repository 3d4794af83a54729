import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatIndiaDate, formatIndiaDateTime } from "~/lib/india-format";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import { bookingContext, bookingRequest } from "~/modules/bookings/booking-fixtures";
import { currentMonday } from "~/modules/bookings/booking-query";
import { addDaysToKey, dateKeyOf } from "~/modules/bookings/booking-time";
import type { TestStaff } from "../support/auth";
import { runAxe } from "../support/axe";
import { animationsEnded, openAdminPage, waitForAdminHydration } from "../support/browser";
import type { TestServer } from "../support/server";
import { signedInAdmin, startSite, toast, withDatabase } from "./admin-staff-kit";

/*
 * The staff's bookings pages in a browser, as a story: an admin makes themself a consultant,
 * sets weekly hours and blocks a date; a visitor's booking (made through the module, as the
 * booking page will) shows in the list and in the week view; the admin moves it to another free
 * slot and cancels it through the confirm dialog. Axe finds nothing on each page.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Axe once the page has settled (the admin's page-enter fade changes colours until it ends). */
async function axe(page: Page) {
  await waitForAdminHydration(page);
  await animationsEnded(page);
  return runAxe(page);
}

describe("the staff's bookings pages", () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestStaff;
  let page: Page;
  let startsAt: string;
  let bookingId: string;

  beforeAll(async () => {
    ({ server, browser } = await startSite());
    ({ admin, page } = await signedInAdmin(browser, server));
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("says where bookings come from while there are none", async () => {
    await openAdminPage(page, `${server.url}/admin/bookings`);
    await page.getByRole("heading", { level: 1, name: "Bookings" }).waitFor();
    await page.getByText("Visitors' bookings will appear here", { exact: false }).waitFor();
    expect(await axe(page)).toEqual([]);
  });

  it("makes the admin a consultant, sets weekly hours and blocks a date", async () => {
    await openAdminPage(page, `${server.url}/admin/bookings/availability`);
    await page.getByText("No consultants yet.", { exact: false }).waitFor();
    expect(await axe(page)).toEqual([]);

    await page.getByLabel("Staff member").selectOption(admin.id);
    await page.getByLabel("Display name").fill("Asha Rao");
    await page.getByRole("button", { name: "Add consultant" }).click();
    await page.waitForURL(/\/admin\/bookings\/availability\?consultant=.+&notice=added/);
    await page.getByRole("heading", { name: "Asha Rao: details" }).waitFor();

    for (const day of [
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]) {
      await page.getByLabel(`${day} start`).fill("09:00");
      await page.getByLabel(`${day} end`).fill("18:00");
    }
    // A mistake first: the message sits at its field and the typed times stay.
    await page.getByLabel("Sunday end").fill("09:10");
    await page.getByRole("button", { name: "Save weekly hours" }).click();
    await page
      .getByText("Sunday: End time must be at least 30 minutes after the start time")
      .waitFor();
    expect(await page.getByLabel("Monday start").inputValue()).toBe("09:00");
    await page.getByLabel("Sunday end").fill("18:00");
    await page.getByRole("button", { name: "Save weekly hours" }).click();
    await toast(page, "Weekly hours saved.").waitFor();

    const blocked = addDaysToKey(dateKeyOf(new Date()), 20);
    await page.getByLabel("Date to block").fill(blocked);
    await page.getByLabel("Note (optional)").fill("Diwali");
    await page.getByRole("button", { name: "Block date" }).click();
    await toast(page, `${blocked} blocked. No bookings that day.`).waitFor();
    await page.getByText(`${formatIndiaDate(blocked)} (Diwali)`).waitFor();
    expect(await axe(page)).toEqual([]);
  });

  it("shows a visitor's booking in the list and in the week view", async () => {
    await withDatabase(server, async (db) => {
      const now = new Date();
      const [slot] = await findFreeSlots(db, {
        from: new Date(now.getTime() + DAY),
        to: new Date(now.getTime() + 3 * DAY),
        now,
      });
      const outcome = await bookConsultation(
        db,
        bookingRequest(slot!.startsAt, { firstName: "Meera", lastName: "Shah" }),
        bookingContext(now),
      );
      if (outcome.status !== "booked") throw new Error(outcome.status);
      startsAt = outcome.booking.startsAt;
      bookingId = outcome.booking.id;
    });

    await openAdminPage(page, `${server.url}/admin/bookings`);
    const row = page.getByRole("row").filter({ hasText: "Meera Shah" });
    await row.getByText(formatIndiaDateTime(startsAt)).waitFor();
    await row.getByText("Asha Rao").waitFor();
    await row.getByRole("link", { name: "Enquiry of Meera Shah" }).waitFor();
    expect(await axe(page)).toEqual([]);

    await page.getByRole("link", { name: "Week", exact: true }).click();
    await page.waitForURL(/view=week/);
    if (currentMonday() !== currentMonday(new Date(startsAt))) {
      await page.getByRole("link", { name: "Next week" }).click();
      await page.waitForURL(/week=\d{4}-\d{2}-\d{2}/);
    }
    const column = page.locator(`[data-date="${dateKeyOf(startsAt)}"]`);
    const time = formatIndiaDateTime(startsAt).match(/(\d+):(\d+) (am|pm)/)!;
    const hour = (Number(time[1]) % 12) + (time[3] === "pm" ? 12 : 0);
    const label = `${String(hour).padStart(2, "0")}:${time[2]} Meera Shah`;
    await column.getByRole("link", { name: label }).waitFor();
    expect(await axe(page)).toEqual([]);
  });

  it("moves the booking to another free slot, then cancels it through the dialog", async () => {
    await openAdminPage(page, `${server.url}/admin/bookings/${bookingId}`);
    await page.getByRole("heading", { level: 1, name: "Consultation with Meera Shah" }).waitFor();
    expect(await axe(page)).toEqual([]);

    const choice = page.locator('input[name="startsAt"]').nth(3);
    const target = (await choice.getAttribute("value")) ?? "";
    expect(target).not.toBe(startsAt);
    await choice.check();
    await page.getByRole("button", { name: "Move booking" }).click();
    await toast(page, "Booking moved.").waitFor();
    await page.getByText(formatIndiaDateTime(target)).first().waitFor();

    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await toast(page, "Booking cancelled.").waitFor();
    await page.getByText("Cancelled", { exact: true }).first().waitFor();
    expect(await page.getByRole("button", { name: "Move booking" }).count()).toBe(0);

    await openAdminPage(page, `${server.url}/admin/bookings?status=cancelled`);
    await page.getByRole("row").filter({ hasText: "Meera Shah" }).getByText("Cancelled").waitFor();
  });
});
