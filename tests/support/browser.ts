import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium, headless, with the flags that keep it from reaching for hosts this machine
 * cannot reach (../shared/machine/services.md). Playwright gives each launch a fresh profile.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
  });
}

/**
 * Resolves once React has hydrated an admin page. The account menu button is rendered only after
 * hydration (before it, plain links stand in), so its presence means client behaviour is wired:
 * confirm dialogs, list editors and in-place forms. Attached, not visible: on a phone it sits in
 * the closed menu.
 */
export async function waitForAdminHydration(page: Page): Promise<void> {
  await page.getByText("Account menu", { exact: true }).waitFor({ state: "attached" });
}
