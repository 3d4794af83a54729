/**
 * The server's memory under load (issue 12, item 21), with its production Node options
 * (server/node-flags.ts) and, side by side in the same run, with Node's defaults:
 *
 *   node_modules/.bin/node bench/server-memory.ts            # SQLite; add "postgres" for PostgreSQL
 *
 * Builds the app (BUILD_DIR, default build-bench; SKIP_BUILD=1 reuses it), starts the two servers
 * on fresh databases, stores every public page in both (gzip and brotli), then runs wrk
 * (50 connections, BENCH_SECONDS per page, default 5, gzip) page by page against both servers at
 * once, ROUNDS times (default 2). Prints each server's resident memory (VmRSS) before
 * the load, the level it holds under the load (median of samples every 100 ms) and its peak, and
 * what it keeps 10 s after the load, with the requests per second each answered. Figures only, no
 * target: RSS depends little on the machine's other load, requests per second a lot (compare the
 * two rows, not runs).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { startServer, type TestServer } from "../tests/support/server.ts";
import {
  addPosting,
  BUILD_DIR,
  benchDatabase,
  build,
  median,
  print,
  sitemapPaths,
} from "./bench-site.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const CONNECTIONS = 50;
const STEADY_WAIT_MS = 10_000;

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) /
  1024;

function wrk(url: string): Promise<number> {
  return new Promise((done, fail) =>
    execFile(
      "wrk",
      ["-t1", `-c${CONNECTIONS}`, `-d${SECONDS}s`, "-H", "Accept-Encoding: gzip", url],
      { encoding: "utf8" },
      (error, out) =>
        error ? fail(error) : done(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    ),
  );
}

interface Measured {
  name: string;
  server: TestServer;
  drop: () => Promise<void>;
  before: number;
  samples: number[];
  requests: number[];
}

async function main() {
  build();
  const variants = [
    { name: "Node defaults", nodeFlags: [] as string[] },
    {
      name: `server/node-flags.ts (${SERVER_NODE_FLAGS.join(" ")})`,
      nodeFlags: [...SERVER_NODE_FLAGS],
    },
  ];
  const measured: Measured[] = [];
  try {
    for (const variant of variants) {
      const database = await benchDatabase(process.argv[2]);
      const server = await startServer(
        { BUILD_DIR, LOG_LEVEL: "info" },
        {
          databaseUrl: database.databaseUrl,
          stdoutFile: join(tmpdir(), `bench-memory-${process.pid}-${measured.length}.log`),
          nodeFlags: variant.nodeFlags,
        },
      );
      await addPosting(server);
      measured.push({
        name: variant.name,
        server,
        drop: database.drop,
        before: 0,
        samples: [],
        requests: [],
      });
    }
    const first = measured[0] as Measured;
    const paths = [...(await sitemapPaths(first.server)), "/sitemap.xml", "/robots.txt"];
    for (const { server } of measured) {
      for (const path of paths) {
        for (const encoding of ["gzip", "br", "gzip"]) {
          const response = await fetch(`${server.url}${path}`, {
            headers: { "accept-encoding": encoding },
          });
          await response.arrayBuffer();
        }
      }
    }
    // The background brotli work done, before "before" is read.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const m of measured) m.before = rssMb(m.server.process.pid as number);
    const sampler = setInterval(() => {
      for (const m of measured) m.samples.push(rssMb(m.server.process.pid as number));
    }, 100);
    print(
      `Build ${BUILD_DIR}, ${process.argv[2] === "postgres" ? "PostgreSQL" : "SQLite"}: wrk ${CONNECTIONS} connections on each server at once, ${SECONDS} s per page, ${paths.length} pages, ${ROUNDS} rounds`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of paths) {
        // Both at once: a load that never pauses for either (the collector shrinks an idle
        // server's heap within seconds), under the same conditions for both.
        const rates = await Promise.all(measured.map((m) => wrk(`${m.server.url}${path}`)));
        for (const [index, rate] of rates.entries()) measured[index]?.requests.push(rate);
      }
    }
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, STEADY_WAIT_MS));
    print(
      `\n  ${"Node options".padEnd(48)} ${"RSS before".padStart(10)} ${"under load".padStart(10)} ${"peak".padStart(8)} ${"10 s after".padStart(10)} ${"mean req/s".padStart(11)}`,
    );
    for (const m of measured) {
      const after = rssMb(m.server.process.pid as number);
      const mean = m.requests.reduce((sum, n) => sum + n, 0) / m.requests.length;
      const mb = (n: number, width: number) => `${n.toFixed(0)} MB`.padStart(width);
      print(
        `  ${m.name.padEnd(48)} ${mb(m.before, 10)} ${mb(median(m.samples), 10)} ${mb(Math.max(...m.samples), 8)} ${mb(after, 10)} ${mean.toFixed(0).padStart(11)}`,
      );
    }
  } finally {
    for (const m of measured) {
      await m.server.stop();
      await m.drop();
    }
  }
}

await main();
