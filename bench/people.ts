/**
 * People (issue 26) at 100,000 people and 500,000 records, measured and printed:
 *
 *   node_modules/.bin/node bench/people.ts            # SQLite and PostgreSQL
 *   node_modules/.bin/node bench/people.ts sqlite     # one of them
 *   BENCH_PEOPLE=10000 node_modules/.bin/node bench/people.ts   # smaller
 *   BENCH_DB=file:/tmp/people.db node_modules/.bin/node bench/people.ts sqlite   # kept, see below
 *
 * `BENCH_DB` names a database of the one dialect asked for that the run keeps: seeded only when it
 * holds no people yet, migrated to the latest schema on every run (so a new migration meets
 * 100,000 people), so a change can be measured again without seeding 500,000 records anew.
 *
 * For each dialect: a fresh database (bench/leads-inbox-data.ts), migrated, then bulk inserts of
 * 500,000 records from 100,000 addresses (per address three enquiries, one of them a resource or
 * calculator lead, a newsletter sign-up; a booking for three in five, a job application for two
 * in five; a stored source for every third enquiry), with the `people` triggers running as they
 * do for the forms; tags and notes for one person in ten. Then every people view as the pages
 * make them (the list's count + page + tags, deep pages, searches by name, e-mail and company, a
 * search with no match, the tag filter, a person's page with the whole timeline), each the
 * median of RUNS runs after a warm-up, beside its target (50 ms), with the CPU time a run used
 * (bench/cpu-time.ts: on a shared machine the wall time is mostly waiting for a core). Figures
 * only: the script does not fail on a number.
 */
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sql } from "kysely";
import { type CpuMeter, cpuMeter, nameConnections } from "./cpu-time.ts";
import { openFresh } from "./leads-inbox-data.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const TARGET_MS = 50;

/* The app's "~/" alias and extensionless imports, resolved for plain Node (as bench/leads-inbox.ts). */
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
const { listPeople, peopleTags } = await import("../app/modules/people/people.server.ts");
const { getPerson } = await import("../app/modules/people/person.server.ts");
const { consultantFixture } = await import("../app/modules/bookings/booking-fixtures.ts");
const { createCareer } = await import("../app/modules/careers/careers.server.ts");
const { careerInputSchema } = await import("../app/modules/careers/career.schema.ts");
type DB = ReturnType<typeof openDatabase>["db"];

const FIRST = ["Aarav", "Priya", "Rohan", "Ananya", "Vikram", "Meera", "Arjun", "Kavya", "Ishaan"];
const LAST = ["Sharma", "Iyer", "Nair", "Gupta", "Reddy", "Das", "Mehta", "Kapoor", "Singh"];
const COMPANIES = ["Acme", "Banyan", "Cedar", "Lotus", "Monsoon", "Peacock", "Saffron", "Tiger"];
const START = Date.UTC(2024, 0, 1);
const BATCH = 1000;

const nameOf = (p: number) => `${FIRST[p % FIRST.length]} ${LAST[(p * 7) % LAST.length]}${p % 97}`;
const emailOf = (p: number) =>
  `${FIRST[p % FIRST.length]?.toLowerCase()}.${p}@example${p % 13}.com`;
const companyOf = (p: number) => `${COMPANIES[(p * 3) % COMPANIES.length]} ${p % 211}`;
const at = (n: number) => new Date(START + n * 20_000).toISOString();

