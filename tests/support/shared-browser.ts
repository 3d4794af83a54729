import { existsSync } from "node:fs";
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from "playwright-core";

/**
 * Debian's Chromium as a headless shell (`apt-get install chromium-headless-shell`): the same
 * engine without the desktop browser around it. On the suite it needs a third less CPU than the
 * full browser in headless mode and reuses renderer processes (decision 0039).
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM_PATH = "/usr/bin/chromium";

/** What tests drive: CHROMIUM_PATH, else the headless shell, else the full Chromium. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);

/**
 * Said once per run by the browser tests' global setup when they fall back to the full Chromium:
 * the tests pass with it, only more slowly, and the run should say so rather than be slow in
 * silence.
 */
export function browserFallbackWarning(): string | undefined {
  if (process.env.CHROMIUM_PATH || CHROMIUM_PATH === HEADLESS_SHELL_PATH) return undefined;
  return (
    `Browser tests: ${HEADLESS_SHELL_PATH} is not installed, so they drive ${CHROMIUM_PATH}, ` +
    "which needs about a third more CPU (apt-get install chromium-headless-shell; decision 0039)."
  );
}

/**
 * Debian's Chromium, headless, with the flags that keep it from reaching for hosts this machine
 * cannot reach (../shared/machine/services.md). Playwright gives each context a fresh profile.
 */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/**
 * The WebSocket address of the run's shared Chromium: the e2e global setup
 * (tests/support/build-once.ts) launches it and names it here for `launchBrowser()`
 * (below), decision 0035.
 */
export const BROWSER_ENDPOINT_ENV = "TRC_E2E_BROWSER_ENDPOINT";

/** Starts the one Chromium a browser-test run shares; test files connect to it. */
export function launchSharedBrowser(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM_LAUNCH_OPTIONS);
}

/**
 * A browser for one test file. Inside a browser-test run it is a connection of its own to the
 * run's shared Chromium: its contexts are its own, and `close()` closes them and disconnects,
 * leaving Chromium to the other files. Outside one (a benchmark script) it launches Chromium.
 * Here, free of Vitest, so that benchmarks can use it. Over a connection Playwright cannot hand out a download's path: read it with
 * `downloadedBytes`.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_ENDPOINT_ENV];
  const browser = endpoint
    ? await chromium.connect(endpoint, { timeout: 30_000 })
    : await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  return withoutServiceWorkersByDefault(browser);
}

/**
 * New contexts (and `newPage`, which makes one) block service workers unless a test asks for
 * them with `serviceWorkers: "allow"`: on every first visit of a public page the site's worker
 * precaches the build (about 95 files, 1 MB), work the browser and the server would otherwise
 * repeat for each of the suite's few hundred contexts (decision 0056). The service-worker,
 * offline and journeys tests allow it.
 */
function withoutServiceWorkersByDefault(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: "block", ...options });
  return browser;
}
