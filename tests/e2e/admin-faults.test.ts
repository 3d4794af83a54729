import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { signInAs } from "../support/auth";
import { waitForAdminHydration } from "../support/browser";
import type { TestServer } from "../support/server";
import { startSite, withDatabase } from "./admin-staff-kit";

/*
 * Issue 24, "Faults found on the way", the admin's: each as the staff member who met it sees it.
 */

/**
 * What sticks out of the page: the document's sideways scroll, and every control or heading in
 * the main area whose box ends beyond the main area's right edge (cut off or pushed out of view).
 */
async function cutOff(page: Page) {
  return page.evaluate(() => {
    const main = document.getElementById("admin-main");
    if (!main) throw new Error("No admin main area");
    const edge = main.getBoundingClientRect().right;
    const outside = [...main.querySelectorAll("input, select, button, label, h2, h3, a")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > edge + 0.5;
      })
      .map((element) => element.textContent?.trim() || element.getAttribute("name") || "?");
    return {
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      outside,
    };
  });
}

describe("the admin's faults found on the way", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startSite());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([1280, 360])(
    "shows consultants and hours at %i px without sideways scrolling, every column in view",
    async (width) => {
      await withDatabase(server, (db) => consultantFixture(db, { name: `Meera Rao ${width}` }));
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await signInAs(context, server, "admin");
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/bookings/availability`);
      await waitForAdminHydration(page);
      await page.getByRole("heading", { name: "Weekly hours (IST)" }).waitFor();
      // The last column of the week: each day's second end time.
      const sundaySecondEnd = page.getByLabel("Sunday second end");
      await sundaySecondEnd.waitFor();
      expect(await cutOff(page)).toEqual({ sideways: 0, outside: [] });
      await context.close();
    },
  );
});