async function inBatches(total: number, insert: (from: number, to: number) => Promise<unknown>) {
  for (let from = 0; from < total; from += BATCH) await insert(from, Math.min(total, from + BATCH));
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

async function seed(db: DB): Promise<{ ms: number; records: number }> {
  const started = performance.now();
  const { consultant } = await consultantFixture(db);
  const career = await createCareer(
    db,
    careerInputSchema.parse({
      title: "Rewards Consultant",
      department: "Consulting",
      location: "New Delhi",
      type: "Full-time",
      description: "Design pay structures.",
      requirements: ["Excel"],
      benefits: ["Learning budget"],
      status: "active",
    }),
  );
  const enquiries = PEOPLE * 3;
  const SOURCES = ["contact", "resource:salary-guide", "calculator:ctc-to-in-hand"];
  await inBatches(enquiries, (from, to) =>
    db
      .insertInto("enquiries")
      .values(
        range(from, to).map((i) => {
          const p = i % PEOPLE;
          const [firstName = "", lastName = ""] = nameOf(p).split(" ");
          return {
            id: `enq_${String(i).padStart(7, "0")}`,
            firstName,
            lastName,
            fullName: nameOf(p),
            email: emailOf(p),
            company: companyOf(p),
            title: "",
            phone: "",
            companySize: "",
            industry: "",
            service: "",
            timeline: "",
            message: `Enquiry ${i}`,
            newsletter: false,
            submittedAt: at(i),
            status: "new",
            source: SOURCES[Math.floor(i / PEOPLE)] ?? "contact",
            spamReason: null,
            updatedAt: null,
          };
        }),
      )
      .execute(),
  );
  const blank = (prefix: string) =>
    Object.fromEntries(
      ["Medium", "Term", "Content", "Referrer", "Landing", "Date"].map((f) => [
        `${prefix}${f}`,
        "",
      ]),
    );
  await inBatches(Math.floor(enquiries / 3), (from, to) =>
    db
      .insertInto("leadSources")
      .values(
        range(from, to).map((n) => ({
          id: `src_${n}`,
          enquiryId: `enq_${String(n * 3).padStart(7, "0")}`,
          bookingId: null,
          applicationId: null,
          subscriberId: null,
          firstSource: "linkedin",
          firstCampaign: "q4-rewards",
          latestSource: "google.com",
          latestCampaign: "",
          ...blank("first"),
          ...blank("latest"),
          createdAt: at(n),
          updatedAt: at(n),
        })) as never,
      )
      .execute(),
  );
  await inBatches(PEOPLE, (from, to) =>
    db
      .insertInto("newsletterSubscribers")
      .values(
        range(from, to).map((p) => ({
          id: `sub_${p}`,
          email: emailOf(p),
          status: "subscribed",
          source: "footer",
          consentText: "Send me the newsletter",
          consentedAt: at(enquiries + p),
          confirmedAt: at(enquiries + p),
          unsubscribedAt: null,
          token: `token_${p}`,
          createdAt: at(enquiries + p),
          updatedAt: at(enquiries + p),
        })),
      )
      .execute(),
  );
  const bookings = Math.floor((PEOPLE * 3) / 5);
  await inBatches(bookings, (from, to) =>
    db
      .insertInto("bookings")
      .values(
        range(from, to).map((b) => ({
          id: `bk_${b}`,
          consultantId: consultant.id,
          startsAt: at(b * 10),
          endsAt: at(b * 10 + 90),
          visitorName: nameOf(b),
          visitorEmail: emailOf(b),
          visitorCompany: companyOf(b),
          visitorPhone: "",
          visitorTimeZone: "Asia/Kolkata",
          status: "booked",
          enquiryId: `enq_${String(b).padStart(7, "0")}`,
          icsUid: `uid_${b}`,
          icsSequence: 0,
          manageLinkVersion: 1,
          createdAt: at(enquiries + PEOPLE + b),
          updatedAt: at(enquiries + PEOPLE + b),
        })),
      )
      .execute(),
  );
  const applications = Math.floor((PEOPLE * 2) / 5);
  await inBatches(applications, (from, to) =>
    db
      .insertInto("applications")
      .values(
        range(from, to).map((a) => {
          const p = PEOPLE - 1 - a;
          return {
            id: `app_${a}`,
            careerId: career.id,
            careerTitle: "Rewards Consultant",
            fullName: nameOf(p),
            email: emailOf(p),
            phone: "",
            location: "Delhi",
            noticePeriod: "",
            profileUrl: "",
            coverNote: "",
            consentText: "I agree",
            cvFileId: null,
            status: "new",
            spamReason: null,
            submittedAt: at(enquiries + PEOPLE + bookings + a),
            updatedAt: null,
          };
        }),
      )
      .execute(),
  );
  const people = await db.selectFrom("people").select("id").orderBy("id").execute();
  const tagged = people.filter((_, i) => i % 10 === 0);
  await inBatches(tagged.length, (from, to) =>
    db
      .insertInto("personTags")
      .values(
        tagged.slice(from, to).map((p) => ({ personId: p.id, tag: "hot lead", createdAt: at(0) })),
      )
      .execute(),
  );
  await inBatches(tagged.length, (from, to) =>
    db
      .insertInto("personNotes")
      .values(
        tagged.slice(from, to).map((p, i) => ({
          id: `note_${from + i}`,
          personId: p.id,
          authorId: null,
          authorName: "Bench",
          body: "Called; send a proposal.",
          createdAt: at(1),
        })),
      )
      .execute(),
  );
  return { ms: performance.now() - started, records: enquiries + PEOPLE + bookings + applications };
}

let meter: CpuMeter | undefined;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; cpu: number; result: T }> {
  await run(); // warm-up
  const times: number[] = [];
  let result!: T;
  await meter?.start();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = await run();
    times.push(performance.now() - started);
  }
  const cpu = (meter?.stop() ?? 0) / RUNS;
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? 0, cpu, result };
}

