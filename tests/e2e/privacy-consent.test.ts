import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter-form";
import { withdrawToken } from "~/modules/privacy/withdraw-token.server";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../support/server";
import { axeViolations, newVisitor, scrollsSideways, withDatabase } from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * Issue 27 in a browser (decision 0061): a visitor gives the newsletter consent and withdraws it
 * from the mail's link with one button, with and without JavaScript; the ledger shows both in the
 * admin; a changed link is refused; /privacy, the withdraw page and the notice editor are clean
 * for axe and fit at 360 and 1280 px.
 */

const ledgerOf = (server: TestServer, email: string) =>
  withDatabase(server, (db) =>
    db
      .selectFrom("consents")
      .selectAll()
      .where("email", "=", email)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
  );

const statusOf = (server: TestServer, email: string) =>
  withDatabase(server, async (db) => {
    const row = await db
      .selectFrom("newsletterSubscribers")
      .select("status")
      .where("email", "=", email)
      .executeTakeFirst();
    return row?.status;
  });

describe("notice and consent", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const javaScript of [false, true]) {
    it(`gives and withdraws the newsletter consent ${javaScript ? "with" : "without"} JavaScript, and staff see both`, async () => {
      const email = `reader.${javaScript ? "js" : "nojs"}@example.com`;
      const context = await newVisitor(browser, { javaScript });
      const page = await context.newPage();
      await page.goto(`${server.url}/about`);
      if (javaScript) await waitForHydration(page);
      const form = page.locator("form#footer-newsletter");
      await form.getByLabel("Email address").fill(email);
      await form.getByRole("button", { name: "Subscribe Now" }).click();
      await form.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.subscribed }).waitFor();
      expect(await statusOf(server, email)).toBe("subscribed");
      expect((await ledgerOf(server, email)).map((r) => [r.purpose, r.action, r.words])).toEqual([
        ["newsletter", "given", NEWSLETTER_CONSENT_TEXT],
      ]);

      // The mail's link: opening it changes nothing; the one button withdraws at once.
      await page.goto(`${server.url}/privacy/withdraw?t=${withdrawToken(TEST_AUTH_SECRET, email)}`);
      if (javaScript) await waitForHydration(page);
      expect(await statusOf(server, email)).toBe("subscribed");
      await page.getByRole("button", { name: "Withdraw my consent: The newsletter" }).click();
      await page.getByRole("status").filter({ hasText: "Done: you withdrew" }).waitFor();
      expect(await statusOf(server, email)).toBe("unsubscribed");
      const ledger = await ledgerOf(server, email);
      expect(ledger.map((r) => [r.purpose, r.action, r.form])).toEqual([
        ["newsletter", "given", "newsletter"],
        ["newsletter", "withdrawn", "withdraw-page"],
      ]);
      expect(ledger.every((r) => r.noticeVersion === 2)).toBe(true);
      await context.close();

      const staff = await newVisitor(browser, { javaScript });
      await signInAs(staff, server, "editor");
      const admin = await staff.newPage();
      await admin.goto(`${server.url}/admin/consents?${new URLSearchParams({ q: email })}`);
      const rows = admin.locator("tbody tr");
      await rows.first().waitFor();
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toContain("Withdrawn");
      expect(await rows.nth(1).textContent()).toContain(NEWSLETTER_CONSENT_TEXT);
      await staff.close();
    });
  }

  it("refuses a changed link and withdraws nothing", async () => {
    const email = "kept.reader@example.com";
    const context = await newVisitor(browser, { javaScript: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    const form = page.locator("form#footer-newsletter");
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe Now" }).click();
    await form.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.subscribed }).waitFor();
    const [, sig] = withdrawToken(TEST_AUTH_SECRET, "someone@example.com").split(".");
    const forged = `${Buffer.from(email).toString("base64url")}.${sig}`;
    const response = await page.goto(`${server.url}/privacy/withdraw?t=${forged}`);
    expect(response?.status()).toBe(404);
    await page.getByText("This link is not valid").waitFor();
    expect(await page.getByRole("button", { name: /Withdraw my consent/ }).count()).toBe(0);
    const posted = await page.request.post(`${server.url}/privacy/withdraw?t=${forged}`, {
      form: { purpose: "newsletter" },
      headers: { Origin: server.url },
    });
    expect(posted.status()).toBe(404);
    expect(await statusOf(server, email)).toBe("subscribed");
    await context.close();
  });

  it("keeps /privacy, the withdraw page and the notice editor clean for axe at 360 and 1280 px", async () => {
    const token = withdrawToken(TEST_AUTH_SECRET, "reader.js@example.com");
    for (const width of [360, 1280]) {
      const context = await newVisitor(browser, { width });
      const page = await context.newPage();
      await page.goto(`${server.url}/privacy`);
      await page.getByText(/Version 2 · Last updated/).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${server.url}/privacy/withdraw?t=${token}`);
      await page.getByRole("heading", { name: "Withdraw Consent" }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await signInAs(context, server, "admin");
      await page.goto(`${server.url}/admin/privacy`);
      await page.getByRole("button", { name: "Publish as version 3" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it("publishes a new notice version from the admin; the old one stays readable", async () => {
    const context = await newVisitor(browser, { javaScript: false });
    await signInAs(context, server, "admin");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/privacy`);
    const box = page.getByLabel("Notice text");
    const text = await box.inputValue();
    await box.fill(text.replace("# Privacy Policy", "# Privacy Notice"));
    await page.getByRole("button", { name: "Publish as version 3" }).click();
    await page.getByText("Published version 3 of the privacy notice.").first().waitFor();
    await page.goto(`${server.url}/privacy`);
    await page.getByRole("heading", { level: 1, name: "Privacy Notice" }).waitFor();
    await page.getByText(/Version 3 · Last updated/).waitFor();
    await page.goto(`${server.url}/privacy/versions/1`);
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    await page.getByText("This is an earlier version, no longer in force.").waitFor();
    await context.close();
  });
});
