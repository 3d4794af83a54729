import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { sendButton } from "./leads-contact-support";
import {
  axeViolations,
  backdateFormToken,
  fillEnquiry,
  newVisitor,
  openPage,
  VALID_ENQUIRY,
  withDatabase,
} from "./leads-helpers";

/*
 * Issue 26's webhooks, from the admin's side: an admin adds an endpoint (the local receiver, which
 * the server may reach because the test sets WEBHOOKS_ALLOW_PRIVATE), sees its signing secret once,
 * a visitor sends the contact form, and the signed delivery reaches the receiver (checked with the
 * standardwebhooks package) and shows in the endpoint's list as delivered.
 */

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 45_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((done) => setTimeout(done, 250));
  }
}

describe("webhooks in the admin", () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startServer({ TRUST_PROXY: "true", WEBHOOKS_ALLOW_PRIVATE: "1" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  it("adds an endpoint, shows its secret once, and lists the delivery of a contact form post", async () => {
    const admin = await browser.newContext();
    admin.setDefaultTimeout(15_000);
    await signInAs(admin, server, "admin");
    const page = await admin.newPage();
    await page.goto(`${server.url}/admin/webhooks`);
    expect(await axeViolations(page)).toEqual([]);

    // Nothing chosen: a message on the events, nothing stored.
    await page.getByLabel(/^Endpoint address/).fill(receiver.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect.poll(() => page.getByText("Choose at least one event").count()).toBe(1);

    await page.getByRole("checkbox", { name: /enquiry\.created/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secretBox = page.getByTestId("signing-secret");
    const secret = ((await secretBox.textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.secret = secret;
    expect(await axeViolations(page)).toEqual([]);

    // Shown once: the list no longer has it.
    await page.goto(`${server.url}/admin/webhooks`);
    expect(await page.getByTestId("signing-secret").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await page.getByRole("link", { name: receiver.url }).click();
    await page.waitForURL(/\/admin\/webhooks\/whe_/);
    const endpointUrl = page.url();
    await page.getByText("Nothing sent yet.").waitFor();

    const visitor = await newVisitor(browser, { javaScript: false });
    const contact = (await openPage(visitor, `${server.url}/contact`)).page;
    await fillEnquiry(contact, { ...VALID_ENQUIRY, message: "Please call about our ESOP." });
    await backdateFormToken(contact);
    await sendButton(contact).click();
    await contact.waitForLoadState();

    const received = await until(
      () => receiver.received,
      (hits) => hits.length > 0,
    );
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit?.verified.ok).toBe(true);
    if (!hit?.verified.ok) return;
    expect(hit.verified.payload.type).toBe("enquiry.created");
    expect(hit.verified.payload.data).toMatchObject({
      email: VALID_ENQUIRY.email,
      company: VALID_ENQUIRY.company,
      message: "Please call about our ESOP.",
    });

    await until(
      async () => {
        await page.goto(endpointUrl);
        return page.getByRole("table").textContent();
      },
      (text) => /Delivered/.test(text ?? ""),
    );
    const row = page.getByRole("row").filter({ hasText: "enquiry.created" });
    expect(await row.count()).toBe(1);
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("Delivered");
    expect(text).toContain("200");
    expect(await axeViolations(page)).toEqual([]);

    // An endpoint that kept failing is paused (webhook-delivery.test.ts): the dashboard says so.
    await withDatabase(server, (db) =>
      db.updateTable("webhookEndpoints").set({ pausedAt: new Date().toISOString() }).execute(),
    );
    await page.goto(`${server.url}/admin/dashboard`);
    const notice = page.getByRole("region", { name: "A webhook endpoint is paused" });
    await notice.getByRole("link", { name: receiver.url }).click();
    await page.getByRole("button", { name: "Resume endpoint" }).click();
    await page.getByRole("button", { name: "Resume endpoint" }).waitFor({ state: "detached" });
    await admin.close();
    await visitor.close();
  });
});
