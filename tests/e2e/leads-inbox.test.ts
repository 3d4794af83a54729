import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewEnquiryRow } from "~/db/schema";
import { signInAs, type TestStaff } from "../support/auth";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, scrollsSideways, withDatabase } from "./leads-helpers";

/*
 * The staff inbox against a known set of enquiries: 25 ordinary ones an hour apart (the newest
 * last) and 3 held back as spam.
 */

const STATUSES = ["new", "contacted", "qualified", "closed"] as const;
const FIRST_NAMES = ["Aarav", "bina", "Chetan", "Divya", "Esha"];
const COMPANIES = ["Acme Analytics", "Banyan Bank", "Cedar Health", "acme robotics", "Delta Law"];

function seedRows(): NewEnquiryRow[] {
  const rows: NewEnquiryRow[] = [];
  for (let i = 0; i < 25; i++) {
    const firstName = FIRST_NAMES[i % 5]!;
    const lastName = `Person${String(i).padStart(2, "0")}`;
    rows.push({
      id: `enq_seed_${String(i).padStart(2, "0")}`,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      email: i === 7 ? "someone@acme.example" : `person${i}@example.com`,
      company: i === 3 ? '=HYPERLINK("http://evil.example","Click")' : COMPANIES[i % 5]!,
      title: "HR Lead",
      phone: i % 2 === 0 ? `+91 98100 000${String(i).padStart(2, "0")}` : "",
      companySize: "51-200",
      industry: "technology",
      service: "equity",
      timeline: "short",
      message: i === 3 ? 'He said "call me"\nafter lunch' : `Message ${i}`,
      newsletter: i % 3 === 0,
      submittedAt: new Date(Date.UTC(2026, 1, 1, 8) + i * 3_600_000).toISOString(),
      status: STATUSES[i % 4]!,
      source: "contact_form",
      spamReason: null,
      updatedAt: null,
    });
  }
  for (let i = 0; i < 3; i++) {
    rows.push({
      ...rows[0]!,
      id: `enq_spam_${i}`,
      firstName: "Spammy",
      lastName: `Bot${i}`,
      fullName: `Spammy Bot${i}`,
      email: `bot${i}@spam.example`,
      company: "Cheap Pills",
      submittedAt: new Date(Date.UTC(2026, 1, 3) + i * 60_000).toISOString(),
      status: "new",
      spamReason: i === 0 ? "honeypot" : "too_fast",
    });
  }
  return rows;
}

/** Text order as the database sorts lower-cased text (code points). */
const byLowerCase = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The names in the table, top to bottom. */
const namesInTable = (page: Page) =>
  page.locator("table tbody tr td:first-child").allTextContents();

