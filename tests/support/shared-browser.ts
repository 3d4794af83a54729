import { type BrowserServer, chromium, type LaunchOptions } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
