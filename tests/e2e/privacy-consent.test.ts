import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter-form";
import { withdrawToken } from "~/modules/privacy/withdraw-token.server";
import { utcToIstLocal } from "~/modules/versions/ist";
import { runDueSchedules } from "~/modules/versions/schedules.server";
import { CONTENT_SCHEDULE_HANDLERS } from "~/runtime.server";
import { signInAs } from "../support/auth";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../support/server";
import {
  axeViolations,
  newVisitor,
  scrollsSideways,
  sharedVisitorTabs,
  withDatabase,
} from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * Issue 27 in a browser (decision 0061): a visitor gives the newsletter consent and withdraws it
 * from the mail's link with one button, with and without JavaScript; the ledger shows both in the
 * admin; a changed link is refused; /privacy, the withdraw page and the notice editor are clean
 * for axe and fit at 360 and 1280 px. Issue 29 (decision 0075): an admin schedules the notice's
 * draft at a time in IST; the schedule job's function then runs with a clock set a minute short
 * of it and past it (never by waiting), and /privacy shows the new version only after.
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
  /* A new visitor on the file's tab of each kind, for a test that loads its page first (0093). */
  const visitorTab = sharedVisitorTabs(() => browser);

  for (const javaScript of [false, true]) {
    it(`gives and withdraws the newsletter consent ${javaScript ? "with" : "without"} JavaScript, and staff see both`, async () => {
      const email = `reader.${javaScript ? "js" : "nojs"}@example.com`;
      const page = await visitorTab({ javaScript });
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
    const page = await visitorTab({ javaScript: false });
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

  it("schedules the notice's draft in IST; /privacy shows it once the job's clock passes the time", async () => {
    const context = await newVisitor(browser);
    const admin = await signInAs(context, server, "admin");
    const page = await context.newPage();
    // Read through the server, page cache included, so a stale stored page would show here.
    const shown = async () => {
      // React's text separators (<!-- -->) out, so "Version 3 · Last updated" reads as one text.
      const html = (await (await fetch(`${server.url}/privacy`)).text()).replaceAll("<!-- -->", "");
      return {
        title: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
        version: Number(/Version (\d+) · Last updated/.exec(html)?.[1]),
      };
    };
    const before = await shown();
    expect(before.version).toBeGreaterThan(1);
    await page.goto(`${server.url}/admin/privacy`);
    await waitForAdminHydration(page);
    const box = page.getByLabel("Notice text");
    await box.fill((await box.inputValue()).replace(/^# .*$/m, "# Privacy Notice, Revised"));
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Draft saved: /privacy is unchanged until you publish.").first().waitFor();

    const schedule = async (runAt: string) => {
      await page.getByLabel("Date and time (IST)").fill(runAt);
      await page.getByRole("button", { name: "Schedule", exact: true }).click();
    };
    await schedule("2020-01-01T10:00");
    await page.getByText("Choose a time still to come (IST)").waitFor();
    const runAt = new Date(Date.now() + 2 * 3_600_000);
    runAt.setUTCSeconds(0, 0);
    await schedule(utcToIstLocal(runAt.toISOString()));
    await page.getByText("Scheduled: the privacy notice will be published then.").first().waitFor();
    const listed = page.locator(`time[datetime="${runAt.toISOString()}"]`);
    await listed.waitFor();
    expect(await listed.textContent()).toMatch(/ IST$/);
    expect(await shown()).toEqual(before);

    // The schedule job's function with the server's handlers, its clock a minute short of the
    // time and then past it.
    const run = (at: number) =>
      withDatabase(server, (db) => runDueSchedules(db, CONTENT_SCHEDULE_HANDLERS, new Date(at)));
    expect(await run(runAt.getTime() - 60_000)).toBe(0);
    expect(await shown()).toEqual(before);
    expect(await run(runAt.getTime() + 30_000)).toBe(1);
    expect(await run(runAt.getTime() + 90_000)).toBe(0);
    expect(await shown()).toEqual({
      title: "Privacy Notice, Revised",
      version: before.version + 1,
    });

    await page.reload();
    await page.getByText("Nothing scheduled.").waitFor();
    await page.getByText(`No draft: the text below is version ${before.version + 1}.`).waitFor();
    const newest = page.locator("tbody tr").first();
    expect(await newest.textContent()).toContain(`Version ${before.version + 1}`);
    expect(await newest.textContent()).toContain(admin.username);
    await context.close();
  });
});
