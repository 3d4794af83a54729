import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import { REQUEST_MESSAGES } from "~/modules/privacy-requests/request-fields";
import { signInAs } from "../support/auth";
import { downloadedBytes, launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import {
  axeViolations,
  backdateFormToken,
  newVisitor,
  scrollsSideways,
  withDatabase,
} from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * Issue 27, the person's rights (decision 0062), in a browser with a real mail catcher: a visitor
 * asks to see their data, enters the code from the mail and downloads it; another asks without
 * JavaScript, on a phone, to be erased, and staff carry it out from the admin. The page is clean for axe.
 */

describe("privacy requests", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ TRUST_PROXY: "true", SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  /** Asks for a code on /privacy/requests and enters it from the mail that arrives. */
  async function requestWithCode(page: Page, email: string, kind: string) {
    await page.getByLabel("Your email").fill(email);
    await page.getByLabel("What would you like us to do?").selectOption({ label: kind });
    await backdateFormToken(page);
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByRole("status").filter({ hasText: REQUEST_MESSAGES.codeSent }).waitFor();
    const mails = await smtp.waitForMessages(before + 1, 20_000);
    const mail = mails.slice(before).find((m) => m.envelopeTo.includes(email));
    const code = /Your code is (\d{6})/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel("Code from the e-mail").fill(code);
    await page.getByRole("button", { name: "Confirm my request" }).click();
  }

  it("gives a visitor their data as a download once the mailed code is entered", async () => {
    const email = "asha.access@example.in";
    await withDatabase(server, (db) => insertEnquiry(db, { email, company: "Lotus Fintech" }));
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/privacy/requests`);
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await requestWithCode(page, email, "See the data you hold about me (a download)");
    await page.getByRole("heading", { name: "Your data is ready" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download as JSON (every value in full)" }).click(),
    ]);
    const report = JSON.parse((await downloadedBytes(download)).toString("utf8"));
    expect(report.email).toBe(email);
    expect(JSON.stringify(report.sections)).toContain("Lotus Fintech");
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download as PDF (readable)" }).click(),
    ]);
    expect((await downloadedBytes(pdf)).subarray(0, 5).toString()).toBe("%PDF-");
    await context.close();
  });

  it("takes an erasure request without JavaScript, and staff carry it out", async () => {
    const email = "ravi.erase@example.in";
    await withDatabase(server, (db) => insertEnquiry(db, { email }));
    // On a 360 px phone.
    const context = await newVisitor(browser, { javaScript: false, width: 360 });
    const page = await context.newPage();
    await page.goto(`${server.url}/privacy/requests`);
    expect(await scrollsSideways(page)).toBe(false);
    await requestWithCode(page, email, "Erase my data");
    await page.getByRole("heading", { name: "We have your request" }).waitFor();
    await context.close();

    const staff = await newVisitor(browser);
    await signInAs(staff, server, "admin");
    const admin = await staff.newPage();
    await admin.goto(`${server.url}/admin/privacy-requests`);
    await admin.getByRole("link", { name: email }).click();
    await admin.getByRole("heading", { name: `Privacy request: ${email}` }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await admin.getByLabel("I have checked that no law requires us to keep this data").check();
    const before = smtp.messages.length;
    await admin.getByRole("button", { name: "Erase everything from this address" }).click();
    await admin.getByRole("status").filter({ hasText: "Erased everything" }).waitFor();
    const left = await withDatabase(server, (db) =>
      db.selectFrom("enquiries").select("id").where("email", "=", email).execute(),
    );
    expect(left).toEqual([]);
    const told = await smtp.waitForMessages(before + 1, 20_000);
    expect(told.slice(before).find((m) => m.envelopeTo.includes(email))?.subject).toBe(
      "Your privacy request (erasure) is done",
    );
    await admin.goto(`${server.url}/admin/activity`);
    await admin.getByText("Completed a privacy request (erasure)").first().waitFor();
    await staff.close();
  });
});
