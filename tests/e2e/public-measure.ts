import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { HtmlValidate } from "html-validate";
import type { Browser, Page } from "playwright-core";

/**
 * Measurements shared by the budget tests and bench/public-budgets.ts: the JavaScript
 * a first visit loads, and the admin-only files of a build.
 */

/** The HTML standard's rules (html-validate's "standard" preset: validity, not house style). */
const htmlValidator = new HtmlValidate({ extends: ["html-validate:standard"] });

/** What is invalid in a page's HTML as the server sends it: "line:column rule: message". */
export async function htmlErrors(html: string, name: string): Promise<string[]> {
  const report = await htmlValidator.validateString(html, name);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
  );
}

/** Issue 3: JavaScript sent to a first visit of a page that hydrates, gzipped, React included. */
export const JS_BUDGET_BYTES = 140 * 1024;

/**
 * Issue 30: JavaScript sent to a first visit of /, gzipped. Nothing on it needs React, so it loads
 * only the site's own script (decision 0067).
 */
export const HOME_JS_BUDGET_BYTES = 40 * 1024;

export interface LoadedScript {
  url: string;
  /** Size of the body gzipped as the server sends it (zlib default level). */
  gzipBytes: number;
  /** The file holds React's development build (the app was built without NODE_ENV=production). */
  developmentReact: boolean;
  /** Every request of the page load (set on each entry, for convenience). */
  allRequests: string[];
}

/**
 * Opens the URL in a fresh context (empty cache, no service worker: its precaching runs after
 * the page has loaded and is not part of what the page needs) and returns every script the page
 * loaded until the network was idle.
 */
export async function measureFirstVisitScripts(
  browser: Browser,
  url: string,
): Promise<LoadedScript[]> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const requests: string[] = [];
  const pending: Promise<Omit<LoadedScript, "allRequests"> | undefined>[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          gzipBytes: gzipSync(body).length,
          // A message only React's development build carries.
          developmentReact: body.includes("Invalid hook call"),
        }))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const scripts = (await Promise.all(pending)).filter((s) => s !== undefined);
  await context.close();
  return scripts.map((script) => ({ ...script, allRequests: requests }));
}

type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** Route modules of the admin area: app/routes/admin/** and any other route file named admin. */
const isAdminRoute = (key: string) => /^app\/routes\/(.+\/)?admin[^/]*(\/|\.)/.test(key);

/**
 * The client files that only admin routes use (their modules and the chunks they import, minus
 * whatever a non-admin route or the entry also uses), from the build's Vite manifest. None of
 * them may load on a public page.
 */
export function adminOnlyAssets(buildDir: string): Set<string> {
  const { manifest, closure } = buildScripts(buildDir);
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const admin = closure(entries.filter(isAdminRoute));
  const others = closure(entries.filter((key) => !isAdminRoute(key)));
  return new Set([...admin].filter((file) => !others.has(file)));
}

/**
 * The build's client manifest, and the script files (`/assets/...`) that the given entries
 * (source paths, e.g. `app/routes/admin/bookings.tsx`) load, imports included.
 */
export function buildScripts(buildDir: string) {
  const manifest = JSON.parse(
    readFileSync(join(buildDir, "client/.vite/manifest.json"), "utf8"),
  ) as ViteManifest;
  const closure = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(`/${chunk.file}`)) return;
      files.add(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return files;
  };
  return { manifest, closure };
}

export interface LayoutShift {
  value: number;
  /** When it happened, in ms since the document began loading. */
  at: number;
  /** Each element that moved (a text node by its parent), with where it was and where it went. */
  nodes: string[];
  /**
   * Whether everything that moved is text set in the brand face (Fraunces): a failure that says
   * so points at the font's arrival (decision 0097).
   */
  brandFontTextOnly: boolean;
}

/**
 * Makes every document the tab loads from now on record its layout shifts, leaving out those
 * right after the visitor's own input (as cumulative layout shift does). Read with
 * `layoutShiftsSoFar`.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShifts: LayoutShift[] };
    w.layoutShifts = [];
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((source) => {
          const node = source.node;
          const element = node instanceof Element ? node : (node?.parentElement ?? null);
          const isText = node?.nodeType === Node.TEXT_NODE;
          const name =
            isText && element
              ? `text "${node.textContent?.slice(0, 40)}" in ${element.outerHTML.slice(0, 100)}`
              : (element?.outerHTML.slice(0, 120) ?? String(node?.nodeName));
          return {
            description: `${name} moved ${rect(source.previousRect)} -> ${rect(source.currentRect)}`,
            brandFontText:
              isText &&
              element !== null &&
              /^"?Fraunces"?,/.test(getComputedStyle(element).fontFamily),
          };
        });
        w.layoutShifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          nodes: moved.map((source) => source.description),
          brandFontTextOnly: moved.length > 0 && moved.every((source) => source.brandFontText),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shifts the tab's document has recorded (`recordLayoutShifts`). */
export function layoutShiftsSoFar(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts);
}
