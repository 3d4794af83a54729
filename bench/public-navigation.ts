/**
 * How fast a visitor moves between public pages now that they are full loads (issue 30: "a
 * stored page from the page cache or the service worker is a full load in well under a
 * second on the same run's throttling"). Part of bench/public-js.ts.
 *
 * Throttled as Lighthouse's mobile runs apply it in DevTools (Slow 4G: 562.5 ms of latency, 1.47
 * Mbit/s down, 0.68 up; the CPU four times slower), a visitor who opened `/` goes to every
 * public page in turn (a full load, as following a link is), twice:
 *  - online: the document from the server's page cache, the site's assets from the browser's
 *    cache (a visit with the service worker has them all from its precache);
 *  - offline: the document from the service worker's store (or its offline page, for a page it
 *    never keeps: one with a form's token).
 * For each load, the navigation's own timing: from its start to the end of the load event.
 */
import { type Browser, chromium } from "playwright-core";
// Not tests/support/browser.ts: it imports vitest, which a plain Node script cannot load.
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/support/shared-browser.ts";
import { median, print } from "./bench-site.ts";

/** Lighthouse's mobile throttling as DevTools applies it ("devtools" throttling method). */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;
/** "Well under a second". */
const NAVIGATION_BUDGET_MS = 1_000;

export interface NavigationFigures {
  path: string;
  onlineMs: number;
  offlineMs: number;
  /** The offline answer's title: the page itself, or the offline page for one never stored. */
  offlineTitle: string;
}

/** A throttled page in a new context, and the navigation timing of a full load of a path. */
async function throttledVisitor(
  browser: Browser,
  origin: string,
  serviceWorkers: "allow" | "block",
) {
  const context = await browser.newContext({
    serviceWorkers,
    viewport: { width: 412, height: 823 },
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const loadMs = async (path: string) => {
    await page.goto(`${origin}${path}`, { waitUntil: "load" });
    return page.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return entry ? entry.loadEventEnd - entry.startTime : Number.NaN;
    });
  };
  return { context, page, loadMs };
}

export async function measureNavigations(
  browser: Browser,
  origin: string,
  paths: string[],
): Promise<NavigationFigures[]> {
  // Online, without the service worker: DevTools' throttling does not reach a worker's own
  // fetches, so a page it answered would look fast for the wrong reason. A visit with the worker
  // has every asset of the build in its precache after the first page; here a first pass over
  // the pages puts them in the browser's cache instead, and the second pass is measured.
  const online = new Map<string, number>();
  const reader = await throttledVisitor(browser, origin, "block");
  try {
    for (const path of paths) await reader.loadMs(path);
    for (const path of paths) online.set(path, await reader.loadMs(path));
  } finally {
    await reader.context.close();
  }
  // Offline: the visitor read every page once with the worker in control, then lost the network.
  const offline = await throttledVisitor(browser, origin, "allow");
  try {
    await offline.loadMs("/");
    await offline.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((done) =>
          navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }),
        );
      }
    });
    for (const path of paths) await offline.loadMs(path);
    await offline.context.setOffline(true);
    const figures: NavigationFigures[] = [];
    for (const path of paths) {
      const offlineMs = await offline.loadMs(path);
      figures.push({
        path,
        onlineMs: online.get(path) ?? Number.NaN,
        offlineMs,
        offlineTitle: await offline.page.title(),
      });
    }
    return figures;
  } finally {
    await offline.context.close();
  }
}

/** Measures and prints every page's two loads; returns the targets missed. */
export async function printNavigations(origin: string, paths: string[]): Promise<string[]> {
  print(
    "\nA full load of each page once the visitor is on the site (Slow 4G and a 4x slower CPU, as" +
      ` Lighthouse's mobile runs; target under ${NAVIGATION_BUDGET_MS} ms): online, from the page` +
      " cache; offline, from the service worker.",
  );
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const missed: string[] = [];
  try {
    const figures = await measureNavigations(browser, origin, paths);
    for (const f of figures) {
      const [online, offline] = [Math.round(f.onlineMs), Math.round(f.offlineMs)];
      print(
        `  ${f.path.padEnd(30)} online ${String(online).padStart(5)} ms, offline ${String(offline).padStart(5)} ms  (${f.offlineTitle.slice(0, 50)})`,
      );
      // NaN (no timing) fails too.
      if (!(f.onlineMs < NAVIGATION_BUDGET_MS))
        missed.push(`Online load of ${f.path}: ${online} ms`);
      if (!(f.offlineMs < NAVIGATION_BUDGET_MS))
        missed.push(`Offline load of ${f.path}: ${offline} ms`);
    }
    print(
      `  median online ${Math.round(median(figures.map((f) => f.onlineMs)))} ms, offline ${Math.round(median(figures.map((f) => f.offlineMs)))} ms`,
    );
  } finally {
    await browser.close();
  }
  return missed;
}
