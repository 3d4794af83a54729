import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/*
 * The entry turns on Node's compile cache (issue 23) and says so when it cannot. Both runs stop
 * at the configuration check (a PORT that is not a number), which comes after the cache is set up.
 */
const NODE = resolve("node_modules/.bin/node");
const dir = mkdtempSync(join(tmpdir(), "trc-compile-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runEntry(cacheDir: string) {
  return spawnSync(NODE, ["server/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "not-a-port",
      NODE_COMPILE_CACHE: cacheDir,
    },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("server entry", () => {
  it("fills the compile cache that the next start reuses", () => {
    const cacheDir = join(dir, "cache");
    const run = runEntry(cacheDir);
    expect(run.status).toBe(1);
    expect(run.stderr).not.toContain("compile_cache_unavailable");
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
  });

  it("warns, and still starts, when the cache cannot be written", () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    const run = runEntry(join(blocker, "cache"));
    expect(run.stderr).toContain('"event":"compile_cache_unavailable"');
    // It went on to the configuration check, as a start without the cache would.
    expect(run.stderr).toContain("Invalid configuration: PORT");
  });
});
