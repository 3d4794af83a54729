/**
 * Public pages at static-file speed (issue 10), measured side by side with nginx:
 *
 *   node_modules/.bin/node bench/public-pages.ts
 *
 * Builds the app (BUILD_DIR, default build-bench; SKIP_BUILD=1 reuses it), starts the production
 * server on a fresh SQLite database with one active posting, and for every public page (the
 * sitemap's, sitemap.xml, robots.txt and the offline page):
 *  - a cache miss: the content version is raised, the page asked for once, and the server's own
 *    render time read from `Server-Timing` (median and worst of MISS_RUNS, default 5);
 *  - throughput: wrk (50 connections, BENCH_SECONDS each, default 5) against our server and
 *    against nginx serving the very same gzip bytes with `gzip_static`, alternated page by page;
 *    requests per second of both, the ratio, our p99 latency and any error.
 * nginx and wrk come from Debian (installed with apt-get when missing). Targets: ratio at least
 * 0.25, p99 under 10 ms, no errors, a miss under 15 ms. With the argument `postgres` the server runs
 * on a fresh PostgreSQL schema (TEST_DATABASE_URL's server) instead of SQLite. Pages rendered per visitor (decision 0009)
 * are printed but held only to the miss target. Exits with 1 when a target is missed. Also prints
 * the server's resident memory (VmRSS) before the load, under it and 10 s after it; the server
 * runs with the production Node options (server/node-flags.ts), or Node's own with NODE_DEFAULTS=1.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase } from "../app/db/client.server.ts";
import { startServer, type TestServer } from "../tests/support/server.ts";
import {
  addPosting,
  BUILD_DIR,
  benchDatabase,
  build,
  bumpContentVersion,
  median,
  print,
  sitemapPaths,
} from "./bench-site.ts";
import { ensureDebianTool, startNginx, wrk } from "./load-tools.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const MISS_RUNS = Number(process.env.MISS_RUNS ?? 5);
const TARGET = { ratio: 0.25, p99Ms: 10, missMs: 15 };
/** How long after the load the server's steady-state memory is read. */
const STEADY_WAIT_MS = 10_000;

const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
};

/** The resident memory of a process in MB (VmRSS), as `top` and the kernel count it. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * The server's memory through the load, sampled every 100 ms (wrk runs as a child process, so
 * this process's timers keep running).
 */
function memoryWatch(pid: number) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(rssMb(pid)), 100);
  return {
    peak: () => Math.max(...samples),
    /** The level it holds under load: the median of the samples. */
    underLoad: () => median(samples),
    stop: () => clearInterval(timer),
  };
}

/** The nginx file a path is served from (a directory's index.html for page paths). */
const nginxFile = (root: string, path: string) =>
  /\.(xml|txt)$/.test(path) ? join(root, path) : join(root, path, "index.html");

/** Our server's render time for a page right after a write, from its Server-Timing header. */
async function missTimes(server: TestServer, path: string): Promise<number[]> {
  const database = openDatabase(server.databaseUrl);
  const times: number[] = [];
  try {
    for (let run = 0; run < MISS_RUNS; run++) {
      await bumpContentVersion(database.db);
      const response = await fetch(`${server.url}${path}`, {
        headers: { "accept-encoding": "gzip" },
      });
      await response.arrayBuffer();
      if (response.headers.get("x-cache") !== "MISS") throw new Error(`${path}: not a miss`);
      const timing = /render;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
      times.push(Number(timing?.[1] ?? Number.NaN));
    }
  } finally {
    await database.close();
  }
  return times;
}

