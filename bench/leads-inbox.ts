/**
 * The staff inbox with 100,000 enquiries (issues 4 and 10), measured and printed:
 *
 *   node_modules/.bin/node bench/leads-inbox.ts            # SQLite and PostgreSQL
 *   node_modules/.bin/node bench/leads-inbox.ts sqlite     # one of them
 *
 * For each dialect: a fresh database (a temporary SQLite file; a schema of its own on
 * TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), 100,000 enquiries
 * inserted (plus 2,000 held back as spam), then
 *  - every inbox view as the page makes it (stats; count + one page for the default view, a
 *    status filter, each sort, a deep page, searches that match and one that does not, searches
 *    of one and two letters and ones matching every enquiry, the spam folder), each the median of
 *    RUNS runs after a warm-up, beside its target (50 ms); two edge cases (a broad search in an
 *    order that puts its matches last, a deep page of a search matching every enquiry) are
 *    printed without one;
 *  - the CSV export streamed to nowhere (the unfiltered list, and a filtered, name-sorted one),
 *    each in a child process of its own so that its peak memory (resourceUsage().maxRSS, and
 *    the largest RSS and heap seen while it ran) is the export's and nothing else's; the full
 *    export beside its target (3 s).
 * Figures only: the script does not fail on a number.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { dirname, join, resolve } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sql } from "kysely";
import { ENQUIRIES, openFresh, SPAM, seed } from "./leads-inbox-data.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/**
 * The last export runs with its V8 heap capped below the size of what it exports (100,000
 * enquiries are ~20 MB of CSV and several times that as objects): an export that held its rows
 * would run out of memory instead of finishing. (The cap makes the collector work harder, so
 * that run is slower than the uncapped one above it.)
 */
const HEAP_CAP_MB = Number(process.env.BENCH_HEAP_CAP_MB ?? 48);

/*
 * The app's modules use the "~/" alias and extensionless imports (resolved by Vite in the app).
 * This resolves them for plain Node, so the benchmark runs the very code the server runs.
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    let target = specifier;
    if (specifier.startsWith("~/"))
      target = pathToFileURL(join(ROOT, "app", specifier.slice(2))).href;
    const local =
      target.startsWith("file:") ||
      ((target.startsWith("./") || target.startsWith("../")) &&
        context.parentURL?.startsWith(pathToFileURL(join(ROOT, "app")).href));
    if (local && !/\.[cm]?[jt]sx?$/.test(target)) {
      const base = new URL(target, context.parentURL);
      for (const extension of [".ts", ".tsx"]) {
        if (existsSync(fileURLToPath(`${base.href}${extension}`))) {
          return nextResolve(`${base.href}${extension}`, context);
        }
      }
    }
    return nextResolve(target, context);
  },
});

const { openDatabase } = await import("../app/db/client.server.ts");
const { migrateToLatest } = await import("../app/db/migrate.server.ts");
const { listEnquiries } = await import("../app/modules/enquiries/inbox-list.server.ts");
const { countEnquiriesByStatus } = await import("../app/modules/enquiries/enquiry-stats.server.ts");
const { enquiryCsvStream } = await import("../app/modules/leads/enquiry-export.server.ts");
type Filters = NonNullable<Parameters<typeof listEnquiries>[1]>;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  await run(); // warm-up
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, result };
}

/** Every inbox view must answer within this (count, one page and its rows). */
const VIEW_TARGET_MS = 50;
/** The full export (every enquiry) must finish within this, at flat memory. */
const EXPORT_TARGET_MS = 3000;

const QUERIES: { name: string; options: Filters & { page?: number } }[] = [
  { name: "count + first page, newest first (the default view)", options: {} },
  { name: "status filter, page 200", options: { status: "contacted", page: 200 } },
  { name: "sort by name, page 1", options: { sort: "fullName", dir: "asc" } },
  { name: "sort by company desc, page 1", options: { sort: "company", dir: "desc" } },
  { name: "sort by status (workflow order), page 100", options: { sort: "status", page: 100 } },
  { name: "sort by submitted, oldest first, page 1", options: { sort: "submittedAt", dir: "asc" } },
  { name: "deep page: newest first, page 2,500 of 5,000", options: { page: 2500 } },
  { name: "deep page: by name, page 2,500 of 5,000", options: { sort: "fullName", page: 2500 } },
  {
    name: 'search hit "acme" + status + sort by name, page 3',
    options: { q: "acme", status: "qualified", sort: "fullName", dir: "asc", page: 3 },
  },
  {
    name: 'search hit "priya.4" (e-mail) + sort by company desc',
    options: { q: "priya.4", sort: "company", dir: "desc" },
  },
  { name: 'search hit "sharma1" (part of a name)', options: { q: "sharma1" } },
  { name: "search with no match", options: { q: "nobody-matches-this" } },
  { name: 'search of one letter "a" (nearly every enquiry)', options: { q: "a" } },
  { name: 'search of two letters "ab" (below the trigram length)', options: { q: "ab" } },
  { name: 'search matching every enquiry ".com"', options: { q: ".com" } },
  { name: 'search matching every enquiry "example"', options: { q: "example" } },
  { name: "spam folder", options: { spam: true } },
];

/** Not inbox views anyone relies on, printed so that their cost is known. */
const EDGE_QUERIES: { name: string; options: Filters & { page?: number } }[] = [
  {
    name: 'search "ab" by company desc (its matches all at the far end of that order)',
    options: { q: "ab", sort: "company", dir: "desc" },
  },
  { name: 'search ".com", page 2,500 of 5,000', options: { q: ".com", page: 2500 } },
];

