import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { axeViolations } from "./leads-helpers";

/*
 * Issue 27 (decision 0063), end to end with a real mail catcher: an admin records a breach,
 * lists the person affected, approves the prepared notice, and the notice arrives; the dashboard
 * shows the 72-hour clock to the Board's report. Everything else is tested without a browser
 * (tests/integration/routes/admin-breaches.test.ts).
 */

describe("the breach register", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it("records a breach, sends the approved notice to the person affected, and shows the clock", async () => {
    const context = await browser.newContext();
    await signInAs(context, server, "admin");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/breaches`);
    // Found an hour ago, in IST as the field takes it.
    const found = new Date(Date.now() + (5.5 - 1) * 60 * 60 * 1000).toISOString().slice(0, 16);
    await page.getByLabel("Short name").fill("Export mailed to the wrong client");
    await page.getByLabel("Found on (IST)").fill(found);
    await page.getByLabel("What happened").fill("An enquiries export went to the wrong client.");
    await page.getByLabel("What personal data").fill("Names, e-mail addresses and phone numbers.");
    await page.getByLabel("Whose data").fill("People who sent an enquiry in October.");
    await page.getByRole("button", { name: "Record the breach" }).click();
    await page.getByRole("heading", { name: "Export mailed to the wrong client" }).waitFor();

    await page.getByLabel("Add people").fill("Meera Iyer <meera@example.in>");
    await page.getByRole("button", { name: "Add to the list" }).click();
    await page.getByText("meera@example.in>: not told yet").waitFor();

    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Approve and send to 1 person" }).click();
    await page.getByText("meera@example.in>: told").waitFor();
    const mails = await smtp.waitForMessages(before + 1, 20_000);
    const notice = mails.slice(before).find((m) => m.envelopeTo.includes("meera@example.in"));
    expect(notice?.subject).toBe(
      "A personal data breach that affects your data (Total Rewards Consulting)",
    );
    expect(notice?.text).toContain("An enquiries export went to the wrong client.");
    // The breach's own page (the list is in the admin-wide axe test).
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${server.url}/admin/dashboard`);
    await page
      .getByRole("region", { name: "A personal data breach is open" })
      .getByText(/Report to the Data Protection Board due in 7[01] hours/)
      .waitFor();
    await context.close();
  });
});
