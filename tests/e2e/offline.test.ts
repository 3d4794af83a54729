import { sql } from "kysely";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { waitForHydration, withServerDb } from "./public-support";

/*
 * Client-side navigations (React Router fetches `<path>.data`) while offline, in Chromium's
 * own offline emulation against the built server and its real service worker.
 */
describe("service worker: client-side navigations offline", () => {
  let browser: Browser;
  let context: BrowserContext;
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ serviceWorkers: "allow" });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const heading = (page: Page) => page.getByRole("heading", { level: 1 }).first().textContent();
  const primaryLink = (page: Page, name: string) =>
    page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name, exact: true });

  /**
   * The home page, controlled by the service worker, its script started. No public page hydrates
   * (decisions 0067, 0073, 0077): its links are full loads, answered by the worker offline.
   */
  const HYDRATED = "/";
  async function controlledHome(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}${HYDRATED}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`${server.url}${HYDRATED}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await waitForHydration(page);
    return page;
  }

  it("keeps a page reached by a link readable offline, by link and by reload", async () => {
    const page = await controlledHome();
    const startHeading = await heading(page);
    await primaryLink(page, "About").click();
    await page.waitForURL(`${server.url}/about`);
    await expect.poll(() => heading(page)).not.toBe(startHeading);
    const aboutHeading = await heading(page);
    // The page is saved in the background after the navigation; wait until the worker has it.
    await expect
      .poll(() => page.evaluate(async () => (await caches.match("/about"))?.status ?? 0))
      .toBe(200);

    // The home page, visited once through the worker, which keeps it.
    await page.goto(server.url);
    await waitForHydration(page);
    await context.setOffline(true);
    try {
      // A full load of the page (a reload, or a bookmark) shows it from the device.
      await page.goto(`${server.url}/about`);
      expect(await heading(page)).toBe(aboutHeading);
      // And so does a link to it from a page that runs only the site's own script (decision
      // 0067): a full load, answered by the worker.
      await page.goto(server.url);
      await waitForHydration(page);
      await primaryLink(page, "About").click();
      await page.waitForURL(`${server.url}/about`);
      await expect.poll(() => heading(page)).toBe(aboutHeading);
    } finally {
      await context.setOffline(false);
      await page.close();
    }
  });

  it("ends on the offline page, not the error page, for a link to a page never visited", async () => {
    const page = await controlledHome();
    await context.setOffline(true);
    try {
      await primaryLink(page, "Careers").click();
      await page.waitForURL(`${server.url}/careers`);
      await expect.poll(() => heading(page)).toBe("You are offline");
      expect(await page.getByText("Something Went Wrong").count()).toBe(0);
      // Back online, "Try again" opens the page itself.
      await context.setOffline(false);
      await page.getByRole("button", { name: "Try again" }).click();
      await expect.poll(() => heading(page)).not.toBe("You are offline");
      expect(new URL(page.url()).pathname).toBe("/careers");
    } finally {
      await context.setOffline(false);
      await page.close();
    }
  });

  it("still shows the error page to a visitor who is online when the server fails", async () => {
    const page = await controlledHome();
    // The careers page's loader fails while its table is away.
    await withServerDb(server, (db) => sql`ALTER TABLE careers RENAME TO careers_away`.execute(db));
    try {
      await primaryLink(page, "Careers").click();
      await page.waitForURL(`${server.url}/careers`);
      await expect.poll(() => heading(page)).toBe("Something Went Wrong");
    } finally {
      await withServerDb(server, (db) =>
        sql`ALTER TABLE careers_away RENAME TO careers`.execute(db),
      );
      await page.close();
    }
  });
});
