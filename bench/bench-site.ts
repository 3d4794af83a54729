/**
 * What the public-site benchmarks share: a production build, a server on a fresh database with
 * one active posting, and the list of public pages from its sitemap.
 */
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { type DB, openDatabase } from "../app/db/client.server.ts";
import type { TestServer } from "../tests/support/server.ts";

export const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";

export const print = (line = "") => process.stdout.write(`${line}\n`);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Raises the public content version as every write does (app/modules/commands/
 * content-version.server.ts, which Node cannot load here because of its `~/` imports).
 */
export async function bumpContentVersion(db: DB) {
  await sql`update ${sql.table("contentVersion")} set version = version + 1 where id = 'public'`.execute(
    db,
  );
}

/** Builds into BUILD_DIR unless SKIP_BUILD=1. */
export function build() {
  if (process.env.SKIP_BUILD === "1") return;
  print(`Building into ${BUILD_DIR}...`);
  const bin = resolve("node_modules/.bin");
  execFileSync(join(bin, "node"), ["scripts/build.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    // The project's Node 24 first on PATH, for the react-router CLI the build script runs.
    env: {
      ...process.env,
      BUILD_DIR,
      NODE_ENV: "production",
      PATH: `${bin}:${process.env.PATH ?? ""}`,
    },
  });
}

/** One active posting, so that /careers and a posting page are measured with content. */
export async function addPosting(server: TestServer) {
  const database = openDatabase(server.databaseUrl);
  const now = new Date().toISOString();
  await database.db
    .insertInto("careers")
    .values({
      id: "total-rewards-consultant",
      title: "Total Rewards Consultant",
      department: "Consulting",
      location: "New Delhi",
      type: "Full-time",
      experience: "4-7 years",
      salary: "₹18-24 LPA",
      description: "Lead reward design engagements for growing companies across India.",
      requirements: JSON.stringify(["5+ years in compensation consulting", "Strong Excel"]),
      responsibilities: JSON.stringify(["Lead client workshops", "Design pay structures"]),
      benefits: JSON.stringify(["Health cover for parents", "Learning budget"]),
      status: "active",
      postedDate: now.slice(0, 10),
      applications: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  // A write to public content: the page cache must see it (docs/decisions/0009).
  await bumpContentVersion(database.db);
  await database.close();
}

/**
 * The database a benchmark's server runs on: a fresh SQLite file (the default, decided by the
 * server), or with `postgres` a fresh schema on TEST_DATABASE_URL's server, dropped afterwards.
 */
export async function benchDatabase(dialect: string | undefined) {
  if (dialect !== "postgres") return { databaseUrl: undefined, drop: async () => {} };
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create schema "${schema}"`);
  const url = new URL(serverUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return { databaseUrl: url.toString(), drop: () => run(`drop schema "${schema}" cascade`) };
}

/** The sitemap's pages, as paths. */
export async function sitemapPaths(server: TestServer): Promise<string[]> {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
}
