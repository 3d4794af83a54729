import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer } from "~/modules/careers/careers.server";
import { CV_POOL_WORDS, shortNoticeWords } from "~/modules/privacy/purposes";
import { withdrawToken } from "~/modules/privacy/withdraw-token.server";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { pdfFile } from "../support/office-files";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../support/server";
import { backdateFormToken, newVisitor, withDatabase } from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * Issue 27 in a browser (decision 0061): a candidate ticks the optional "keep my CV" box (never
 * ticked in advance), and withdraws it from the mail's link with one button, with and without
 * JavaScript; the application then no longer holds its CV for future roles; the admin ledger shows
 * the notice, the box and the withdrawal.
 */

const form = (page: Page) => page.getByRole("form", { name: "Application form" });
const control = (page: Page, label: string) =>
  form(page).getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

describe("keeping a CV for future roles", () => {
  let server: TestServer;
  let browser: Browser;
  let careerId = "";
  let cv: Buffer;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
    browser = await launchBrowser();
    cv = await pdfFile("Priya Sharma, compensation analyst", 20 * 1024);
    await withDatabase(server, async (db) => {
      careerId = (
        await createCareer(
          db,
          careerInputSchema.parse({
            title: "Reward Analyst",
            department: "Analytics",
            location: "New Delhi",
            type: "Full-time",
            description: "Build market benchmarks and pay structures for growing companies.",
            status: "active",
          }),
        )
      ).id;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const pooledOf = (email: string) =>
    withDatabase(server, (db) =>
      db
        .selectFrom("applications")
        .select("cvPoolUntil")
        .where("email", "=", email)
        .executeTakeFirstOrThrow(),
    );

  for (const javaScript of [false, true]) {
    it(`gives and withdraws the CV-pool consent ${javaScript ? "with" : "without"} JavaScript`, async () => {
      const email = `priya.${javaScript ? "js" : "nojs"}@example.com`;
      const context = await newVisitor(browser, { javaScript });
      const page = await context.newPage();
      await page.goto(`${server.url}/careers/${careerId}`);
      if (javaScript) await waitForHydration(page);
      await expect(form(page).getByRole("link", { name: "privacy notice" }).count()).resolves.toBe(
        1,
      );
      const box = form(page).getByRole("checkbox", { name: CV_POOL_WORDS });
      expect(await box.isChecked()).toBe(false);
      await control(page, "Full Name").fill("Priya Sharma");
      await control(page, "Email Address").fill(email);
      await control(page, "Phone Number").fill("98765 43210");
      await control(page, "Current Location").fill("Gurugram");
      await control(page, "Notice Period").selectOption("30 days");
      await control(page, "Cover Note").fill("Six years of pay benchmarking.");
      await form(page)
        .getByRole("checkbox", { name: /^I agree that / })
        .check();
      await box.check();
      await control(page, "Your CV").setInputFiles({
        name: "cv.pdf",
        mimeType: "application/pdf",
        buffer: cv,
      });
      await backdateFormToken(page);
      await form(page)
        .getByRole("button", { name: /Submit Application/ })
        .click();
      await page.getByRole("heading", { name: "Thank You for Applying!" }).waitFor();
      expect((await pooledOf(email)).cvPoolUntil).not.toBeNull();

      await page.goto(`${server.url}/privacy/withdraw?t=${withdrawToken(TEST_AUTH_SECRET, email)}`);
      if (javaScript) await waitForHydration(page);
      await page
        .getByRole("button", { name: "Withdraw my consent: Keeping my CV for future roles" })
        .click();
      await page.getByRole("status").filter({ hasText: "Done: you withdrew" }).waitFor();
      expect((await pooledOf(email)).cvPoolUntil).toBeNull();
      await context.close();

      const staff = await newVisitor(browser, { javaScript });
      await signInAs(staff, server, "editor");
      const admin = await staff.newPage();
      await admin.goto(`${server.url}/admin/consents?${new URLSearchParams({ q: email })}`);
      const rows = admin.locator("tbody tr");
      await rows.first().waitFor();
      const texts = await rows.allTextContents();
      expect(texts).toHaveLength(3);
      expect(texts[0]).toContain("Withdrawn");
      expect(texts.some((t) => t.includes(CV_POOL_WORDS))).toBe(true);
      expect(texts.some((t) => t.includes(shortNoticeWords("application")))).toBe(true);
      await staff.close();
    });
  }
});
