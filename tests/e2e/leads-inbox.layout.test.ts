import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestStaff } from "../support/auth";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, scrollsSideways, withDatabase } from "./leads-helpers";
import { freshInbox, seedRows } from "./leads-inbox-fixture";

/*
 * The staff inbox as it reads on a laptop and on a phone (issue 12, item 8), and the enquiry
 * page's "Last status change" (item 10).
 */

/** An enquiry with the long values real people send, that squeezed the table into stacks. */
const LONG_VALUES = {
  ...seedRows()[0]!,
  id: "enq_long_values",
  firstName: "Venkatanarasimha",
  lastName: "Raghavendra Subramaniam",
  fullName: "Venkatanarasimha Raghavendra Subramaniam",
  email: "venkatanarasimha.subramaniam@tataconsultancyservices.example.com",
  company: "Tata Consultancy Services Employee Benefits Trust Private Limited",
  service: "executive",
  submittedAt: new Date(Date.UTC(2026, 5, 1)).toISOString(),
};

/** Each table cell whose text runs over more than two lines, as "row/column: lines". */
function tallCells(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("table tbody tr")].flatMap((row, rowIndex) =>
      [...row.querySelectorAll("td")].flatMap((cell, column) => {
        // The height of what the cell shows, not of the cell (which is as tall as its row): its
        // elements' boxes (text an element clips is not shown) and its own text's lines.
        const heights = [...cell.childNodes].map((node) => {
          if (node instanceof Element) return node.getBoundingClientRect().height;
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getBoundingClientRect().height;
        });
        const lines =
          Math.max(0, ...heights) / Number.parseFloat(getComputedStyle(cell).lineHeight);
        return lines > 2.05 ? [`${rowIndex}/${column}: ${lines.toFixed(1)} lines`] : [];
      }),
    ),
  );
}

/** How much wider than its box the table is (0 when it fits without scrolling sideways). */
const tableOverflow = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector("table");
    const box = table?.parentElement;
    return table && box ? Math.max(0, table.scrollWidth - box.clientWidth) : -1;
  });

const visibleHeaders = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("table thead th")]
      .filter((th) => (th as HTMLElement).offsetParent !== null)
      .map((th) => th.textContent?.replace(/[▲▼]/g, "").trim()),
  );

describe("the staff inbox's layout", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let staff: TestStaff;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    ({ context, staff, page } = await freshInbox(server, browser, context));
    await withDatabase(server, (db) => db.insertInto("enquiries").values(LONG_VALUES).execute());
  });

  for (const width of [1280, 1024]) {
    it(`reads as a table at ${width} px: one or two lines per cell, nothing sideways`, async () => {
      await page.setViewportSize({ width, height: 900 });
      // The columns that matter most, shown at every width from 1024 px.
      for (const [path, wanted] of [
        ["/admin/enquiries", ["Name", "Company", "Service", "Status", "Submitted"]],
        ["/admin/enquiries?folder=spam", ["Name", "Company", "Status", "Held back because"]],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await waitForAdminHydration(page);
        expect(await page.locator("table").isVisible(), path).toBe(true);
        expect(await tallCells(page), path).toEqual([]);
        expect(await tableOverflow(page), path).toBe(0);
        expect(await scrollsSideways(page), path).toBe(false);
        const headers = await visibleHeaders(page);
        for (const header of wanted) expect(headers, `${path} at ${width}`).toContain(header);
      }
      // A cut-short value can still be read in full: the link's name and the cell's title.
      await page.goto(`${server.url}/admin/enquiries`);
      const link = page.getByRole("link", { name: LONG_VALUES.fullName });
      expect(await link.count()).toBe(1);
      expect(await link.isVisible()).toBe(true);
    });
  }

  it("shows each enquiry as a card on a 360 px phone, and no table", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${server.url}/admin/enquiries`);
    await waitForAdminHydration(page);
    expect(await page.locator("table").isVisible()).toBe(false);
    expect(await scrollsSideways(page)).toBe(false);
    const cards = page.getByRole("list", { name: "Enquiries" }).getByRole("listitem");
    expect(await cards.count()).toBe(20);
    const card = cards.filter({ has: page.getByRole("link", { name: LONG_VALUES.fullName }) });
    expect(await card.count()).toBe(1);
    expect(await card.isVisible()).toBe(true);
    const text = await card.textContent();
    for (const part of ["New", "Executive Compensation", "1 Jun 2026"]) {
      expect(text, part).toContain(part);
    }
    // Every card fits the screen.
    const widest = await cards.evaluateAll((items) =>
      Math.max(...items.map((item) => item.getBoundingClientRect().right)),
    );
    expect(widest).toBeLessThanOrEqual(360);
    // The card's link opens the enquiry.
    await card.getByRole("link", { name: LONG_VALUES.fullName }).click();
    await page.getByRole("heading", { level: 1, name: LONG_VALUES.fullName }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto(`${server.url}/admin/enquiries?folder=spam`);
    const spam = page.getByRole("list", { name: "Enquiries held back as spam" });
    expect(await spam.getByRole("listitem").count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("says on the enquiry page who last changed the status, and when", async () => {
    await page.goto(`${server.url}/admin/enquiries/enq_seed_24`);
    await waitForAdminHydration(page);
    const lastChange = page
      .locator("dl div")
      .filter({ has: page.getByText("Last status change", { exact: true }) })
      .locator("dd");
    expect(await lastChange.textContent()).toBe("Never changed");

    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Update status" }).click();
    await page.getByText("Status changed to Contacted.").first().waitFor();
    await expect
      .poll(() => lastChange.textContent())
      .toMatch(
        new RegExp(
          `^${staff.username} on \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{1,2}:\\d{2} [ap]m IST$`,
        ),
      );
    const stored = await withDatabase(server, (db) =>
      db
        .selectFrom("enquiryStatusChanges")
        .select("changedAt")
        .where("enquiryId", "=", "enq_seed_24")
        .executeTakeFirstOrThrow(),
    );
    expect(await lastChange.locator("time").getAttribute("dateTime")).toBe(stored.changedAt);
  });
});