describe("the staff inbox", () => {
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
    await withDatabase(server, async (db) => {
      await db.deleteFrom("enquiries").execute();
      await db.insertInto("enquiries").values(seedRows()).execute();
    });
    await context?.close();
    context = await browser.newContext({ acceptDownloads: true });
    context.setDefaultTimeout(10_000);
    staff = await signInAs(context, server, "editor");
    page = await context.newPage();
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

  it("shows every field, changes the status with who and when, and keeps internal notes", async () => {
    await page.goto(`${server.url}/admin/enquiries?status=new`);
    await page.getByRole("link", { name: "Esha Person24" }).click();
    await page.waitForURL(/\/admin\/enquiries\/enq_seed_24\?status=new$/);
    await page.getByRole("heading", { level: 1, name: "Esha Person24" }).waitFor();
    const details = page.locator("dl").first();
    for (const text of [
      "person24@example.com",
      "Delta Law",
      "HR Lead",
      "+91 98100 00024",
      "51-200 employees",
      "Technology",
      "Equity Compensation & ESOPs",
      "Short term (1-3 months)",
      "Contact form",
    ]) {
      expect(await details.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    expect(await page.getByText("Message 24", { exact: true }).count()).toBe(1);

    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("qualified");
    await page.getByRole("button", { name: "Update status" }).click();
    await page.getByText("Status changed to Qualified.").first().waitFor();
    await page.getByText(`New → Qualified by ${staff.username}`).waitFor();

    const stored = await withDatabase(server, async (db) => ({
      enquiry: await db
        .selectFrom("enquiries")
        .select(["status", "updatedAt"])
        .where("id", "=", "enq_seed_24")
        .executeTakeFirstOrThrow(),
      history: await db
        .selectFrom("enquiryStatusChanges")
        .selectAll()
        .where("enquiryId", "=", "enq_seed_24")
        .execute(),
    }));
    expect(stored.enquiry.status).toBe("qualified");
    expect(Date.parse(stored.enquiry.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(stored.history).toMatchObject([
      { fromStatus: "new", toStatus: "qualified", changedBy: staff.id },
    ]);

    // Saving the status it already has says so and writes no history.
    await page.getByRole("button", { name: "Update status" }).click();
    await page.getByText("Status is already Qualified.").first().waitFor();
    const historyAfter = await withDatabase(server, (db) =>
      db
        .selectFrom("enquiryStatusChanges")
        .select("id")
        .where("enquiryId", "=", "enq_seed_24")
        .execute(),
    );
    expect(historyAfter).toHaveLength(1);

    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByText("Note is required").waitFor();
    expect(await page.getByLabel("Add a note").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Add a note").fill("Called; proposal on Monday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByText("Called; proposal on Monday.").waitFor();
    expect(await page.getByText(new RegExp(`^${staff.username}, `)).count()).toBe(1);
    expect(await page.getByLabel("Add a note").inputValue()).toBe("");

    // Back keeps the list's view.
    await page.getByRole("link", { name: "← Back to enquiries" }).click();
    await page.waitForURL(/\/admin\/enquiries\?status=new$/);

    const audit = await withDatabase(server, (db) =>
      db
        .selectFrom("auditLog")
        .select(["action", "actorId"])
        .where("entityId", "=", "enq_seed_24")
        .execute(),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(["note", "status"]);
    expect(audit.every((a) => a.actorId === staff.id)).toBe(true);
  });

  it("deletes only after the confirm dialog, with the spec's question", async () => {
    await page.goto(`${server.url}/admin/enquiries/enq_seed_10?q=acme`);
    await waitForAdminHydration(page);
    await page.getByRole("button", { name: "Delete enquiry" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.getByText("Are you sure you want to delete this enquiry?").count()).toBe(1);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    const exists = () =>
      withDatabase(server, (db) =>
        db.selectFrom("enquiries").select("id").where("id", "=", "enq_seed_10").executeTakeFirst(),
      );
    expect(await exists()).toBeDefined();

    await page.getByRole("button", { name: "Delete enquiry" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/admin\/enquiries\?q=acme&notice=deleted$/);
    await page.getByText("Enquiry deleted.").first().waitFor();
    expect(await exists()).toBeUndefined();
    expect(await page.getByRole("link", { name: "Aarav Person10" }).count()).toBe(0);
  });

  it("asks the same question on the server when JavaScript is off", async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await signInAs(plain, server, "editor");
    const noJs = await plain.newPage();
    await noJs.goto(`${server.url}/admin/enquiries/enq_seed_11`);
    await noJs.getByRole("button", { name: "Delete enquiry" }).click();
    await noJs.getByText("Are you sure you want to delete this enquiry?").waitFor();
    await noJs.getByRole("button", { name: "Delete", exact: true }).click();
    await noJs.waitForURL(/notice=deleted/);
    expect(await noJs.getByText("Enquiry deleted.").count()).toBe(1);
    await plain.close();
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
    const text = readFileSync((await download.path())!, "utf8");
    const records: string[][] = parse(text, { bom: true });
    expect(records[0]).toEqual([
      "Name",
      "Email",
      "Company",
      "Phone",
      "Service",
      "Status",
      "Submitted At",
      "Message",
    ]);
    // Every closed enquiry whose name, e-mail or company contains "a", by company (A to Z).
    const expected = seedRows()
      .filter((row) => !row.spamReason && row.status === "closed")
      .filter((row) =>
        [row.fullName, row.email, row.company].some((v) => v.toLowerCase().includes("a")),
      )
      .sort((x, y) => byLowerCase(x.company, y.company) || byLowerCase(x.id, y.id));
    expect(records.slice(1).map((r) => r[0])).toEqual(expected.map((row) => row.fullName));
    const row3 = records.find((r) => r[0] === "Divya Person03");
    // Person 3 is closed (3 % 4), so it is in the export: formula and quotes intact but inert.
    expect(row3).toEqual([
      "Divya Person03",
      "person3@example.com",
      `'=HYPERLINK("http://evil.example","Click")`,
      "",
      "equity",
      "closed",
      "2026-02-01T11:00:00.000Z",
      'He said "call me"\nafter lunch',
    ]);
    expect(text).toContain('"He said ""call me""');

    // The whole list, not one page; and the spam folder stays out.
    const all = await page.request.get(`${server.url}/admin/enquiries/export.csv`);
    const allRecords: string[][] = parse(await all.text(), { bom: true });
    expect(allRecords).toHaveLength(26);
    expect(allRecords.some((r) => r[0]?.startsWith("Spammy"))).toBe(false);
  });

  it("is accessible on every inbox page and fits a 360 px phone", async () => {
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

  it("erases a person's enquiries and subscription, recording it without the address", async () => {
    await withDatabase(server, async (db) => {
      await db
        .updateTable("enquiries")
        .set({ email: "Erase.Me@example.com" })
        .where("id", "in", ["enq_seed_01", "enq_seed_02"])
        .execute();
      await db
        .insertInto("newsletterSubscribers")
        .values({
          id: "sub_erase",
          email: "erase.me@example.com",
          status: "subscribed",
          source: "footer:/",
          consentText: "ok",
          consentedAt: new Date().toISOString(),
          confirmedAt: null,
          unsubscribedAt: null,
          token: "erase-token",
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute();
    });
    await page.goto(`${server.url}/admin/enquiries`);
    await page.getByRole("link", { name: "Erase a person" }).click();
    await page.waitForURL(/\/admin\/enquiries\/erase$/);
    await waitForAdminHydration(page);
    await page.getByLabel("E-mail address").fill("erase.me@example.com");
    await page.getByRole("button", { name: "Erase this person" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Erase" }).click();
    await page
      .getByText(
        "Erased erase.me@example.com: 2 enquiries, the newsletter subscription, 0 e-mails.",
      )
      .first()
      .waitFor();
    const left = await withDatabase(server, async (db) => ({
      enquiries: await db
        .selectFrom("enquiries")
        .select("id")
        .where("id", "in", ["enq_seed_01", "enq_seed_02"])
        .execute(),
      subscriber: await db
        .selectFrom("newsletterSubscribers")
        .select("id")
        .where("id", "=", "sub_erase")
        .executeTakeFirst(),
      audit: await db.selectFrom("auditLog").selectAll().where("action", "=", "erase").execute(),
    }));
    expect(left.enquiries).toEqual([]);
    expect(left.subscriber).toBeUndefined();
    expect(left.audit).toHaveLength(1);
    expect(left.audit[0]).toMatchObject({ actorId: staff.id, entityType: "person" });
    expect(JSON.stringify(left.audit[0])).not.toContain("erase.me");
  });
});

describe("the subscribers page", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await withDatabase(server, (db) =>
      db
        .insertInto("newsletterSubscribers")
        .values(
          ["ana@alpha.example", "ben@beta.example", "cara@alpha.example", "dev@gamma.example"].map(
            (email, i) => ({
              id: `sub_${i}`,
              email,
              status: ["subscribed", "pending", "unsubscribed", "subscribed"][i]!,
              source: i === 3 ? "=cmd|' /C calc'!A0" : "footer:/",
              consentText: "Send me the newsletter by e-mail. No spam. Unsubscribe anytime.",
              consentedAt: new Date(Date.UTC(2026, 0, 10 + i)).toISOString(),
              confirmedAt: null,
              unsubscribedAt: null,
              token: `token_${i}`,
              createdAt: new Date(Date.UTC(2026, 0, 10 + i)).toISOString(),
              updatedAt: new Date(Date.UTC(2026, 0, 10 + i)).toISOString(),
            }),
          ),
        )
        .execute(),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists, searches, filters by status, exports and erases one", async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    context.setDefaultTimeout(10_000);
    await signInAs(context, server, "editor");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/subscribers`);
    const emails = () => page.locator("table tbody tr td:first-child").allTextContents();
    expect(await emails()).toEqual([
      "dev@gamma.example",
      "cara@alpha.example",
      "ben@beta.example",
      "ana@alpha.example",
    ]);
    await page.getByLabel("Search", { exact: true }).fill("ALPHA");
    await page.getByLabel("Status", { exact: true }).selectOption("subscribed");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/q=ALPHA&status=subscribed/);
    await expect.poll(emails).toEqual(["ana@alpha.example"]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers_\d{4}-\d{2}-\d{2}\.csv$/);
    const records: string[][] = parse(readFileSync((await download.path())!, "utf8"), {
      bom: true,
    });
    expect(records.map((r) => r[0])).toEqual(["Email", "ana@alpha.example"]);
    const everything: string[][] = parse(
      await (await page.request.get(`${server.url}/admin/subscribers/export.csv`)).text(),
      { bom: true },
    );
    expect(everything.find((r) => r[0] === "dev@gamma.example")?.[2]).toBe("'=cmd|' /C calc'!A0");

    await page.goto(`${server.url}/admin/subscribers`);
    await waitForAdminHydration(page);
    await page.getByRole("button", { name: "Erase ben@beta.example" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/Are you sure you want to erase this subscriber\?/).waitFor();
    await dialog.getByRole("button", { name: "Erase" }).click();
    await page.getByText("Erased ben@beta.example.").first().waitFor();
    await page
      .getByRole("button", { name: "Erase ben@beta.example" })
      .waitFor({ state: "detached" });
    await page.goto(`${server.url}/admin/subscribers?q=nobody`);
    expect(await page.getByText("No subscribers found").count()).toBe(1);
    await context.close();
  });
});
