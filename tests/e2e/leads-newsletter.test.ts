import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter-form";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, freshAddress, newVisitor, withDatabase } from "./leads-helpers";
import { waitForHydration } from "./public-support";

const subscriberOf = (server: TestServer, email: string) =>
  withDatabase(server, (db) =>
    db
      .selectFrom("newsletterSubscribers")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst(),
  );

const newsletterForm = (page: Page, id: string) => page.locator(`form#${id}`);

describe("the newsletter forms (no e-mail configured: sign-ups are confirmed at once)", () => {
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

  it("without JavaScript, the footer form brings the visitor back to the page with the result", async () => {
    const context = await newVisitor(browser, { javaScript: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    const form = newsletterForm(page, "footer-newsletter");
    // The words under the form, beside the notice in force, are what the ledger keeps.
    const notice = form.locator('[data-privacy-notice="newsletter"]');
    expect(await notice.textContent()).toContain(NEWSLETTER_CONSENT_TEXT);
    expect(await notice.getByRole("link", { name: "Privacy notice" }).getAttribute("href")).toBe(
      "/privacy",
    );
    await form.getByLabel("Email address").fill("  Footer.Reader@Example.com ");
    await form.getByRole("button", { name: "Subscribe Now" }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe("/about");
    expect(new URL(page.url()).hash).toBe("#footer-newsletter");
    expect(await form.getByRole("status").textContent()).toBe(NEWSLETTER_MESSAGES.subscribed);

    const subscriber = await subscriberOf(server, "footer.reader@example.com");
    expect(subscriber).toMatchObject({
      status: "subscribed",
      source: "footer:/about",
      consentText: NEWSLETTER_CONSENT_TEXT,
    });
    expect(Date.parse(subscriber!.consentedAt)).toBeGreaterThan(Date.now() - 60_000);
    const ledger = await withDatabase(server, (db) =>
      db
        .selectFrom("consents")
        .select(["purpose", "action", "words"])
        .where("email", "=", "footer.reader@example.com")
        .execute(),
    );
    expect(ledger).toEqual([
      { purpose: "newsletter", action: "given", words: NEWSLETTER_CONSENT_TEXT },
    ]);
    await context.close();
  });

  it("with JavaScript, the resources form answers in place in a live region", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/resources`);
    await waitForHydration(page);
    const form = newsletterForm(page, "resources-newsletter");
    const input = form.getByLabel("Email address");
    await input.fill("js.reader@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.subscribed }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    expect(await input.inputValue()).toBe("");
    expect((await subscriberOf(server, "js.reader@example.com"))?.source).toBe(
      "resources:/resources",
    );

    // The same address again: one row, same answer.
    await input.fill("JS.Reader@example.com");
    // The answer on screen is the same as before, so wait for the server's reply to this post.
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/newsletter")),
      form.getByRole("button", { name: "Subscribe" }).click(),
    ]);
    await form.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.subscribed }).waitFor();
    const rows = await withDatabase(server, (db) =>
      db
        .selectFrom("newsletterSubscribers")
        .select("id")
        .where("email", "=", "js.reader@example.com")
        .execute(),
    );
    expect(rows).toHaveLength(1);
    await context.close();
  });

  it("with JavaScript, a failure is shown and the address is kept", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.route("**/api/newsletter", (route) => route.abort("internetdisconnected"));
    const form = newsletterForm(page, "footer-newsletter");
    const input = form.getByLabel("Email address");
    await input.fill("offline@example.com");
    await form.getByRole("button", { name: "Subscribe Now" }).click();
    await form.getByRole("status").filter({ hasText: NEWSLETTER_MESSAGES.error }).waitFor();
    expect(await axeViolations(page, "#footer-newsletter")).toEqual([]);
    expect(await input.inputValue()).toBe("offline@example.com");
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await subscriberOf(server, "offline@example.com")).toBeUndefined();
    await context.close();
  });

  it("shows a bad address again with its message when it was posted without JavaScript", async () => {
    const response = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      headers: { "X-Forwarded-For": freshAddress() },
      body: new URLSearchParams({
        email: "not-an-address",
        source: "footer",
        returnTo: "/services",
        formId: "footer-newsletter",
      }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid email address");
    expect(html).toContain('value="not-an-address"');
    expect(html).toContain('href="/services"');
  });

  /** The public layout is around the page: the site's header and footer. */
  const expectSiteLayout = async (page: Page) => {
    await page.getByRole("banner").waitFor();
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  };

  it("opening the unsubscribe link changes nothing; its button unsubscribes, without JavaScript", async () => {
    const { subscriber } = await withDatabase(server, (db) =>
      subscribe(db, {
        email: "leaver@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: true,
      }),
    );
    const context = await newVisitor(browser, { javaScript: false });
    const page = await context.newPage();
    const link = `${server.url}/newsletter/unsubscribe?token=${subscriber.token}`;
    // A mail scanner or link preview opens the link, twice: nobody is unsubscribed.
    for (let i = 0; i < 2; i++) {
      const opened = await page.goto(link);
      expect(opened?.status()).toBe(200);
      // Per address: never stored for others (the page cache, a CDN).
      expect(opened?.headers()["cache-control"]).toContain("private");
      expect(opened?.headers()["x-cache"]).not.toBe("HIT");
    }
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Unsubscribe from the newsletter",
    );
    await expectSiteLayout(page);
    expect((await subscriberOf(server, "leaver@example.com"))?.status).toBe("subscribed");

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
    const left = await subscriberOf(server, "leaver@example.com");
    expect(left?.status).toBe("unsubscribed");
    await page.goto(link);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Already unsubscribed",
    );
    expect((await subscriberOf(server, "leaver@example.com"))?.unsubscribedAt).toBe(
      left?.unsubscribedAt,
    );

    const unknown = await page.goto(`${server.url}/newsletter/unsubscribe?token=nope`);
    expect(unknown?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Link not valid");
    await expectSiteLayout(page);
    await context.close();
  });

  it("unsubscribes by the mail program's one-click POST (RFC 8058)", async () => {
    const { subscriber } = await withDatabase(server, (db) =>
      subscribe(db, {
        email: "one.click@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: true,
      }),
    );
    // RFC 8058: the mail provider posts "List-Unsubscribe=One-Click" to the header's URL.
    const oneClick = await fetch(`${server.url}/newsletter/unsubscribe?token=${subscriber.token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await oneClick.text();
    expect((await subscriberOf(server, "one.click@example.com"))?.status).toBe("unsubscribed");

    // A provider whose web mail sends it from the browser: cross-site, and still accepted.
    const fromWebMail = await withDatabase(server, (db) =>
      subscribe(db, {
        email: "web.mail@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: true,
      }),
    );
    const crossSiteOneClick = await fetch(
      `${server.url}/newsletter/unsubscribe?token=${fromWebMail.subscriber.token}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://mail.example.net",
          "sec-fetch-site": "cross-site",
        },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(crossSiteOneClick.status).toBe(200);
    await crossSiteOneClick.text();
    expect((await subscriberOf(server, "web.mail@example.com"))?.status).toBe("unsubscribed");

    // A form post from another site without the one-click body is refused.
    const other = await withDatabase(server, (db) =>
      subscribe(db, {
        email: "stays@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: true,
      }),
    );
    const forged = await fetch(
      `${server.url}/newsletter/unsubscribe?token=${other.subscriber.token}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://evil.example",
          "sec-fetch-site": "cross-site",
        },
        body: "",
      },
    );
    expect(forged.status).toBe(403);
    await forged.text();
    expect((await subscriberOf(server, "stays@example.com"))?.status).toBe("subscribed");
  });

  it("opening the confirmation link changes nothing; its button confirms, with JavaScript", async () => {
    const { subscriber } = await withDatabase(server, (db) =>
      subscribe(db, {
        email: "pending@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: false,
      }),
    );
    const context = await newVisitor(browser);
    const page = await context.newPage();
    const link = `${server.url}/newsletter/confirm?token=${subscriber.token}`;
    for (let i = 0; i < 2; i++) {
      expect((await page.goto(link))?.status()).toBe(200);
    }
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Confirm your subscription",
    );
    await expectSiteLayout(page);
    expect(await axeViolations(page)).toEqual([]);
    expect((await subscriberOf(server, "pending@example.com"))?.status).toBe("pending");

    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.getByRole("heading", { level: 1, name: "Subscription confirmed" }).waitFor();
    expect((await subscriberOf(server, "pending@example.com"))?.status).toBe("subscribed");
    expect(await axeViolations(page)).toEqual([]);

    // The link again: already confirmed, with the way out, which asks before it acts.
    await page.goto(link);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Subscription already confirmed",
    );
    await page.getByRole("link", { name: "Unsubscribe", exact: true }).click();
    await page
      .getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter" })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect((await subscriberOf(server, "pending@example.com"))?.status).toBe("subscribed");

    const unknown = await page.goto(`${server.url}/newsletter/confirm?token=x`);
    expect(unknown?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Link not valid");
    await page.goto(`${server.url}/newsletter`);
    await expectSiteLayout(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
