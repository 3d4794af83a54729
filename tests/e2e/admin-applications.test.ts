import { parse } from "csv-parse/sync";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  daysAgo,
  insertApplication,
  insertPosting,
} from "~/modules/applications/application-fixtures";
import { signInAs, type TestStaff } from "../support/auth";
import { downloadedBytes, launchBrowser, waitForAdminHydration } from "../support/browser";
import { pdfFile } from "../support/office-files";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, scrollsSideways, withDatabase } from "./leads-helpers";

/*
 * The staff's applications pages in a browser: filter to a posting, open an application, change
 * its status, add a note, download the CV (bytes compared with what was stored), export the
 * list as CSV, delete through the confirm dialog, and read the list as cards on a phone; axe
 * finds nothing on the way. The same again without JavaScript. The tests run in order on one set
 * of applications, as a story: the status changed first is the one exported next, and so on.
 */

describe("the staff's applications pages", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let staff: TestStaff;
  let page: Page;
  let cvBytes: Buffer;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    cvBytes = await pdfFile("Priya Sharma: ten years of reward consulting", 300 * 1024);
    await withDatabase(server, async (db) => {
      await insertPosting(db, { id: "reward-consultant", title: "Senior Reward Consultant" });
      await insertPosting(db, { id: "hr-analyst", title: "HR Analyst" });
      await insertApplication(db, {
        id: "app_priya",
        careerId: "reward-consultant",
        careerTitle: "Senior Reward Consultant",
        fullName: "Priya Sharma",
        email: "priya.sharma@example.com",
        phone: "+91 98765 43210",
        location: "Bengaluru",
        noticePeriod: "60 days",
        profileUrl: "https://www.linkedin.com/in/priya-sharma-example",
        coverNote: "I have built pay structures for\nthree listed companies.",
        cv: { bytes: cvBytes, fileName: "cv-priya-sharma.pdf" },
        submittedAt: daysAgo(5),
      });
      await insertApplication(db, {
        id: "app_rahul",
        careerId: "reward-consultant",
        careerTitle: "Senior Reward Consultant",
        fullName: "Rahul Verma",
        email: "rahul@example.com",
        coverNote: "=cmd|' /C calc'!A0",
        cv: null,
        submittedAt: daysAgo(6),
      });
      await insertApplication(db, {
        id: "app_anita",
        careerId: "hr-analyst",
        careerTitle: "HR Analyst",
        fullName: "Anita Desai",
        cv: null,
        submittedAt: daysAgo(4),
      });
    });
    context = await browser.newContext({ acceptDownloads: true });
    context.setDefaultTimeout(10_000);
    staff = await signInAs(context, server, "editor");
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("filters to a posting, changes an application's status with history, and keeps a note", async () => {
    await page.goto(`${server.url}/admin/applications`);
    await waitForAdminHydration(page);
    expect(await page.getByRole("link", { name: "Anita Desai" }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Posting").selectOption("reward-consultant");
    await page.getByRole("button", { name: "Apply" }).click();
    // The filter form's fields all travel in the URL (the view lives there).
    await page.waitForURL(/\/admin\/applications\?.*posting=reward-consultant/);
    await page
      .getByRole("heading", { level: 1, name: "Applications: Senior Reward Consultant" })
      .waitFor();
    expect(await page.getByRole("link", { name: "Anita Desai" }).count()).toBe(0);

    await page.getByRole("link", { name: "Priya Sharma" }).click();
    await page.waitForURL(/\/admin\/applications\/app_priya\?posting=reward-consultant$/);
    await page.getByRole("heading", { level: 1, name: "Priya Sharma" }).waitFor();
    const details = page.locator("dl").first();
    for (const text of [
      "priya.sharma@example.com",
      "+91 98765 43210",
      "Bengaluru",
      "60 days",
      "https://www.linkedin.com/in/priya-sharma-example",
      "Senior Reward Consultant",
    ]) {
      expect(await details.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    expect(await page.getByText("three listed companies.", { exact: false }).count()).toBe(1);
    await waitForAdminHydration(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("interview");
    await page.getByRole("button", { name: "Update status" }).click();
    await page.getByText("Status updated to Interview.").first().waitFor();
    const history = page.getByRole("listitem").filter({
      hasText: `New → Interview, ${staff.username} on`,
    });
    await history.waitFor();
    const stored = await withDatabase(server, (db) =>
      db
        .selectFrom("applicationStatusChanges")
        .select(["fromStatus", "toStatus", "changedBy"])
        .where("applicationId", "=", "app_priya")
        .orderBy("changedAt")
        .execute(),
    );
    expect(stored).toEqual([{ fromStatus: "new", toStatus: "interview", changedBy: staff.id }]);

    await page.getByLabel("Add a note").fill("Strong on job architecture; second round Friday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByText("Strong on job architecture; second round Friday.").waitFor();
    expect(await page.getByLabel("Add a note").inputValue()).toBe("");

    await page.getByRole("link", { name: "← Back to applications" }).click();
    await page.waitForURL(/\/admin\/applications\?posting=reward-consultant$/);
    // The rows arrive after the URL changed: wait for the new status in Priya's row.
    const row = page.getByRole("row").filter({ hasText: "Priya Sharma" });
    await row.getByText("Interview", { exact: true }).waitFor();
    expect(
      await page.getByRole("row").filter({ hasText: "Rahul Verma" }).getByText("New").count(),
    ).toBe(1);
  });

  it("downloads the CV, byte for byte what was stored, under the server's file name", async () => {
    await page.goto(`${server.url}/admin/applications/app_priya`);
    const link = page.getByRole("link", { name: "Download cv-priya-sharma.pdf" });
    expect(await page.getByText("(300 KB)").count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("cv-priya-sharma.pdf");
    const bytes = await downloadedBytes(download);
    expect(bytes.equals(cvBytes)).toBe(true);
  });

  it("exports the filtered list as CSV, formulas neutralised", async () => {
    await page.goto(
      `${server.url}/admin/applications?posting=reward-consultant&sort=fullName&dir=asc`,
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(download.suggestedFilename()).toBe(`applications_${today}.csv`);
    const records: string[][] = parse((await downloadedBytes(download)).toString("utf8"), {
      bom: true,
    });
    expect(records.map((record) => [record[0], record[6], record[7], record[9]])).toEqual([
      ["Name", "Position", "Status", "Cover Note"],
      [
        "Priya Sharma",
        "Senior Reward Consultant",
        "Interview",
        "I have built pay structures for\nthree listed companies.",
      ],
      ["Rahul Verma", "Senior Reward Consultant", "New", "'=cmd|' /C calc'!A0"],
    ]);
  });

  it("deletes an application only through the confirm dialog, with its CV, and the count goes down", async () => {
    const countOf = () =>
      withDatabase(server, (db) =>
        db
          .selectFrom("careers")
          .select("applications")
          .where("id", "=", "reward-consultant")
          .executeTakeFirstOrThrow(),
      );
    expect((await countOf()).applications).toBe(2);
    await page.goto(`${server.url}/admin/applications/app_priya?posting=reward-consultant`);
    await waitForAdminHydration(page);
    await page.getByRole("button", { name: "Delete application" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Delete application" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/admin\/applications\?posting=reward-consultant&notice=deleted$/);
    await page.getByText("Application deleted.").first().waitFor();
    expect(await page.getByRole("link", { name: "Priya Sharma" }).count()).toBe(0);
    const left = await withDatabase(server, async (db) => ({
      application: await db
        .selectFrom("applications")
        .select("id")
        .where("id", "=", "app_priya")
        .executeTakeFirst(),
      cvs: await db.selectFrom("storedFiles").select("id").where("purpose", "=", "cv").execute(),
    }));
    expect(left).toEqual({ application: undefined, cvs: [] });
    expect((await countOf()).applications).toBe(1);
  });

  it("shows each application as a card on a 360 px phone", async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 800 });
    await phone.goto(`${server.url}/admin/applications`);
    await waitForAdminHydration(phone);
    expect(await phone.locator("table").isVisible()).toBe(false);
    const cards = phone.getByRole("list", { name: "Applications" }).getByRole("listitem");
    expect(await cards.count()).toBe(2);
    const card = cards.filter({ has: phone.getByRole("link", { name: "Rahul Verma" }) });
    expect(await card.textContent()).toContain("Senior Reward Consultant");
    expect(await scrollsSideways(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);
    await card.getByRole("link", { name: "Rahul Verma" }).click();
    await phone.getByRole("heading", { level: 1, name: "Rahul Verma" }).waitFor();
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.close();
  });

  it("works without JavaScript: status, notes with their message, delete asked on the server", async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    plain.setDefaultTimeout(10_000);
    await signInAs(plain, server, "editor");
    const noJs = await plain.newPage();
    await noJs.goto(`${server.url}/admin/applications/app_anita`);
    await noJs.getByRole("combobox", { name: "Status", exact: true }).selectOption("offer");
    await noJs.getByRole("button", { name: "Update status" }).click();
    await noJs.getByText("Status updated to Offer.").waitFor();

    await noJs.getByRole("button", { name: "Add note" }).click();
    await noJs.getByText("Note is required").waitFor();
    expect(await noJs.getByLabel("Add a note").getAttribute("aria-invalid")).toBe("true");
    await noJs.getByLabel("Add a note").fill("Offer letter sent.");
    await noJs.getByRole("button", { name: "Add note" }).click();
    await noJs.getByText("Note added.").waitFor();
    expect(await noJs.getByText("Offer letter sent.").count()).toBe(1);

    await noJs.getByRole("button", { name: "Delete application" }).click();
    await noJs
      .getByText("Are you sure you want to delete this application?", { exact: false })
      .waitFor();
    await noJs.getByRole("button", { name: "Delete", exact: true }).click();
    await noJs.waitForURL(/\/admin\/applications\?notice=deleted$/);
    expect(await noJs.getByText("Application deleted.").count()).toBe(1);
    expect(await noJs.getByRole("link", { name: "Anita Desai" }).count()).toBe(0);
    await plain.close();
  });
});
