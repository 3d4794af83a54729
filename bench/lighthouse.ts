/**
 * One Lighthouse run (mobile, default simulated throttling) of a page in a fresh Chromium, as
 * bench/public-budgets.ts uses it: the four category scores and the metrics a reader checks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Issue 3: Performance at least 98; Accessibility, Best Practices and SEO 100. */
export const SCORE_BUDGETS: Record<string, number> = {
  performance: 98,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

export interface LighthouseRun {
  /** Category scores, 0-100. */
  scores: Record<string, number>;
  /** Largest contentful paint in milliseconds (simulated). */
  lcpMs: number;
  cls: number;
  /** The metrics as Lighthouse displays them, one line. */
  metricsLine: string;
  /** Binary audits that failed (their ids). */
  failedAudits: string[];
}

/**
 * Runs Lighthouse once on `url`; undefined when Lighthouse itself could not finish (no paint
 * recorded, a crashed tab), which the caller repeats.
 */
export async function runLighthouse(url: string): Promise<LighthouseRun | undefined> {
  const userDataDir = mkdtempSync(join(tmpdir(), "lh-profile-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(SCORE_BUDGETS),
    });
    if (!result || result.lhr.runtimeError) return undefined;
    const { categories, audits } = result.lhr;
    return {
      scores: Object.fromEntries(
        Object.keys(SCORE_BUDGETS).map((id) => [
          id,
          Math.round((categories[id]?.score ?? 0) * 100),
        ]),
      ),
      lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      metricsLine: METRICS.map(
        (id) => `${id.replace(/-/g, " ")} ${audits[id]?.displayValue ?? "?"}`,
      ).join(", "),
      failedAudits: Object.values(audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
        )
        .map((audit) => audit.id),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
