/**
 * What the public pages' JavaScript costs a phone (issue 30), every public page beside its own
 * HTML with the scripts taken out, in one run:
 *
 *   node_modules/.bin/node bench/public-js.ts
 *
 * Builds the app (into BUILD_DIR, default build-bench; SKIP_BUILD=1 reuses it) and starts the
 * production server on a fresh database with one active posting. A second local server, the
 * "twin", answers every request by asking the app: documents come back with every script that
 * would run removed (inline and external; JSON-LD data blocks stay) and without their module
 * preloads, compressed as the app compressed them; everything else (styles, fonts, images) is
 * passed on byte for byte. Then, for every public page (or LH_PAGES, comma-separated paths):
 *  - Lighthouse 13 mobile (simulated throttling) on the page and on its twin, alternated run for
 *    run so that both meet the same machine load; medians of LH_RUNS runs (default 3) of
 *    Performance, Total Blocking Time, LCP, and the other three categories and CLS of the page;
 *  - the JavaScript a first visit loads (no service worker yet): files, gzipped bytes, and the
 *    gzipped bytes of the document's inline scripts;
 *  - a full load of the page later in a visit, online (page cache) and offline (service
 *    worker), throttled as Lighthouse's mobile runs (bench/public-navigation.ts).
 * Targets (issue 30): Performance within 2 points of the twin, Accessibility, Best Practices and
 * SEO 100, CLS 0, at most 40 KiB of gzipped JavaScript on a first visit of /, and every load
 * later in a visit under a second. Prints every
 * figure; exits with 1 when a target is missed. Lighthouse is not a project dependency: the
 * first run installs it without saving it (bench/lighthouse.ts).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  brotliCompressSync,
  brotliDecompressSync,
  deflateSync,
  gunzipSync,
  gzipSync,
  inflateSync,
} from "node:zlib";
import { chromium } from "playwright-core";
import { measureFirstVisitScripts } from "../tests/e2e/public-measure.ts";
import { startServer, type TestServer } from "../tests/support/server.ts";
// Not tests/support/browser.ts: it imports vitest, which a plain Node script cannot load.
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/support/shared-browser.ts";
import { addPosting, BUILD_DIR, build, median, print, sitemapPaths } from "./bench-site.ts";
import { type LighthouseRun, runLighthouse, SCORE_BUDGETS } from "./lighthouse.ts";
import { printNavigations } from "./public-navigation.ts";

const LIGHTHOUSE_RUNS = Number(process.env.LH_RUNS ?? 3);
/** A run Lighthouse itself could not complete (no paint recorded, a crashed tab) is repeated. */
const LIGHTHOUSE_ATTEMPTS = 3;
const ONLY = process.env.LH_PAGES?.split(",").filter(Boolean);
/** Issue 30: a page scores within this many points of its twin. */
const PERFORMANCE_GAP = 2;
/** Issue 30: JavaScript of a first visit of / (gzipped). */
const HOME_JS_BUDGET_BYTES = 40 * 1024;

const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
};

const EXECUTABLE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;

/** The document with every script a browser would run removed (data blocks stay). */
export function withoutScripts(html: string): string {
  return html
    .replace(EXECUTABLE_SCRIPT, (whole, attributes: string) =>
      DATA_BLOCK.test(attributes) ? whole : "",
    )
    .replace(MODULE_PRELOAD, "");
}

/** Gzipped bytes of the inline scripts a document runs. */
function inlineScriptBytes(html: string): number {
  let code = "";
  for (const match of html.matchAll(EXECUTABLE_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (DATA_BLOCK.test(attributes) || /\ssrc\s*=/i.test(attributes)) continue;
    code += match[2] ?? "";
  }
  return code === "" ? 0 : gzipSync(code).length;
}

const decode: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};
const encode: Record<string, (body: Buffer) => Buffer> = {
  gzip: gzipSync,
  br: brotliCompressSync,
  deflate: deflateSync,
};

/**
 * The twin: a proxy to `app` that takes the scripts out of every HTML answer and re-compresses
 * it the way the app had (so that both are measured at the same transfer cost).
 */
