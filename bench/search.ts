/**
 * The site search with 10,000 documents (issue 29, decision 0058), measured and printed:
 *
 *   node_modules/.bin/node bench/search.ts            # SQLite and PostgreSQL
 *   node_modules/.bin/node bench/search.ts postgres   # one of them
 *
 * For each dialect: a fresh, migrated database with the default services (a temporary SQLite file; a schema of
 * its own on TEST_DATABASE_URL), BENCH_DOCUMENTS (10,000) published articles of varied words
 * inserted, then
 *  - the first index build (every document), and a rebuild after one article changed (what the
 *    first search after an edit pays);
 *  - searches as /search makes them (one page of 20 with snippets, and the count): a word in
 *    nearly every document, a word in about one in twenty, a rare word, two words, a phrase, an
 *    exclusion, a word in no document; each the median of RUNS runs after a warm-up, beside the
 *    target (50 ms), with the CPU time a run used (bench/cpu-time.ts: on a shared machine the
 *    wall time is mostly waiting for a core).
 * Figures only: the script does not fail on a number.
 */
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sql } from "kysely";
import { type CpuMeter, cpuMeter, nameConnections } from "./cpu-time.ts";
import { openFresh } from "./leads-inbox-data.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const TARGET_MS = 50;

// The app's "~/" alias and extensionless imports, for plain Node (as bench/leads-inbox.ts).
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
const { insertDefaultServices } = await import("../app/modules/services/services.server.ts");
const { bumpContentVersion } = await import("../app/modules/commands/content-version.server.ts");
const { ensureSearchIndex } = await import("../app/modules/search/search-index.server.ts");
const { searchSite } = await import("../app/modules/search/site-search.server.ts");

const TOPICS = [
  "compensation benchmarking for start-ups",
  "ESOP vesting and exercise windows",
  "sales incentive plan design",
  "employee benefits and insurance",
  "pay transparency and salary bands",
  "merit increase budgets",
  "gratuity under the Code on Social Security",
  "executive pay and board committees",
  "variable pay for plant workers",
  "retention bonuses after an acquisition",
];
const WORDS =
  "reward salary grade level market median percentile policy manager review cycle budget cost employee team growth founder board equity option grant payout target quota commission allowance wage structure tax regime deduction provident fund".split(
    " ",
  );

/** Deterministic text: a few hundred words per document, like a short article. */
function articleText(n: number): { title: string; summary: string; body: string } {
  const topic = TOPICS[n % TOPICS.length] ?? "";
  const words: string[] = [];
  let seed = n * 2654435761;
  for (let i = 0; i < 300; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    words.push(WORDS[seed % WORDS.length] ?? "pay");
  }
  // One in twenty mentions "zephyr"; one document only says "quasar".
  if (n % 20 === 0) words.splice(40, 0, "zephyr");
  if (n === 4321) words.splice(80, 0, "quasar");
  return {
    title: `${topic.charAt(0).toUpperCase()}${topic.slice(1)}, part ${n}`,
    summary: `Notes on ${topic} for growing companies in India.`,
    body: `## ${topic}\n\n${words.join(" ")}.`,
  };
}

async function timed(
  meter: CpuMeter,
  run: () => Promise<unknown>,
): Promise<{ ms: number; cpu: number }> {
  await run();
  const times: number[] = [];
  await meter.start();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const cpu = meter.stop() / RUNS;
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? 0, cpu };
}

const QUERIES = [
  ["a word in nearly every document", "salary"],
  ["a topic word (one in ten documents)", "gratuity"],
  ["a word in one in twenty documents", "zephyr"],
  ["a word in one document", "quasar"],
  ["two words", "merit budget"],
  ["a phrase", '"salary bands"'],
  ["a word, leaving another out", "incentive -quota"],
  ["a word in no document", "xylophone"],
] as const;

async function benchDialect(dialect: "sqlite" | "postgres") {
  const fresh = await openFresh(dialect);
  const database = openDatabase(fresh.url);
  try {
    const { db } = database;
    await migrateToLatest(db);
    await insertDefaultServices(db);
    const now = new Date().toISOString();
    for (let at = 0; at < DOCUMENTS; at += 500) {
      const rows = [];
      for (let n = at; n < Math.min(DOCUMENTS, at + 500); n++) {
        rows.push({
          slug: `bench-${n}`,
          category: "Reward Strategy",
          author: "Bench",
          publishedOn: "2026-11-01",
          status: "published",
          sample: dialect === "postgres" ? false : (0 as unknown as boolean),
          createdAt: now,
          updatedAt: now,
          ...articleText(n),
        });
      }
      await db.insertInto("articles").values(rows).execute();
    }
    await db.transaction().execute(bumpContentVersion);
    let started = performance.now();
    const built = await ensureSearchIndex(db);
    const buildMs = performance.now() - started;
    await db
      .updateTable("articles")
      .set({ body: sql`body || ' edited'` })
      .where("slug", "=", "bench-7")
      .execute();
    await db.transaction().execute(bumpContentVersion);
    started = performance.now();
    const refreshed = await ensureSearchIndex(db);
    const refreshMs = performance.now() - started;
    const count = await db
      .selectFrom("searchDocuments")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    console.log(`\n${dialect}: ${Number(count.n).toLocaleString("en")} documents in the index`);
    console.log(
      `  first build: ${buildMs.toFixed(0)} ms (${built.written} written); after one edit: ${refreshMs.toFixed(0)} ms (${refreshed.written} written)`,
    );
    const meter = await cpuMeter(db, dialect);
    if (dialect === "postgres" && !meter.serverCounted) {
      console.log("  (the server's CPU cannot be read from here: cpu is this process's only)");
    }
    for (const [name, query] of QUERIES) {
      let total = 0;
      const { ms, cpu } = await timed(meter, async () => {
        total = (await searchSite(db, query)).total;
      });
      const mark = ms <= TARGET_MS ? "ok" : "OVER";
      console.log(
        `  ${ms.toFixed(1).padStart(7)} ms  ${mark.padEnd(4)} (cpu ${cpu.toFixed(1).padStart(5)} ms) ${name} (${JSON.stringify(query)}: ${total.toLocaleString("en")} found)`,
      );
    }
  } finally {
    await database.close();
    await fresh.cleanup();
  }
}

nameConnections();
const only = process.argv[2];
console.log(
  `Site search, ${DOCUMENTS.toLocaleString("en")} articles, median of ${RUNS} runs; target ${TARGET_MS} ms a query; cpu: CPU time a run used (this process and its PostgreSQL backends)`,
);
for (const dialect of ["sqlite", "postgres"] as const) {
  if (!only || only === dialect) await benchDialect(dialect);
}