const EXPORTS: { name: string; filters: Filters }[] = [
  { name: "everything, newest first", filters: {} },
  { name: 'search "acme", sorted by name', filters: { q: "acme", sort: "fullName", dir: "asc" } },
];

/** In a child process: one export, measured; prints a JSON line. */
async function exportChild(url: string, index: number) {
  const database = openDatabase(url);
  const filters = EXPORTS[index]!.filters;
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let peakExternal = before.external;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakExternal = Math.max(peakExternal, now.external);
  }, 5);
  let bytes = 0;
  let lines = 0;
  const started = performance.now();
  await pipeline(
    enquiryCsvStream(database.db, filters),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
        // A slow reader, as a download is: backpressure keeps the export's memory flat.
        setImmediate(done);
      },
    }),
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  await database.close();
  process.stdout.write(
    `${JSON.stringify({
      ms,
      bytes,
      lines,
      rssBeforeMb: before.rss / 2 ** 20,
      peakRssMb: peakRss / 2 ** 20,
      peakHeapMb: peakHeap / 2 ** 20,
      peakExternalMb: peakExternal / 2 ** 20,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    })}\n`,
  );
}

const fmt = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;

async function benchDialect(dialect: "sqlite" | "postgres") {
  const { url, cleanup } = await openFresh(dialect);
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    const seedMs = await seed(database.db);
    // Fresh statistics and visibility map, as autovacuum keeps them on a live database (it
    // vacuums a table after inserts too): index-only scans rely on the visibility map.
    if (dialect === "postgres") await sql`vacuum analyze`.execute(database.db);
    console.log(`\n== ${dialect}: ${ENQUIRIES.toLocaleString("en")} enquiries (+${SPAM} spam)`);
    console.log(`inserted in ${(seedMs / 1000).toFixed(1)} s`);

    const mark = (ms: number, target: number) =>
      `${fmt(ms)}  (target < ${target} ms: ${ms < target ? "met" : "MISSED"})`;
    console.log(`\nInbox views (count + one page of 20 and its rows; median of ${RUNS}):`);
    const stats = await timed(() => countEnquiriesByStatus(database.db));
    console.log(`${mark(stats.ms, VIEW_TARGET_MS)}  stats (total and per status)`);
    for (const query of QUERIES) {
      const { ms, result } = await timed(() => listEnquiries(database.db, query.options));
      console.log(
        `${mark(ms, VIEW_TARGET_MS)}  ${query.name}: ${result.total.toLocaleString("en")} match, page ${result.page} of ${result.pageCount}`,
      );
    }
    console.log("\nEdge cases (figures only):");
    for (const query of EDGE_QUERIES) {
      const { ms, result } = await timed(() => listEnquiries(database.db, query.options));
      console.log(`${fmt(ms)}  ${query.name}: ${result.total.toLocaleString("en")} match`);
    }
    await database.close();

    console.log("\nCSV export, streamed to a slow reader (a child process each):");
    const runExport = (index: number, heapCapMb?: number) => {
      const child = spawnSync(
        process.execPath,
        [
          "--expose-gc",
          ...(heapCapMb ? [`--max-old-space-size=${heapCapMb}`] : []),
          fileURLToPath(import.meta.url),
          "--export-child",
          url,
          String(index),
        ],
        { encoding: "utf8", env: { ...process.env, LOG_LEVEL: "silent" } },
      );
      if (child.status !== 0) throw new Error(`export child failed:\n${child.stderr}`);
      return JSON.parse(child.stdout.trim().split("\n").at(-1)!);
    };
    for (let index = 0; index < EXPORTS.length; index++) {
      const figures = runExport(index);
      const target =
        index === 0
          ? ` (target < ${EXPORT_TARGET_MS} ms: ${figures.ms < EXPORT_TARGET_MS ? "met" : "MISSED"})`
          : "";
      console.log(
        `${fmt(figures.ms)}${target}  ${EXPORTS[index]!.name}: ${(figures.lines - 1).toLocaleString("en")} rows, ${(figures.bytes / 2 ** 20).toFixed(1)} MB; ` +
          `RSS ${figures.rssBeforeMb.toFixed(0)} MB before, peak ${figures.peakRssMb.toFixed(0)} MB (maxRSS ${figures.maxRssMb.toFixed(0)} MB); ` +
          `peak heap ${figures.peakHeapMb.toFixed(0)} MB, external ${figures.peakExternalMb.toFixed(0)} MB`,
      );
    }
    const capped = runExport(0, HEAP_CAP_MB);
    console.log(
      `${fmt(capped.ms)}  everything again, V8 heap capped at ${HEAP_CAP_MB} MB: ${(capped.lines - 1).toLocaleString("en")} rows, ` +
        `peak heap ${capped.peakHeapMb.toFixed(0)} MB (finished: the export does not hold its rows)`,
    );
  } finally {
    await database.close();
    await cleanup();
  }
}

if (process.argv[2] === "--export-child") {
  await exportChild(process.argv[3]!, Number(process.argv[4]));
} else {
  process.env.LOG_LEVEL ??= "silent";
  const only = process.argv[2];
  const dialects = (["sqlite", "postgres"] as const).filter((d) => !only || d === only);
  for (const dialect of dialects) await benchDialect(dialect);
}
