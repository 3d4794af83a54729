import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../support/auth";
import { launchBrowser, openAdminPage, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, newVisitor, scrollsSideways, withDatabase } from "./leads-helpers";

/*
 * An editor writes, previews and publishes an article (issue 13, "Done when"): with JavaScript
 * (in place, the confirm dialog) and without it (plain posts, a refused save keeps what was
 * typed); a visitor then reads it on /insights and /insights/<slug>, feed.xml and sitemap.xml
 * list it; the pages are clean for axe and usable at 360 px.
 */

const BODY = [
  "## Why bands matter",
  "Bands keep offers **consistent** as the team grows.",
  "- Set levels first\n- Then ranges",
  "<script>window.hacked = true</script>",
  "[Talk to us](https://example.com/contact) or [not this](javascript:alert(1))",
].join("\n\n");

const form = (page: Page) => page.locator("form", { has: page.getByLabel("Body") });
const control = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

async function fillArticle(page: Page, title: string) {
  await control(page, "Title").fill(title);
  await control(page, "Category").fill("Reward Strategy");
  await control(page, "Author").fill("Founding Partner");
  await control(page, "Date").fill("2026-11-21");
  await control(page, "Summary").fill("Why pay bands come before the hundredth hire.");
  await control(page, "Body").fill(BODY);
}

describe("an editor publishes an article", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function editorContext(options: { javaScript?: boolean; width?: number } = {}) {
    const context: BrowserContext = await newVisitor(browser, options);
    await signInAs(context, server, "editor");
    return context;
  }

  const storedStatus = async (slug: string) =>
    (
      await withDatabase(server, (db) =>
        db.selectFrom("articles").select("status").where("slug", "=", slug).executeTakeFirst(),
      )
    )?.status;

  const text = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      body: await response.text(),
    };
  };

  /** What an anonymous visitor sees of the article, on the list and its page. */
  async function visitorReads(slug: string, title: string) {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/insights`);
    // The sr-only part of the name is its own box: a space may come before its colon.
    await page.getByRole("link", { name: new RegExp(`^Read Article ?: ${title}$`) }).click();
    await page.waitForURL(`${server.url}/insights/${slug}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Why bands matter" }).waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: "Set levels first" }).count()).toBe(
      1,
    );
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    expect(await page.locator('article a[href^="javascript:"]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/insights`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }

  it("writes, previews and publishes with JavaScript; a visitor reads it, the feed and sitemap list it", async () => {
    const context = await editorContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/insights`);
    await waitForAdminHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "New article" }).click();
    await page.waitForURL(`${server.url}/admin/insights/new`);
    await fillArticle(page, "Pay Bands Before the Hundredth Hire");

    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("heading", { name: "Why bands matter" }).waitFor();
    expect(await preview.locator("strong").textContent()).toBe("consistent");
    expect(await preview.getByText("<script>window.hacked = true</script>").count()).toBe(1);
    expect(await control(page, "Title").inputValue()).toBe("Pay Bands Before the Hundredth Hire");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Save draft" }).click();
    const slug = "pay-bands-before-the-hundredth-hire";
    await page.waitForURL(`${server.url}/admin/insights/${slug}?created=1`);
    await page
      .getByRole("heading", { level: 1, name: "Pay Bands Before the Hundredth Hire" })
      .waitFor();
    expect(await storedStatus(slug)).toBe("draft");
    expect((await text(`/insights/${slug}`)).status).toBe(404);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("button", { name: "Unpublish" }).waitFor();
    expect(await storedStatus(slug)).toBe("published");
    expect(await page.getByRole("link", { name: /View on site/ }).getAttribute("href")).toBe(
      `/insights/${slug}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    await visitorReads(slug, "Pay Bands Before the Hundredth Hire");
    const feed = await text("/insights/feed.xml");
    expect(feed.type).toBe("application/atom+xml; charset=utf-8");
    expect(feed.body).toContain(`<link href="${server.url}/insights/${slug}"/>`);
    const sitemap = await text("/sitemap.xml");
    expect(sitemap.body).toMatch(
      new RegExp(
        `<loc>${server.url}/insights/${slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
      ),
    );

    // Unpublishing asks first, in a dialog.
    await page.getByRole("button", { name: "Unpublish" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Unpublish article" });
    await dialog.getByRole("button", { name: "Unpublish" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).waitFor();
    expect((await text(`/insights/${slug}`)).status).toBe(404);
    expect((await text("/insights/feed.xml")).body).not.toContain(`/insights/${slug}`);
    await context.close();
  });

  it("does the same without JavaScript, keeping what was typed when a save is refused", async () => {
    const context = await editorContext({ javaScript: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/insights/new`);
    await fillArticle(page, "");
    await page.getByRole("button", { name: "Preview" }).click();
    await page
      .getByRole("region", { name: "Preview" })
      .getByRole("heading", { name: "Why bands matter" })
      .waitFor();
    expect(await control(page, "Body").inputValue()).toBe(BODY);

    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Title is required").waitFor();
    // The message comes early in the answer; the body's text further down may still be arriving.
    await page.waitForLoadState("domcontentloaded");
    expect(await control(page, "Summary").inputValue()).toBe(
      "Why pay bands come before the hundredth hire.",
    );
    expect(await control(page, "Body").inputValue()).toBe(BODY);

    await control(page, "Title").fill("Bands Without Scripts");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByRole("heading", { level: 1, name: "Bands Without Scripts" }).waitFor();
    await page.getByText("Article saved as a draft.").waitFor();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Article published").waitFor();
    expect(await storedStatus("bands-without-scripts")).toBe("published");
    await visitorReads("bands-without-scripts", "Bands Without Scripts");
    await context.close();
  });

  it("reads well at 360 px", async () => {
    const context = await editorContext({ width: 360 });
    const page = await context.newPage();
    for (const path of [
      "/admin/insights",
      "/admin/insights/new",
      "/admin/insights/bands-without-scripts",
    ]) {
      await openAdminPage(page, `${server.url}${path}`);
      expect(await scrollsSideways(page), path).toBe(false);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
  });
});
