import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter-form";
import { launchBrowser } from "../support/browser";
import { freePort, startServer, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import {
  backdatedFormToken,
  backdateFormToken,
  fillEnquiry,
  freshAddress,
  newVisitor,
  openPage,
  VALID_ENQUIRY,
  withDatabase,
} from "./leads-helpers";
import { waitForHydration } from "./public-support";

const NOTIFY_TO = "leads@example.in";

/** Posts a valid enquiry the way the form does with JavaScript; returns the visitor's e-mail. */
async function postEnquiry(server: TestServer, email: string) {
  const address = freshAddress();
  const token = backdatedFormToken();
  const response = await fetch(`${server.url}/api/enquiries`, {
    method: "POST",
    headers: { "X-Forwarded-For": address },
    body: new URLSearchParams({
      ...VALID_ENQUIRY,
      email,
      message: "Please call me.",
      formToken: token,
    }),
  });
  expect(response.status).toBe(200);
}

/**
 * The outbox statuses of a record's mails, polled until they are `expected` (a mail reaches the
 * SMTP server a moment before the server records it as sent) or 10 s pass.
 */
async function outboxStatuses(databaseUrl: string, relatedId: string, expected: string[]) {
  const database = openDatabase(databaseUrl);
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await database.db
        .selectFrom("mailOutbox")
        .select("status")
        .where("relatedId", "=", relatedId)
        .orderBy("id")
        .execute();
      const statuses = rows.map((row) => row.status);
      if (JSON.stringify(statuses) === JSON.stringify(expected) || Date.now() > deadline) {
        return statuses;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
  } finally {
    await database.close();
  }
}

describe("e-mail with SMTP configured", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({
      TRUST_PROXY: "true",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Total Rewards Consulting <no-reply@example.in>",
      NOTIFY_TO,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it("tells the firm about a new enquiry within seconds and acknowledges it to the visitor", async () => {
    const context = await newVisitor(browser);
    const { page } = await openPage(context, `${server.url}/contact`);
    const email = "mail.visitor@example.com";
    await fillEnquiry(page, { ...VALID_ENQUIRY, email, message: "Line one\nLine <two>" });
    await backdateFormToken(page);
    const sentAt = Date.now();
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Thank You!" }).waitFor();
    await smtp.waitForMessages(before + 2, 20_000);
    expect(Date.now() - sentAt).toBeLessThan(20_000);

    const enquiry = await withDatabase(server, (db) =>
      db.selectFrom("enquiries").selectAll().where("email", "=", email).executeTakeFirstOrThrow(),
    );
    const mails = smtp.messages.slice(before);
    const notification = mails.find((m) => m.envelopeTo.includes(NOTIFY_TO));
    const acknowledgement = mails.find((m) => m.envelopeTo.includes(email));
    expect(notification?.subject).toBe("New enquiry from Priya Nair (Lotus Fintech)");
    expect(notification?.headers.get("reply-to")).toBe(email);
    expect(notification?.text).toContain(`${server.url}/admin/enquiries/${enquiry.id}`);
    expect(notification?.text).toContain("Company: Lotus Fintech");
    expect(notification?.text).toContain("Line one\nLine <two>");
    expect(notification?.html).toContain("Line &lt;two&gt;");
    expect(acknowledgement?.subject).toBe("Thank you for contacting Total Rewards Consulting");
    expect(acknowledgement?.text).toContain("will reply within 24 hours");
    expect(acknowledgement?.text).toContain("Monday to Friday, 9 AM to 6 PM IST");
    expect(acknowledgement?.text).toContain("+91 11 4000 0000");

    expect(await outboxStatuses(server.databaseUrl, enquiry.id, ["sent", "sent"])).toEqual([
      "sent",
      "sent",
    ]);
    await context.close();
  });

  it("asks a newsletter sign-up to confirm, with an unsubscribe link and headers on the mail", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/services`);
    await waitForHydration(page);
    const form = page.locator("form#footer-newsletter");
    await form.getByLabel("Email address").fill("double.optin@example.com");
    const before = smtp.messages.length;
    await form.getByRole("button", { name: "Subscribe Now" }).click();
    await form.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.confirm_sent }).waitFor();
    const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
    const subscriber = await withDatabase(server, (db) =>
      db
        .selectFrom("newsletterSubscribers")
        .selectAll()
        .where("email", "=", "double.optin@example.com")
        .executeTakeFirstOrThrow(),
    );
    expect(subscriber.status).toBe("pending");
    const confirmUrl = `${server.url}/newsletter/confirm?token=${subscriber.token}`;
    const unsubscribeUrl = `${server.url}/newsletter/unsubscribe?token=${subscriber.token}`;
    expect(mail?.envelopeTo).toEqual(["double.optin@example.com"]);
    expect(mail?.text).toContain(confirmUrl);
    expect(mail?.text).toContain(unsubscribeUrl);
    expect(mail?.headers.get("list-unsubscribe")).toBe(`<${unsubscribeUrl}>`);
    expect(mail?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // Opening the link shows one button; pressing it confirms (a GET changes nothing).
    await page.goto(confirmUrl);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.getByRole("heading", { level: 1, name: "Subscription confirmed" }).waitFor();
    const confirmed = await withDatabase(server, (db) =>
      db
        .selectFrom("newsletterSubscribers")
        .select(["status", "confirmedAt"])
        .where("id", "=", subscriber.id)
        .executeTakeFirstOrThrow(),
    );
    expect(confirmed.status).toBe("subscribed");
    expect(confirmed.confirmedAt).toBeTruthy();

    const oneClick = await fetch(unsubscribeUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await oneClick.text();
    const left = await withDatabase(server, (db) =>
      db
        .selectFrom("newsletterSubscribers")
        .select("status")
        .where("id", "=", subscriber.id)
        .executeTakeFirstOrThrow(),
    );
    expect(left.status).toBe("unsubscribed");
    await context.close();
  });
});

describe("e-mail while the SMTP server is down", () => {
  it("keeps the enquiry and its mails, shows them pending, and sends them after a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "leads-mail-"));
    const databaseUrl = `file:${join(dir, "site.db")}`;
    const port = await freePort();
    const env = {
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "true",
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIFY_TO,
    };
    let server: TestServer | undefined;
    let smtp: TestSmtpServer | undefined;
    const database = openDatabase(databaseUrl);
    try {
      server = await startServer(env);
      const email = "patient.visitor@example.com";
      await postEnquiry(server, email);
      const enquiry = await database.db
        .selectFrom("enquiries")
        .selectAll()
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(enquiry.status).toBe("new");

      // Both mails were tried once and wait for their retry.
      const deadline = Date.now() + 15_000;
      let rows: { status: string; attempts: number; lastError: string | null }[] = [];
      while (Date.now() < deadline) {
        rows = await database.db
          .selectFrom("mailOutbox")
          .select(["status", "attempts", "lastError"])
          .where("relatedId", "=", enquiry.id)
          .execute();
        if (rows.length === 2 && rows.every((r) => r.attempts >= 1)) break;
        await new Promise((done) => setTimeout(done, 200));
      }
      expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
      expect(rows.every((r) => r.lastError)).toBe(true);
      // The failure is logged just after it is stored: give the log line a moment to arrive.
      const logDeadline = Date.now() + 5_000;
      while (!server.output().includes('"event":"mail_send_error"') && Date.now() < logDeadline) {
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(server.output()).toContain('"event":"mail_send_error"');

      await server.stop();
      server = undefined;
      smtp = await startSmtpServer({ port });
      server = await startServer(env);
      const mails = await smtp.waitForMessages(2, 20_000);
      expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual([NOTIFY_TO, email].sort());
      expect(await outboxStatuses(databaseUrl, enquiry.id, ["sent", "sent"])).toEqual([
        "sent",
        "sent",
      ]);
    } finally {
      await server?.stop();
      await smtp?.stop();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
