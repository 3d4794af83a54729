import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import { updateArticle } from "~/modules/library/article-commands.server";
import { getArticle } from "~/modules/library/articles.server";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import {
  axeViolations,
  newVisitor,
  scrollsSideways,
  sharedVisitorTabs,
  withDatabase,
} from "./leads-helpers";

/*
 * Issue 29 in a browser: an article's address changes twice and both old addresses land on the
 * article (with and without JavaScript); a visitor searches from the header and finds the
 * article; /search and /admin/redirects are clean for axe and fit at 360 and 1280 px.
 */

describe("addresses that never break, and the site search", () => {
  let server: TestServer;
  let browser: Browser;
  let title = "";
  const slugs: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // A published article of the seeded site, moved twice.
    await withDatabase(server, async (db) => {
      const row = await db
        .selectFrom("articles")
        .select("slug")
        .where("status", "=", "published")
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      const article = await getArticle(db, row.slug);
      if (!article) throw new Error("no article");
      title = article.title;
      slugs.push(row.slug, `${row.slug}-moved`, `${row.slug}-final`);
      for (let at = 1; at < slugs.length; at++) {
        const input = articleInputSchema.parse({
          title: article.title,
          category: article.category,
          author: article.author,
          publishedOn: article.publishedOn,
          summary: article.summary,
          body: article.body,
          slug: slugs[at],
        });
        const saved = await updateArticle(db, SYSTEM_ACTOR, {
          slug: slugs[at - 1] ?? "",
          article: input,
        });
        if (!saved.ok) throw new Error(`slug change refused: ${saved.reason}`);
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  /* A new visitor on the file's tab of each kind, for a test that loads its page first (0093). */
  const visitorTab = sharedVisitorTabs(() => browser);

  for (const javaScript of [false, true]) {
    it(`follows every old address to the article ${javaScript ? "with" : "without"} JavaScript`, async () => {
      const page = await visitorTab({ javaScript });
      for (const slug of slugs) {
        const response = await page.goto(`${server.url}/insights/${slug}`);
        await page.waitForURL(`${server.url}/insights/${slugs.at(-1)}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator("h1").textContent()).resolves.toContain(title);
      }
      const first = await page.request.get(`${server.url}/insights/${slugs[0]}`, {
        maxRedirects: 0,
      });
      expect(first.status()).toBe(301);
      expect(first.headers().location).toBe(`/insights/${slugs.at(-1)}`);
    });
  }

  async function searchFromHeader(page: Page, words: string) {
    await page.locator("header summary", { hasText: "Search the site" }).click();
    const box = page.getByRole("searchbox", { name: /Search articles/ });
    await box.fill(words);
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=/);
    await page.getByRole("heading", { name: /results? for/ }).waitFor();
  }

  for (const [width, javaScript] of [
    [360, false],
    [1280, true],
  ] as const) {
    it(`searches from the header and finds the article at ${width} px ${javaScript ? "with" : "without"} JavaScript`, async () => {
      const page = await visitorTab({ javaScript, width });
      await page.goto(`${server.url}/about`);
      await searchFromHeader(page, title);
      const result = page.getByRole("link", { name: title });
      await result.first().waitFor();
      expect(await page.locator("main mark").count()).toBeGreaterThan(0);
      expect(await scrollsSideways(page)).toBe(false);
      await result.first().click();
      await page.waitForURL(`${server.url}/insights/${slugs.at(-1)}`);
    });
  }

  it("keeps /search clean for axe and inside the window at 360 and 1280 px", async () => {
    for (const width of [360, 1280]) {
      const page = await visitorTab({ width });
      await page.goto(`${server.url}/search?${new URLSearchParams({ q: title })}`);
      await page.getByRole("heading", { name: /results? for/ }).waitFor();
      expect(await page.locator("main mark").count()).toBeGreaterThan(0);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      // The header's search opens and fits too.
      await page.locator("header summary", { hasText: "Search the site" }).click();
      await page.getByRole("searchbox", { name: /Search articles/ }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeViolations(page, "header")).toEqual([]);
    }
  });

  it("shows /admin/redirects with the moved addresses, clean for axe at 360 and 1280 px", async () => {
    // A missing address for the log.
    const missing = await visitorTab({ javaScript: false });
    const answer = await missing.goto(`${server.url}/no-such-page-for-the-log`);
    expect(answer?.status()).toBe(404);
    for (const width of [360, 1280]) {
      const context = await newVisitor(browser, { width });
      await signInAs(context, server, "editor");
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/redirects`);
      await page.getByRole("cell", { name: `/insights/${slugs[0]}`, exact: true }).waitFor();
      await page.getByRole("cell", { name: "/no-such-page-for-the-log", exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});
