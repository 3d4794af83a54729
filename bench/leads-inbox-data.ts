import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { openDatabase } from "../app/db/client.server.ts";

/*
 * The data of bench/leads-inbox.ts: a fresh database of either dialect and the enquiries it is
 * filled with. Nothing here imports the app's modules at run time (leads-inbox.ts installs the
 * resolver they need first); the type import is erased.
 */

export const ENQUIRIES = Number(process.env.BENCH_ENQUIRIES ?? 100_000);
export const SPAM = Math.round(ENQUIRIES / 50);
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Handle = ReturnType<typeof openDatabase>;

const FIRST = ["Aarav", "Priya", "Rohan", "Ananya", "Vikram", "Meera", "Arjun", "Kavya", "Ishaan"];
const LAST = ["Sharma", "Iyer", "Nair", "Gupta", "Reddy", "Das", "Mehta", "Kapoor", "Singh"];
const COMPANIES = ["Acme", "Banyan", "Cedar", "Lotus", "Monsoon", "Peacock", "Saffron", "Tiger"];
const SUFFIXES = ["Analytics", "Bank", "Health", "Labs", "Capital", "Systems", "Foods", "Law"];
const STATUSES = ["new", "contacted", "qualified", "closed"];
const SERVICES = ["equity", "executive", "regional", "benchmarking", "rewards", "benefits"];

/** Inserts ENQUIRIES enquiries a minute apart (and SPAM held back as spam); returns the ms taken. */
export async function seed(db: Handle["db"]): Promise<number> {
  const started = performance.now();
  const batchSize = 1000;
  const start = Date.UTC(2024, 0, 1);
  for (let offset = 0; offset < ENQUIRIES + SPAM; offset += batchSize) {
    const rows = [];
    for (let i = offset; i < Math.min(offset + batchSize, ENQUIRIES + SPAM); i++) {
      const firstName = FIRST[i % FIRST.length]!;
      const lastName = `${LAST[(i * 7) % LAST.length]!}${i % 97}`;
      const company = `${COMPANIES[(i * 3) % COMPANIES.length]} ${SUFFIXES[(i * 5) % SUFFIXES.length]} ${i % 211}`;
      rows.push({
        id: `enq_${String(start + i * 60_000)}_${String(i).padStart(6, "0")}`,
        firstName,
        lastName,
        fullName: `${firstName} ${lastName}`,
        email: `${firstName.toLowerCase()}.${i}@example${i % 13}.com`,
        company,
        title: "Head of Total Rewards",
        phone: "+91 98100 00000",
        companySize: "51-200",
        industry: "technology",
        service: SERVICES[i % SERVICES.length]!,
        timeline: "short",
        message: `We are looking at our ESOP plan and pay bands, enquiry number ${i}. "Quoted", with, commas.`,
        newsletter: i % 4 === 0,
        submittedAt: new Date(start + i * 60_000).toISOString(),
        status: STATUSES[Math.floor(i / 3) % 4]!,
        source: "contact_form",
        spamReason: i >= ENQUIRIES ? "honeypot" : null,
        updatedAt: null,
      });
    }
    await db.insertInto("enquiries").values(rows).execute();
  }
  return performance.now() - started;
}

/** A fresh database: a temporary SQLite file, or a schema of its own on PG_URL. */
export async function openFresh(dialect: "sqlite" | "postgres") {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "bench-leads-"));
    const url = `file:${join(dir, "bench.db")}`;
    return { url, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import("pg");
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const scoped = new URL(PG_URL);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    },
  };
}
