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
