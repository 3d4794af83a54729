/**
 * How long the production server takes from its spawn to its first ready answer (/readyz), on a
 * fresh data folder (migrations, seed, the sample PDFs) and on a database it has seen before,
 * against the floor in the same run: a bare Node process that answers /readyz from node:http.
 * Target (issue 23): under 2 s on a fresh data folder after the build.
 *
 *   node_modules/.bin/node bench/server-start.ts        # builds into build-bench/ first
 *   SKIP_BUILD=1 node_modules/.bin/node bench/server-start.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { freePort } from "../tests/support/server.ts";
import { BUILD_DIR, build, median, print } from "./bench-site.ts";

const RUNS = Number(process.env.RUNS ?? 5);
const NODE = resolve("node_modules/.bin/node");

/** Milliseconds from spawn to the first 200 of /readyz; the process is stopped afterwards. */
async function timeToReady(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(NODE, args, {
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 10));
    }
    return performance.now() - started;
  } finally {
    const exited = new Promise((done) => child.once("close", done));
    child.kill("SIGTERM");
    await exited;
  }
}

const BARE_SERVER = `require("node:http").createServer((q, s) => s.end("ready")).listen(Number(process.env.PORT), "127.0.0.1")`;

function serverEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "bench-secret-0123456789-0123456789-0123456789",
    BASE_URL: "http://127.0.0.1",
    BUILD_DIR,
    LOG_LEVEL: "warn",
  };
}

build();
const bare: number[] = [];
const fresh: number[] = [];
const again: number[] = [];
for (let run = 0; run < RUNS; run++) {
  bare.push(await timeToReady(["-e", BARE_SERVER], {}));
  const dir = mkdtempSync(join(tmpdir(), "bench-start-"));
  const env = serverEnv(`file:${join(dir, "site.db")}`);
  fresh.push(await timeToReady([...SERVER_NODE_FLAGS, "server/main.ts"], env));
  again.push(await timeToReady([...SERVER_NODE_FLAGS, "server/main.ts"], env));
  rmSync(dir, { recursive: true, force: true });
}

const floor = median(bare);
print(`Server start to /readyz, median of ${RUNS} (same run):`);
print(`  bare node:http process     ${floor.toFixed(0).padStart(6)} ms   1.0x`);
for (const [label, values] of [
  ["fresh data folder", fresh],
  ["existing database", again],
] as const) {
  const ms = median(values);
  print(`  ${label.padEnd(26)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / floor).toFixed(1)}x`);
}
print(`Target: fresh data folder under 2000 ms: ${median(fresh) < 2000 ? "met" : "NOT met"}`);
