import type { Page } from "playwright-core";
import type { DB } from "~/db/client.server";
import { openDatabase } from "~/db/client.server";
import { bumpContentVersion } from "~/modules/commands/content-version.server";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import type { TestServer } from "../support/server";

/** Every public page of the site (a posting page is added by the tests that create one). */
export const PUBLIC_PATHS = [
  "/",
  "/about",
  "/services",
  "/resources",
  "/insights",
  `/insights/${ARTICLE_DEFAULTS[0]!.slug}`,
  "/careers",
  "/contact",
  "/terms",
  "/privacy",
  "/tools",
  "/tools/ctc-to-in-hand",
  "/tools/wage-check",
  "/tools/gratuity",
  "/tools/esop",
] as const;

/**
 * Runs `work` with a connection to the test server's database, closed afterwards. A test's direct
 * write obeys the product's write rule (docs/decisions/0009): it raises the public content
 * version, so the server's page cache renders the changed pages on the next request.
 */
export async function withServerDb<T>(server: TestServer, work: (db: DB) => Promise<T>) {
  const database = openDatabase(server.databaseUrl);
  try {
    const result = await work(database.db);
    await bumpContentVersion(database.db);
    return result;
  } finally {
    await database.close();
  }
}

/** The JSON-LD blocks of an HTML document, parsed (a block that does not parse throws). */
export function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The text content of every element matching a simple tag in server HTML (h1, title...). */
export function tagTexts(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .trim(),
  );
}

export function metaContent(html: string, attribute: "name" | "property", key: string) {
  const tag = new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`).exec(html)?.[0];
  return tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
}

/**
 * Resolves once the page's scripts have run: React has hydrated the page and committed (event
 * handlers are attached and the effects that follow hydration, scroll handling and the service
 * worker's form watch, have run; the root's HostRoot state says whether it still holds server
 * HTML, `isDehydrated`), or, on a public page that does not hydrate (decision 0067), the site's
 * own script has set up the same behaviour and said so on the root element.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.siteScript === "ready") return true;
    const container = document as unknown as Record<string, unknown>;
    const key = Object.keys(container).find((name) => name.startsWith("__reactContainer$"));
    const root = key
      ? (container[key] as {
          stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } };
        })
      : undefined;
    return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

/** Resolves when the window has stopped scrolling (two samples 100 ms apart agree). */
export async function settledScrollY(page: Page): Promise<number> {
  let previous = await page.evaluate(() => window.scrollY);
  for (;;) {
    await page.waitForTimeout(100);
    const current = await page.evaluate(() => window.scrollY);
    if (current === previous) return current;
    previous = current;
  }
}

/** Distance from the top of the viewport to the element with this id. */
export const topOf = (page: Page, id: string) =>
  page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);
