/**
 * One Lighthouse run (mobile, default simulated throttling) of a page in a fresh Chromium, as
 * bench/public-budgets.ts uses it: the four category scores and the metrics a reader checks.
 *
 * Lighthouse is not a dependency of the project (only this benchmark uses it, and CI need not
 * install its hundred-odd packages): the first run installs it without saving it,
 * `npm i --no-save lighthouse@13.5.0` (chrome-launcher comes with it). A later `npm install`
 * removes it again.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const LIGHTHOUSE_PACKAGE = "lighthouse@13.5.0";

/** The parts of Lighthouse's result read here (its own types come with the package). */
interface LighthouseResult {
  lhr: {
    runtimeError?: unknown;
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<
      string,
      {
        id: string;
        score: number | null;
        scoreDisplayMode: string;
        numericValue?: number;
        displayValue?: string;
      }
    >;
  };
}
type Lighthouse = (
  url: string,
  flags: { port: number; output: "json"; logLevel: "error"; onlyCategories: string[] },
) => Promise<LighthouseResult | undefined>;
interface ChromeLauncher {
  launch(options: {
    chromePath: string;
    chromeFlags: string[];
    userDataDir: string;
    logLevel: "silent";
  }): Promise<{ port: number; kill(): void }>;
}

// Names held in variables: the type checker does not look for a package that may be absent.
const LIGHTHOUSE_MODULE: string = "lighthouse";
const CHROME_LAUNCHER_MODULE: string = "chrome-launcher";

async function importTools(): Promise<{ lighthouse: Lighthouse; chromeLauncher: ChromeLauncher }> {
  const [lighthouse, chromeLauncher] = await Promise.all([
    import(LIGHTHOUSE_MODULE) as Promise<{ default: Lighthouse }>,
    import(CHROME_LAUNCHER_MODULE) as Promise<ChromeLauncher>,
  ]);
  return { lighthouse: lighthouse.default, chromeLauncher };
}

let tools: ReturnType<typeof importTools> | undefined;

/** Lighthouse and chrome-launcher, installed (not saved) on the first run that needs them. */
function loadTools(): ReturnType<typeof importTools> {
  tools ??= importTools().catch((error: unknown) => {
    if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    process.stdout.write(
      `Lighthouse is not installed (it is not a project dependency, so CI leaves it out).\n` +
        `Installing it for this benchmark: npm i --no-save ${LIGHTHOUSE_PACKAGE}\n`,
    );
    const installed = spawnSync(
      "npm",
      ["i", "--no-save", "--no-audit", "--no-fund", LIGHTHOUSE_PACKAGE],
      { stdio: "inherit" },
    );
    if (installed.status !== 0) {
      throw new Error(
        `Could not install ${LIGHTHOUSE_PACKAGE}: run npm i --no-save ${LIGHTHOUSE_PACKAGE}`,
      );
    }
    return importTools();
  });
  return tools;
}

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
  /** Total blocking time in milliseconds (simulated): what hydration costs a phone. */
  tbtMs: number;
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
  const { lighthouse, chromeLauncher } = await loadTools();
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
      tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
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
