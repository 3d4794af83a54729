import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { TEMPLATE_BUILD_DIR_ENV, TEMPLATE_DATABASE_ENV } from "./server.ts";
import {
  BROWSER_ENDPOINT_ENV,
  browserFallbackWarning,
  CHROMIUM_PATH,
  launchSharedBrowser,
} from "./shared-browser.ts";
import { createTemplateDatabase } from "./template-database.ts";

/**
 * Vitest global setup for browser tests (decision 0035), once per run before any test file:
 * - builds the app into BUILD_DIR (default build/), so every test file starts the same
 *   production server; SKIP_BUILD=1 reuses a build;
 * - makes the template database every `startServer()` copies (migrated and seeded once);
 * - launches the one Chromium every `launchBrowser()` connects to.
 * Both are named to the test workers in environment variables (the workers are started after
 * this, with this process's environment); the teardown stops Chromium and removes the template.
 */
export default async function setup() {
  const dir = process.env.BUILD_DIR ?? "build";
  if (process.env.SKIP_BUILD !== "1" || !existsSync(join(dir, "server/index.js"))) {
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }
  const [made, launched] = await Promise.allSettled([
    createTemplateDatabase(),
    launchSharedBrowser(),
  ]);
  if (made.status === "rejected" || launched.status === "rejected") {
    // Leave nothing running or on disk behind a failed setup.
    if (made.status === "fulfilled") made.value.remove();
    if (launched.status === "fulfilled") await launched.value.close();
    throw made.status === "rejected" ? made.reason : (launched as PromiseRejectedResult).reason;
  }
  const template = made.value;
  const browser = launched.value;
  process.env[TEMPLATE_DATABASE_ENV] = template.file;
  process.env[TEMPLATE_BUILD_DIR_ENV] = resolve(dir);
  process.env[BROWSER_ENDPOINT_ENV] = browser.wsEndpoint();
  console.log(
    `Browser tests: template database migrated and seeded in ${template.freshStartMs} ms ` +
      `(server spawn to /readyz); one shared Chromium (${CHROMIUM_PATH}).`,
  );
  const fallback = browserFallbackWarning();
  if (fallback) console.error(fallback);
  return async () => {
    delete process.env[BROWSER_ENDPOINT_ENV];
    delete process.env[TEMPLATE_DATABASE_ENV];
    await browser.close();
    template.remove();
  };
}