/** Waits until every page is stored again and its brotli copy made (background work done). */
async function settle(server: TestServer, paths: string[]) {
  for (const path of paths) {
    for (let i = 0; i < 100; i++) {
      const response = await fetch(`${server.url}${path}`, {
        headers: { "accept-encoding": "br, gzip" },
      });
      await response.arrayBuffer();
      const encoding = response.headers.get("content-encoding");
      // The contact page is gzip only (each visitor's token is spliced into it).
      if (encoding === "br" || (encoding === "gzip" && response.headers.get("etag") === null))
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function main() {
  ensureDebianTool("/usr/sbin/nginx", "nginx");
  ensureDebianTool("/usr/bin/wrk", "wrk");
  build();
  const work = mkdtempSync(join(tmpdir(), "bench-pages-"));
  // nginx's workers run as an unprivileged user: they must be able to read the pages.
  chmodSync(work, 0o755);
  const database = await benchDatabase(process.argv[2]);
  // Request logs stay on, as in production, written to a file.
  const server = await startServer(
    { BUILD_DIR, LOG_LEVEL: "info" },
    {
      databaseUrl: database.databaseUrl,
      stdoutFile: join(work, "server.log"),
      // NODE_DEFAULTS=1: without server/node-flags.ts, to compare (bench/server-memory.ts does
      // both side by side).
      ...(process.env.NODE_DEFAULTS === "1" ? { nodeFlags: [] } : {}),
    },
  );
  print(`Server on ${database.databaseUrl ? "PostgreSQL" : "SQLite"}, nginx from Debian`);
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    await addPosting(server);
    const paths = [...(await sitemapPaths(server)), "/sitemap.xml", "/robots.txt", "/offline"];

    // The same bytes for nginx: each page's body as our server sends it, and its gzip copy.
    const root = join(work, "root");
    const stored = new Set<string>();
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`, {
        headers: { "accept-encoding": "identity" },
      });
      const body = Buffer.from(await response.arrayBuffer());
      const again = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "gzip" } });
      await again.arrayBuffer();
      if (again.headers.get("x-cache") === "HIT") stored.add(path);
      const file = nginxFile(root, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, body);
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
    nginx = await startNginx(root, work);

    print(
      `\nCache miss: server render time after a write (${MISS_RUNS} runs; target < ${TARGET.missMs} ms)`,
    );
    for (const path of paths) await missTimes(server, path); // warm the code paths first
    for (const path of paths) {
      const times = await missTimes(server, path);
      const worst = Math.max(...times);
      print(
        `  ${path.padEnd(44)} median ${median(times).toFixed(1).padStart(5)} ms  worst ${worst.toFixed(1).padStart(5)} ms`,
      );
      check(median(times) < TARGET.missMs, `${path}: a miss takes ${median(times).toFixed(1)} ms`);
    }
    await settle(server, paths);

    print(
      `\nThroughput at ${CONNECTIONS} connections, ${SECONDS} s each, gzip (targets: ratio >= ${TARGET.ratio}, p99 < ${TARGET.p99Ms} ms, no errors)`,
    );
    print(
      `  ${"page".padEnd(44)} ${"nginx req/s".padStart(12)} ${"ours req/s".padStart(11)} ${"ratio".padStart(6)} ${"our p99".padStart(9)} ${"nginx p99".padStart(9)} errors (ours / nginx)`,
    );
    const ratios: number[] = [];
    const pid = server.process.pid as number;
    const rssBefore = rssMb(pid);
    const memory = memoryWatch(pid);
    for (const path of paths) {
      const reference = await wrk(`${nginx.url}${path}`, CONNECTIONS, SECONDS);
      const ours = await wrk(`${server.url}${path}`, CONNECTIONS, SECONDS);
      const ratio = ours.rps / reference.rps;
      const perVisitor = !stored.has(path);
      print(
        `  ${(perVisitor ? `${path} (per visitor)` : path).padEnd(44)} ${reference.rps.toFixed(0).padStart(12)} ${ours.rps.toFixed(0).padStart(11)} ${ratio.toFixed(2).padStart(6)} ${`${ours.p99Ms.toFixed(2)} ms`.padStart(9)} ${`${reference.p99Ms.toFixed(2)} ms`.padStart(9)} ${ours.errors} / ${reference.errors}`,
      );
      check(ours.errors === 0, `${path}: ${ours.errors} errors`);
      check(
        reference.errors === 0,
        `${path}: nginx answered ${reference.errors} errors (no valid reference)`,
      );
      if (perVisitor) continue;
      ratios.push(ratio);
      check(ratio >= TARGET.ratio, `${path}: ratio ${ratio.toFixed(2)} below ${TARGET.ratio}`);
      check(ours.p99Ms < TARGET.p99Ms, `${path}: p99 ${ours.p99Ms.toFixed(2)} ms`);
    }
    print(
      `\n  stored pages: median ratio ${median(ratios).toFixed(2)}, lowest ${Math.min(...ratios).toFixed(2)}`,
    );
    memory.stop();
    const underLoad = memory.underLoad();
    // What the server keeps once the load is over and its collector has had time.
    await new Promise((resolve) => setTimeout(resolve, STEADY_WAIT_MS));
    print(
      `\n  server memory (RSS): ${rssBefore.toFixed(0)} MB before the load; under it ${underLoad.toFixed(0)} MB (median), peak ${memory.peak().toFixed(0)} MB; ${rssMb(pid).toFixed(0)} MB ${STEADY_WAIT_MS / 1000} s after it`,
    );
  } finally {
    nginx?.stop();
    await server.stop();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
  print();
  if (failures.length > 0) {
    print(`Missed targets:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exit(1);
  }
  print("Every target met.");
}

await main();
