import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { launchBrowser } from "../support/browser";
import { freePort, startServer, type TestServer } from "../support/server";
import { waitForHydration, withServerDb } from "./public-support";

/*
 * The service worker against two real builds of the site: build one (the run's own build) is
 * served, visited and taken offline; then the server is replaced by build two on the same
 * address, and the open pages must end up on build two, without losing a half-filled contact
 * form. Only build two is made here: one build less in the suite.
 */
const base = process.env.BUILD_DIR ?? "build";
const builds = { one: base, two: `${base}-sw-two` };
/** The identifier the run's build was given (scripts/build.ts writes it beside the client). */
const buildOne = readFileSync(join(builds.one, "client/build-id.txt"), "utf8").trim();

function build(dir: string, buildId: string) {
  execFileSync(resolve("node_modules/.bin/node"), ["scripts/build.ts"], {
    env: { ...process.env, BUILD_DIR: dir, BUILD_ID: buildId },
    stdio: "ignore",
  });
}

const buildIdOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.buildId);

describe("service worker: offline pages and updates", () => {
  let browser: Browser;
  let context: BrowserContext;
  let server: TestServer;
  let port: number;
  let dataDir: string;
  let databaseUrl: string;

  beforeAll(async () => {
    build(builds.two, "sw-test-two");
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), "trc-sw-"));
    databaseUrl = `file:${join(dataDir, "site.db")}`;
    server = await startServer({ BUILD_DIR: builds.one }, { port, databaseUrl });
    browser = await launchBrowser();
    context = await browser.newContext({ serviceWorkers: "allow" });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(builds.two, { recursive: true, force: true });
  });

  it("serves sw.js uncached, precaching no admin code", async () => {
    const response = await fetch(`${server.url}/sw.js`);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const script = await response.text();
    expect(script).toContain('url:"/offline"');
    const precached = [...script.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
    // The admin routes' own chunks (from Vite's manifest) must not be among them.
    const manifest = JSON.parse(
      readFileSync(join(builds.one, "client/.vite/manifest.json"), "utf8"),
    ) as Record<string, { file: string }>;
    const adminChunks = Object.entries(manifest)
      .filter(([source]) => source.startsWith("app/routes/admin/"))
      .map(([, chunk]) => chunk.file);
    expect(adminChunks.length).toBeGreaterThan(0);
    expect(precached.filter((url) => adminChunks.includes(url!))).toEqual([]);
    // Nor what they load later with import(): the charts' drawings (Recharts).
    const drawings = manifest["app/components/admin/chart-drawings.tsx"]?.file;
    expect(drawings).toMatch(/^assets\/chart-drawings-/);
    expect(precached).not.toContain(drawings);
    expect(precached).toContain(
      manifest["app/routes/public/home.tsx?__react-router-build-client-route"]?.file,
    );
    expect(await (await fetch(`${server.url}/version.json`)).json()).toEqual({
      buildId: buildOne,
    });
  });

  it("shows visited pages offline, and the offline page for others", async () => {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Now controlled: this visit goes through the worker and is kept.
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await buildIdOf(page)).toBe(buildOne);

    await context.setOffline(true);
    await page.goto(server.url);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "People. Purpose. Pay. Perfectly Aligned.",
    );
    await page.goto(`${server.url}/about`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "You are offline",
    );
    await context.setOffline(false);
    await page.close();
  });

  it("keeps public pages for offline use, never a booking page's free times", async () => {
    const page = await context.newPage();
    // No public page hydrates (decisions 0067, 0073, 0077): links are full loads through the
    // worker, which keeps public pages but never one meant for one visitor (`private`): /book
    // with its times and its form's token, nor the other spans and zones its island fetches.
    await withServerDb(server, (db) => consultantFixture(db, { name: "Asha Rao" }));
    await page.goto(`${server.url}/book`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL(`${server.url}/about`);
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "Schedule Consultation" }).click();
    await page.waitForURL(`${server.url}/book`);
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(async () => (await caches.match("/about"))?.status ?? 0))
      .toBe(200);
    const kept = await page.evaluate(async () => {
      const entries: Array<{ path: string; cacheControl: string }> = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          entries.push({
            path: new URL(request.url).pathname,
            cacheControl: (await cache.match(request))?.headers.get("cache-control") ?? "",
          });
        }
      }
      return entries;
    });
    expect(kept.map((entry) => entry.path)).toContain("/about");
    expect(kept.filter((entry) => entry.path.startsWith("/book"))).toEqual([]);
    await page.close();
  });

  it("moves open pages to a new build, keeping a half-filled contact form", async () => {
    const home = await context.newPage();
    await home.goto(server.url);
    await home.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const contact = await context.newPage();
    await contact.goto(`${server.url}/contact`);
    await contact.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The app watches for unsent input once it has started; typing before that would go unseen.
    await waitForHydration(contact);
    const firstName = contact.locator('input[name="firstName"]');
    await firstName.fill("Asha");

    await server.stop();
    server = await startServer({ BUILD_DIR: builds.two }, { port, databaseUrl });

    // The tab becomes visible again: the check runs about a second later.
    for (const page of [home, contact]) {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    }
    await home.waitForFunction(
      () => document.documentElement.dataset.buildId === "sw-test-two",
      null,
      {
        timeout: 20_000,
      },
    );
    const cacheNames = await home.evaluate(() => caches.keys());
    expect(cacheNames.length).toBeGreaterThan(0);
    expect(cacheNames.every((name) => name.includes("sw-test-two"))).toBe(true);

    // The page with unsent input is not reloaded: it offers the update instead.
    await contact
      .getByRole("status")
      .filter({ hasText: "A new version of this site is available." })
      .waitFor();
    expect(await firstName.inputValue()).toBe("Asha");
    expect(await buildIdOf(contact)).toBe(buildOne);
    await contact.getByRole("button", { name: "Reload" }).click();
    await contact.waitForFunction(() => document.documentElement.dataset.buildId === "sw-test-two");
  });
});
