import { parse } from "csv-parse/sync";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signInAs, type TestStaff } from "../support/auth";
import { downloadedBytes, launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { withDatabase } from "./leads-helpers";
import { freshInbox } from "./leads-inbox-fixture";

/*
 * One enquiry in the staff inbox (fields, status, notes, delete), erasing a person, and the
 * subscribers page.
 */

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
    ({ context, staff, page } = await freshInbox(server, browser, context));
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

  it("erases a person's enquiries and subscription, recording it without the address", async () => {
    // Erasure is for admins (issue 24).
    ({ context, staff, page } = await freshInbox(server, browser, context, "admin"));
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
        "Erased erase.me@example.com: 2 enquiries, 0 job applications, the newsletter subscription, 0 e-mails.",
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
    // An admin: erasing a subscriber is for admins (issue 24).
    await signInAs(context, server, "admin");
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
    const records: string[][] = parse((await downloadedBytes(download)).toString("utf8"), {
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
