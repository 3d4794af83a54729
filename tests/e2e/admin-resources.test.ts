import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_FILE_MESSAGES } from "~/modules/library/resource-upload.server";
import { signInAs } from "../support/auth";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { pdfFile } from "../support/office-files";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, newVisitor, scrollsSideways, withDatabase } from "./leads-helpers";

/*
 * An editor adds a resource with its file and publishes it (issue 13, "Done when"): with
 * JavaScript (the upload's progress shown) and without it (plain multipart posts), a 21 MB file
 * refused with the field's message, the published card on /resources with its Download Now
 * link, and the admin's resource pages clean for axe and usable at 360 px.
 */

const form = (page: Page) => page.locator('form[enctype="multipart/form-data"]');
/** A control of the resource form by its label's exact text. */
const control = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

async function fillResource(page: Page, title: string) {
  await control(page, "Type").selectOption("guide");
  await control(page, "Title").fill(title);
  await control(page, "Category").fill("Equity Compensation");
  await control(page, "Page count").fill("12");
  await control(page, "Summary").fill("How to size an option pool, step by step.");
}

/** The public Download Now link of a resource on /resources (anonymous, JavaScript off). */
async function publicDownloadLink(browser: Browser, server: TestServer, title: string) {
  const context = await newVisitor(browser, { javaScript: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/resources`);
  const link = page.getByRole("link", { name: new RegExp(`^Download Now\\s*: ${title}$`) });
  const href = (await link.count()) > 0 ? await link.getAttribute("href") : null;
  await context.close();
  // The request page, whatever query it carries.
  return href?.split("?")[0] ?? null;
}

/**
 * How long handing the browser a 21 MB file and posting it may take. Well beyond what it needs
 * on an idle machine (about a second), so that a slow or busy one does not fail the test: the
 * 10 s of the contexts' default is not what this test is about.
 */
const LARGE_UPLOAD_MS = 60_000;

describe("an editor manages library resources", () => {
  let server: TestServer;
  let browser: Browser;
  let pdf: Buffer;
  let filesDir: string;
  /** A 21 MB PDF on disk, made once: the browser reads it from there. */
  let hugePdf: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // Large enough that the upload takes several progress events.
    pdf = await pdfFile("The Option Pool Guide", 4 * 1024 * 1024);
    filesDir = mkdtempSync(join(tmpdir(), "trc-resources-"));
    hugePdf = join(filesDir, "huge.pdf");
    writeFileSync(hugePdf, await pdfFile("Huge", 21 * 1024 * 1024));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  async function editorContext(options: { javaScript?: boolean; width?: number } = {}) {
    const context: BrowserContext = await newVisitor(browser, options);
    await signInAs(context, server, "editor");
    return context;
  }

  const storedResource = (slug: string) =>
    withDatabase(server, (db) =>
      db.selectFrom("resources").selectAll().where("slug", "=", slug).executeTakeFirst(),
    );

  it("creates a resource with a PDF with JavaScript, showing upload progress, and publishes it", async () => {
    const context = await editorContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/resources`);
    await waitForAdminHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "New resource" }).click();
    await page.waitForURL(`${server.url}/admin/resources/new`);
    await form(page).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await fillResource(page, "The Option Pool Guide");
    await control(page, "File").setInputFiles({
      name: "guide.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    // The bar may come and go quickly: a MutationObserver notes what its label and value said.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector("progress");
        const label = bar?.labels?.[0]?.textContent;
        if (bar && label) seen.push(`${label} ${bar.value}`);
      }).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    });
    await page.getByRole("button", { name: "Create resource" }).click();
    await page.waitForURL(`${server.url}/admin/resources/the-option-pool-guide?saved=created`);
    await page.getByRole("heading", { level: 1, name: "The Option Pool Guide" }).waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatch(/^(Uploading|Saving) \d+$/);
    expect(await page.getByText("Download the-option-pool-guide.pdf").count()).toBe(1);
    // The preview draws the public card.
    await page.getByRole("heading", { name: "Preview" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    expect(await publicDownloadLink(browser, server, "The Option Pool Guide")).toBeNull();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("button", { name: "Unpublish" }).waitFor();
    expect((await storedResource("the-option-pool-guide"))?.status).toBe("published");
    expect(await publicDownloadLink(browser, server, "The Option Pool Guide")).toBe(
      "/resources/the-option-pool-guide/download",
    );

    // Issue 29: "Save draft" (sent with the upload's progress, the pressed button with it)
    // leaves the published resource as it is (decision 0072).
    await waitForAdminHydration(page);
    await control(page, "Title").fill("The Option Pool Guide, 2027");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(`${server.url}/admin/resources/the-option-pool-guide?saved=drafted`);
    await page.getByText(/^Unpublished draft saved by/).waitFor();
    expect((await storedResource("the-option-pool-guide"))?.title).toBe("The Option Pool Guide");
    expect(await control(page, "Title").inputValue()).toBe("The Option Pool Guide, 2027");
    await context.close();
  });

  it("does the same without JavaScript", async () => {
    const context = await editorContext({ javaScript: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/resources/new`);
    await fillResource(page, "Pay Bands Without Scripts");
    await control(page, "File").setInputFiles({
      name: "bands.pdf",
      mimeType: "application/pdf",
      buffer: await pdfFile("Pay bands"),
    });
    await page.getByRole("button", { name: "Create resource" }).click();
    await page.getByRole("heading", { level: 1, name: "Pay Bands Without Scripts" }).waitFor();
    await page.getByText("Resource created successfully!").waitFor();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Resource published: it now shows on the Resources page.").waitFor();
    expect(await publicDownloadLink(browser, server, "Pay Bands Without Scripts")).toBe(
      "/resources/pay-bands-without-scripts/download",
    );
    await context.close();
  });

  it.each([true, false])(
    "refuses a 21 MB file with the field's message, keeping what was typed (JavaScript %s)",
    async (javaScript) => {
      const context = await editorContext({ javaScript });
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/resources/new`);
      if (javaScript) await waitForAdminHydration(page);
      await fillResource(page, `Too Large ${javaScript}`);
      await control(page, "File").setInputFiles(hugePdf, { timeout: LARGE_UPLOAD_MS });
      await page
        .getByRole("button", { name: "Create resource" })
        .click({ timeout: LARGE_UPLOAD_MS });
      await form(page)
        .getByText(RESOURCE_FILE_MESSAGES.tooLarge)
        .waitFor({ timeout: LARGE_UPLOAD_MS });
      expect(await control(page, "Title").inputValue()).toBe(`Too Large ${javaScript}`);
      expect(await control(page, "Summary").inputValue()).toBe(
        "How to size an option pool, step by step.",
      );
      expect(await storedResource(`too-large-${javaScript}`)).toBeUndefined();
      await context.close();
    },
    3 * LARGE_UPLOAD_MS,
  );

  it("reads well at 360 px", async () => {
    const context = await editorContext({ width: 360 });
    const page = await context.newPage();
    for (const path of [
      "/admin/resources",
      "/admin/resources/new",
      "/admin/resources/the-option-pool-guide",
    ]) {
      await page.goto(`${server.url}${path}`);
      await waitForAdminHydration(page);
      expect(await scrollsSideways(page), path).toBe(false);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
  });
});