async function startTwin(app: TestServer): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: `127.0.0.1:${app.port}` };
    const forward = httpRequest(
      { host: "127.0.0.1", port: app.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!type.startsWith("text/html")) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const encoding = String(answer.headers["content-encoding"] ?? "");
          const raw = Buffer.concat(chunks);
          const html = (decode[encoding]?.(raw) ?? raw).toString("utf8");
          const stripped = Buffer.from(withoutScripts(html), "utf8");
          const body = encode[encoding]?.(stripped) ?? stripped;
          const { "transfer-encoding": _, "content-length": __, ...rest } = answer.headers;
          outgoing.writeHead(answer.statusCode ?? 502, { ...rest, "content-length": body.length });
          outgoing.end(body);
        });
      },
    );
    forward.on("error", () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** A production server answers warm: render each page a few times before measuring. */
async function warmUp(server: TestServer, paths: string[]) {
  for (let round = 0; round < 3; round++) {
    for (const path of paths) await (await fetch(`${server.url}${path}`)).text();
  }
}

async function lighthouseRun(url: string): Promise<LighthouseRun | undefined> {
  for (let attempt = 0; attempt < LIGHTHOUSE_ATTEMPTS; attempt++) {
    const run = await runLighthouse(url);
    if (run) return run;
  }
  return undefined;
}

interface PageFigures {
  path: string;
  performance: number;
  twinPerformance: number;
  tbtMs: number;
  twinTbtMs: number;
}

async function measurePage(app: TestServer, twinUrl: string, path: string) {
  const runs: LighthouseRun[] = [];
  const twinRuns: LighthouseRun[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const run = await lighthouseRun(`${app.url}${path}`);
    const twin = await lighthouseRun(`${twinUrl}${path}`);
    if (run) runs.push(run);
    if (twin) twinRuns.push(twin);
  }
  if (runs.length === 0 || twinRuns.length === 0) {
    check(false, `Lighthouse could not complete a run of ${path} or its twin`);
    return undefined;
  }
  const score = (list: LighthouseRun[], id: string) => median(list.map((r) => r.scores[id]!));
  const figures: PageFigures = {
    path,
    performance: score(runs, "performance"),
    twinPerformance: score(twinRuns, "performance"),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    twinTbtMs: median(twinRuns.map((r) => r.tbtMs)),
  };
  const lcp = median(runs.map((r) => r.lcpMs));
  const twinLcp = median(twinRuns.map((r) => r.lcpMs));
  const cls = Math.max(...runs.map((r) => r.cls));
  const others = ["accessibility", "best-practices", "seo"].map((id) => score(runs, id));
  print(
    `  ${path.padEnd(30)} ${String(figures.performance).padStart(3)} ${String(figures.twinPerformance).padStart(4)} ${String(figures.performance - figures.twinPerformance).padStart(4)}` +
      `  ${String(Math.round(figures.tbtMs)).padStart(6)} ${String(Math.round(figures.twinTbtMs)).padStart(6)}` +
      `  ${String(Math.round(lcp)).padStart(6)} ${String(Math.round(twinLcp)).padStart(6)}` +
      `  ${others.join("/")}  ${cls.toFixed(3)}` +
      `   (runs: ${runs.map((r) => r.scores.performance).join(",")} | twin ${twinRuns.map((r) => r.scores.performance).join(",")})`,
  );
  check(
    figures.performance >= figures.twinPerformance - PERFORMANCE_GAP,
    `Performance of ${path}: ${figures.performance}, its twin ${figures.twinPerformance}`,
  );
  for (const [index, id] of ["accessibility", "best-practices", "seo"].entries()) {
    // Which audits cost the points, so that a miss says what to fix.
    const failed = [...new Set(runs.flatMap((run) => run.failedAudits))].join(", ");
    check(
      others[index] === SCORE_BUDGETS[id],
      `Lighthouse ${id} on ${path}: ${others[index]} (failed audits: ${failed || "none"})`,
    );
  }
  check(cls === 0, `CLS on ${path}: ${cls.toFixed(3)}`);
  return figures;
}

async function measureScripts(app: TestServer, paths: string[]) {
  print("\nJavaScript of a first visit (no service worker yet), gzipped:");
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    for (const path of paths) {
      const scripts = await measureFirstVisitScripts(browser, `${app.url}${path}`);
      const files = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      const inline = inlineScriptBytes(await (await fetch(`${app.url}${path}`)).text());
      print(
        `  ${path.padEnd(30)} ${(files / 1024).toFixed(1).padStart(6)} KiB in ${String(scripts.length).padStart(2)} files, inline ${(inline / 1024).toFixed(1)} KiB`,
      );
      if (path === "/") {
        check(
          files + inline <= HOME_JS_BUDGET_BYTES,
          `JavaScript of a first visit of /: ${((files + inline) / 1024).toFixed(1)} KiB > 40 KiB`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  build();
  const app = await startServer({ BUILD_DIR });
  const twin = await startTwin(app);
  try {
    await addPosting(app);
    const paths = ONLY ?? (await sitemapPaths(app));
    await warmUp(app, paths);
    print(`Server ${app.url} (${BUILD_DIR}), twin without scripts ${twin.url}`);
    print(
      `\nLighthouse mobile, median of ${LIGHTHOUSE_RUNS} runs, page and twin alternated. ` +
        `Target: Performance within ${PERFORMANCE_GAP} of the twin; A11y/BP/SEO 100; CLS 0.`,
    );
    print(`  ${"page".padEnd(30)} perf twin  gap  TBT ms   twin  LCP ms   twin  a11y/bp/seo  CLS`);
    const measured: PageFigures[] = [];
    for (const path of paths) {
      const figures = await measurePage(app, twin.url, path);
      if (figures) measured.push(figures);
    }
    if (measured.length > 1) {
      const gaps = measured.map((f) => f.performance - f.twinPerformance);
      print(
        `  median gap ${median(gaps)}, worst ${Math.min(...gaps)}; median TBT ${Math.round(median(measured.map((f) => f.tbtMs)))} ms, twins ${Math.round(median(measured.map((f) => f.twinTbtMs)))} ms`,
      );
    }
    await measureScripts(app, paths);
    for (const missed of await printNavigations(app.url, paths)) check(false, missed);
  } finally {
    await twin.close();
    await app.stop();
  }
  print();
  if (failures.length > 0) {
    print(`Targets missed (${failures.length}):`);
    for (const failure of failures) print(`  - ${failure}`);
    process.exit(1);
  }
  print("Every public page is within reach of its own HTML.");
}

await main();
