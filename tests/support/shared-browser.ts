import { existsSync } from "node:fs";
import { type BrowserServer, chromium, type LaunchOptions } from "playwright-core";

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
 * (tests/support/browser.ts), decision 0035.
 */
export const BROWSER_ENDPOINT_ENV = "TRC_E2E_BROWSER_ENDPOINT";

/** Starts the one Chromium a browser-test run shares; test files connect to it. */
export function launchSharedBrowser(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM_LAUNCH_OPTIONS);
}