const fmt = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;
const mark = (ms: number, cpu: number) =>
  `${fmt(ms)}  (target < ${TARGET_MS} ms: ${ms < TARGET_MS ? "met" : "MISSED"}; cpu ${cpu.toFixed(1).padStart(5)} ms)`;

async function benchDialect(dialect: "sqlite" | "postgres") {
  const kept = process.env.BENCH_DB;
  const { url, cleanup } = kept ? { url: kept, cleanup: async () => {} } : await openFresh(dialect);
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    const already = kept
      ? await database.db.selectFrom("people").select("id").limit(1).execute()
      : [];
    const { ms, records } = already.length > 0 ? { ms: 0, records: 0 } : await seed(database.db);
    if (dialect === "postgres") await sql`vacuum analyze`.execute(database.db);
    else await sql`analyze`.execute(database.db);
    const { count } = await database.db
      .selectFrom("people")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const made =
      already.length > 0
        ? "seeded by an earlier run"
        : `${records.toLocaleString("en")} records inserted with the triggers in ${(ms / 1000).toFixed(1)} s`;
    console.log(`\n== ${dialect}: ${Number(count).toLocaleString("en")} people (${made})`);
    meter = await cpuMeter(database.db, dialect);
    console.log(
      `\nPeople views (median of ${RUNS}; cpu: CPU time a run used, this process${meter.serverCounted ? " and its PostgreSQL backends" : ""}):`,
    );
    const lists: { name: string; options: Parameters<typeof listPeople>[1] }[] = [
      { name: "list: count + first page + tags", options: {} },
      { name: "list: page 100", options: { page: 100 } },
      { name: "list: deep page 2,000 of 4,000", options: { page: 2000 } },
      { name: 'search by name "sharma1"', options: { q: "sharma1" } },
      { name: 'search by e-mail "priya.4510@"', options: { q: "priya.4510@" } },
      { name: 'search by company "banyan 17"', options: { q: "banyan 17" } },
      { name: "search with no match", options: { q: "nobody-matches-this" } },
      { name: 'search of one letter "a" (nearly everyone)', options: { q: "a" } },
      { name: 'search of two letters "sh" (a third)', options: { q: "sh" } },
      { name: 'search of two letters "q7" (nobody)', options: { q: "q7" } },
      { name: 'search matching everyone ".com"', options: { q: ".com" } },
      { name: 'tag filter "hot lead"', options: { tag: "hot lead" } },
    ];
    for (const list of lists) {
      const { ms: took, cpu, result } = await timed(() => listPeople(database.db, list.options));
      const more = "capped" in result && result.capped ? " (counted up to that)" : "";
      console.log(
        `${mark(took, cpu)}  ${list.name}: ${result.total.toLocaleString("en")} match${more}`,
      );
    }
    const tags = await timed(() => peopleTags(database.db));
    console.log(
      `${mark(tags.ms, tags.cpu)}  the tag filter's choices: ${tags.result.length} tag(s) in use`,
    );
    // What the pager's "Next" link asks for on page 1,999: the page after its last person.
    const previous = await listPeople(database.db, { page: 1999 });
    if ("after" in previous && previous.after) {
      const after = previous.after;
      const {
        ms: took,
        cpu,
        result,
      } = await timed(() => listPeople(database.db, { page: 2000, after }));
      console.log(
        `${mark(took, cpu)}  list: deep page 2,000 by the "Next" link of page 1,999: ${result.items.length} shown`,
      );
    }
    const sample = await database.db
      .selectFrom("people")
      .select("id")
      .where("email", "in", [emailOf(0), emailOf(Math.floor(PEOPLE / 2)), emailOf(PEOPLE - 1)])
      .execute();
    for (const { id } of sample) {
      const { ms: took, cpu, result } = await timed(() => getPerson(database.db, id));
      console.log(
        `${mark(took, cpu)}  a person's page (${result?.timeline.length ?? 0} timeline items, tags, subscription)`,
      );
    }
  } finally {
    await database.close();
    await cleanup();
  }
}

process.env.LOG_LEVEL ??= "silent";
nameConnections();
const only = process.argv[2];
if (process.env.BENCH_DB && !only)
  throw new Error("BENCH_DB needs the dialect: sqlite or postgres");
for (const dialect of (["sqlite", "postgres"] as const).filter((d) => !only || d === only)) {
  await benchDialect(dialect);
}
