import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  consultantFixture,
} from "~/modules/bookings/booking-fixtures";
import { formatInZone, formatIst } from "~/modules/bookings/booking-time";
import { waitForAdminHydration } from "../support/browser";
import type { TestServer } from "../support/server";
import { signedInAdmin, startSite, withDatabase } from "./admin-staff-kit";
import { axeViolations, scrollsSideways } from "./leads-helpers";

/*
 * A booking in the staff inbox, in a browser: the list's line with the slot (as a row and as a
 * phone's card), the enquiry's "Consultation" panel with its link to the booking, axe clean and
 * nothing sideways on a 360 px phone.
 */

const DAY = 24 * 60 * 60 * 1000;

describe("a booking in the staff inbox", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let booking: { id: string; startsAt: string; enquiryId: string };

  beforeAll(async () => {
    ({ server, browser } = await startSite());
    ({ page } = await signedInAdmin(browser, server));
    page.setDefaultTimeout(10_000);
    booking = await withDatabase(server, async (db) => {
      const { consultant } = await consultantFixture(db, { name: "Meera Rao" });
      const now = new Date();
      const [slot] = await findFreeSlots(db, {
        from: new Date(now.getTime() + DAY),
        to: new Date(now.getTime() + 8 * DAY),
        now,
        consultantId: consultant.id,
      });
      const outcome = await bookConsultation(
        db,
        bookingRequest(slot!.startsAt, {
          firstName: "Kavya",
          lastName: "Booker",
          timeZone: "America/Los_Angeles",
        }),
        bookingContext(now),
      );
      if (outcome.status !== "booked") throw new Error(`Not booked: ${outcome.status}`);
      return outcome.booking;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the slot in the list and on the enquiry's page, which links to the booking", async () => {
    await page.goto(`${server.url}/admin/enquiries`);
    const row = page.getByRole("row").filter({ hasText: "Kavya Booker" });
    await row.getByText(`Consultation: ${formatIst(booking.startsAt)}`).waitFor();

    await row.getByRole("link", { name: "Kavya Booker" }).click();
    await page.waitForURL(new RegExp(`/admin/enquiries/${booking.enquiryId}$`));
    const panel = page.getByRole("region", { name: "Consultation" });
    await panel.getByText(formatIst(booking.startsAt)).waitFor();
    await panel.getByText(formatInZone(booking.startsAt, "America/Los_Angeles")).waitFor();
    await panel.getByText("Meera Rao").waitFor();
    await panel.getByText("Booked", { exact: true }).waitFor();
    await waitForAdminHydration(page);
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByRole("link", { name: "Open the booking" }).click();
    await page.waitForURL(new RegExp(`/admin/bookings/${booking.id}$`));
  });

  it("reads well on a 360 px phone: the card has the slot, the page scrolls only down", async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.url}/admin/enquiries`);
    await page
      .getByRole("listitem")
      .filter({ hasText: "Kavya Booker" })
      .getByText(`Consultation: ${formatIst(booking.startsAt)}`)
      .waitFor();
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto(`${server.url}/admin/enquiries/${booking.enquiryId}`);
    await page.getByRole("region", { name: "Consultation" }).waitFor();
    await waitForAdminHydration(page);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});
