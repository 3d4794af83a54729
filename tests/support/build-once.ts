import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * Vitest global setup for browser tests: builds the app once per run into BUILD_DIR (default
 * build/), so every test file starts the same production server. SKIP_BUILD=1 reuses a build.
 */
export default function setup() {
  const dir = process.env.BUILD_DIR ?? "build";
  if (process.env.SKIP_BUILD === "1" && existsSync(join(dir, "server/index.js"))) return;
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
