import type { Browser, BrowserContext, Page } from "playwright-core";

/* Shared by the public site's navigation tests (public-navigation.*.test.ts). */

/**
 * A fresh browser context and page at the given viewport, with the page's errors collected
 * (console errors other than the service worker's and the page-view beacon's).
 */
export async function newVisit(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // The page-view beacon is another area's endpoint; its answer is not what is tested here.
    if (message.location().url.includes("/api/page-view")) return;
    if (message.type() === "error" && !message.text().includes("Service Worker")) {
      errors.push(message.text());
    }
  });
  return { context, page, errors };
}

interface ScrollRecord {
  clickedAt?: number;
  /** When the router put the new URL in the history, before the new page rendered. */
  navigatedAt?: number;
  scrolls: { t: number; y: number }[];
}

/**
 * Logs, in the page's own clock, the next click, the next client-side navigation and every scroll
 * position from now on.
 */
export async function recordScrolling(page: Page) {
  await page.evaluate(() => {
    const record: ScrollRecord = { scrolls: [] };
    (window as unknown as { scrollRecord: ScrollRecord }).scrollRecord = record;
    const pushState = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History["pushState"]>) => {
      record.navigatedAt ??= performance.now();
      return pushState(...args);
    };
    document.addEventListener(
      "click",
      () => {
        record.clickedAt ??= performance.now();
      },
      { capture: true },
    );
    window.addEventListener(
      "scroll",
      () => record.scrolls.push({ t: performance.now(), y: window.scrollY }),
      { passive: true },
    );
  });
}

export function scrollRecord(page: Page): Promise<ScrollRecord> {
  return page.evaluate(() => (window as unknown as { scrollRecord: ScrollRecord }).scrollRecord);
}
