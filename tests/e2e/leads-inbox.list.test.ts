import { parse } from "csv-parse/sync";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ENQUIRY_CSV_COLUMNS } from "~/modules/leads/enquiry-export.server";
import { downloadedBytes, launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, scrollsSideways, withDatabase } from "./leads-helpers";
import { byLowerCase, freshInbox, namesInTable, seedRows } from "./leads-inbox-fixture";

/* The staff inbox's list: stats, paging, search, filters, refresh, spam folder, CSV export. */

describe("the staff inbox", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
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
    ({ context, page } = await freshInbox(server, browser, context));
  });

  it("shows the stats and the newest 20 first, pages, and keeps the view in the URL", async () => {
    await page.goto(`${server.url}/admin/enquiries`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Enquiries");
    const stats = page.getByRole("region", { name: "Enquiry statistics" });
    for (const [label, value] of [
      ["Total", "25"],
      ["New", "7"],
      ["Contacted", "6"],
      ["Qualified", "6"],
      ["Closed", "6"],
    ] as const) {
      const stat = stats.locator("div").filter({ has: page.getByText(label, { exact: true }) });
      expect(await stat.locator("dd").textContent(), label).toBe(value);
    }
    const first = await namesInTable(page);
    expect(first).toHaveLength(20);
    expect(first[0]).toBe("Esha Person24");
    expect(first[19]).toBe("Aarav Person05");
    expect(await page.getByText("Showing 1–20 of 25").count()).toBe(1);

    await page.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(() => namesInTable(page))
      .toEqual([
        "Esha Person04",
        "Divya Person03",
        "Chetan Person02",
        "bina Person01",
        "Aarav Person00",
      ]);
    await page.reload();
    expect(await namesInTable(page)).toHaveLength(5);
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("page=2"));
    await page.getByRole("link", { name: "Esha Person24" }).waitFor();
    await expect.poll(() => namesInTable(page)).toEqual(first);
  });

  it("searches names, e-mails and companies in any case, filters by status and sorts", async () => {
    await page.goto(`${server.url}/admin/enquiries`);
    await waitForAdminHydration(page);
    await page.getByLabel("Search", { exact: true }).fill("ACME");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/q=ACME/);
    // "Acme Analytics" (0, 5, …), "acme robotics" (3 is the formula company, so 8, 13, …),
    // and person 7's e-mail at acme.example.
    const acme = [
      "Divya Person23",
      "Aarav Person20",
      "Divya Person18",
      "Aarav Person15",
      "Divya Person13",
      "Aarav Person10",
      "Divya Person08",
      "Chetan Person07",
      "Aarav Person05",
      "Aarav Person00",
    ];
    await expect.poll(() => namesInTable(page)).toEqual(acme);

    await page.getByLabel("Status", { exact: true }).selectOption("qualified");
    await page.getByLabel("Sort by").selectOption("fullName");
    await page.getByLabel("Order").selectOption("asc");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/status=qualified/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "ACME",
      status: "qualified",
      // The source and campaign filters (issue 26), left at "All".
      source: "",
      campaign: "",
      sort: "fullName",
      dir: "asc",
    });
    // Qualified is every fourth from 2: 10, 18 among the acme rows.
    await expect.poll(() => namesInTable(page)).toEqual(["Aarav Person10", "Divya Person18"]);
    expect(await page.getByRole("columnheader", { name: /Name/ }).getAttribute("aria-sort")).toBe(
      "ascending",
    );

    // A shared link opens the same view.
    const other = await context.newPage();
    await other.goto(page.url());
    expect(await namesInTable(other)).toEqual(["Aarav Person10", "Divya Person18"]);
    expect(await other.getByLabel("Search", { exact: true }).inputValue()).toBe("ACME");
    expect(await other.getByLabel("Status", { exact: true }).inputValue()).toBe("qualified");
    await other.close();

    // Back returns to the previous view, form included.
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes("status=qualified"));
    await page.getByRole("link", { name: "Divya Person23" }).waitFor();
    await expect.poll(() => namesInTable(page)).toEqual(acme);
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("all");

    await page.goto(`${server.url}/admin/enquiries?sort=company&dir=asc&status=closed`);
    const companies = await page.locator("table tbody tr td:nth-child(2)").allTextContents();
    expect(companies).toHaveLength(6);
    expect(companies).toEqual([...companies].sort(byLowerCase));

    await page.goto(`${server.url}/admin/enquiries?q=nobody-like-this`);
    expect(await page.getByText("No enquiries found").count()).toBe(1);
    expect(await page.locator("table").count()).toBe(0);
  });

  it("refreshes the list in place", async () => {
    await page.goto(`${server.url}/admin/enquiries`);
    await waitForAdminHydration(page);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await withDatabase(server, (db) =>
      db
        .insertInto("enquiries")
        .values({
          ...seedRows()[0]!,
          id: "enq_fresh",
          firstName: "Fresh",
          lastName: "Arrival",
          fullName: "Fresh Arrival",
          submittedAt: new Date(Date.UTC(2026, 5, 1)).toISOString(),
        })
        .execute(),
    );
    const url = page.url();
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("link", { name: "Fresh Arrival" }).waitFor();
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });

  it("keeps spam in its own folder, where staff can restore it", async () => {
    await page.goto(`${server.url}/admin/enquiries`);
    expect(await page.getByRole("link", { name: /Spammy/ }).count()).toBe(0);
    await page.getByRole("link", { name: "Spam (3)" }).click();
    await page.waitForURL(/folder=spam/);
    await expect
      .poll(() => namesInTable(page))
      .toEqual(["Spammy Bot2", "Spammy Bot1", "Spammy Bot0"]);
    expect(await page.getByText("A hidden field people never see was filled in").count()).toBe(1);
    await page.getByRole("link", { name: "Spammy Bot0" }).click();
    await page.getByRole("button", { name: "Not spam: move to the inbox" }).click();
    await page.getByText("Moved to the inbox.").first().waitFor();
    await page.goto(`${server.url}/admin/enquiries`);
    expect(await page.getByRole("link", { name: "Spammy Bot0" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Spam (2)" }).count()).toBe(1);
  });

  it("exports exactly the filtered, sorted list as CSV, formulas neutralised", async () => {
    await page.goto(`${server.url}/admin/enquiries?q=a&status=closed&sort=company&dir=asc&page=1`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(download.suggestedFilename()).toBe(`enquiries_${today}.csv`);
    const text = (await downloadedBytes(download)).toString("utf8");
    const records: string[][] = parse(text, { bom: true });
    expect(records[0]).toEqual([...ENQUIRY_CSV_COLUMNS]);
    // Every closed enquiry whose name, e-mail or company contains "a", by company (A to Z).
    const expected = seedRows()
      .filter((row) => !row.spamReason && row.status === "closed")
      .filter((row) =>
        [row.fullName, row.email, row.company].some((v) => v.toLowerCase().includes("a")),
      )
      .sort((x, y) => byLowerCase(x.company, y.company) || byLowerCase(x.id, y.id));
    expect(records.slice(1).map((r) => r[0])).toEqual(expected.map((row) => row.fullName));
    const row3 = records.find((r) => r[0] === "Divya Person03");
    // Person 3 is closed (3 % 4), so it is in the export: formula and quotes intact but inert,
    // every field in the words its page uses (issue 24).
    expect(row3).toEqual([
      "Divya Person03",
      "person3@example.com",
      `'=HYPERLINK("http://evil.example","Click")`,
      "",
      "Equity Compensation & ESOPs",
      "Closed",
      "2026-02-01T11:00:00.000Z",
      'He said "call me"\nafter lunch',
      "Divya",
      "Person03",
      "HR Lead",
      "51-200 employees",
      "Technology",
      "Short term (1-3 months)",
      "Yes",
      "Contact form",
      "Not recorded",
      "",
      "",
      "",
    ]);
    expect(text).toContain('"He said ""call me""');

    // The whole list, not one page; and the spam folder stays out.
    const all = await page.request.get(`${server.url}/admin/enquiries/export.csv`);
    const allRecords: string[][] = parse(await all.text(), { bom: true });
    expect(allRecords).toHaveLength(26);
    expect(allRecords.some((r) => r[0]?.startsWith("Spammy"))).toBe(false);
  });

  it("is accessible on every inbox page and fits a 360 px phone", async () => {
    // An admin, who is also offered the erase page (issue 24).
    ({ context, page } = await freshInbox(server, browser, context, "admin"));
    for (const path of [
      "/admin/enquiries",
      "/admin/enquiries?folder=spam",
      "/admin/enquiries/enq_seed_03",
      "/admin/enquiries/erase",
      "/admin/subscribers",
    ]) {
      await page.goto(`${server.url}${path}`);
      await waitForAdminHydration(page);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ["/admin/enquiries", "/admin/enquiries/enq_seed_03"]) {
      await page.goto(`${server.url}${path}`);
      expect(await scrollsSideways(page), path).toBe(false);
    }
  });
});
