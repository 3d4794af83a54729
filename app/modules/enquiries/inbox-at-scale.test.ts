import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewEnquiryRow } from "~/db/schema";
import { csvLines } from "~/lib/csv-stream.server";
import { ENQUIRY_CSV_COLUMNS, enquiryCsvStream } from "~/modules/leads/enquiry-export.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  deleteEnquiriesByEmail,
  deleteEnquiry,
  markNotSpam,
  setEnquiryStatus,
} from "./enquiries.server";
import { countEnquiriesByStatus } from "./enquiry-stats.server";
import { found, row } from "./inbox-at-scale-fixtures";
import { listEnquiries } from "./inbox-list.server";

/*
 * Migration 0005 (docs/decisions/0011-inbox-at-scale.md): the search index kept in step with
 * every write, and the list's answers from the new indexes (deep pages counted from the far end,
 * the export's fast CSV writer). The migration itself: inbox-at-scale.migration.test.ts.
 */

describe.each(DIALECTS)("the inbox at scale on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("enquiries").execute();
    await t.db.deleteFrom("auditLog").execute();
  });

  it("finds a new enquiry by part of its name, e-mail or company, in any case", async () => {
    await t.db
      .insertInto("enquiries")
      .values([
        row(1, { fullName: "Ananya Krishnan", email: "ananya.k@lotus.in", company: "Lotus Foods" }),
        row(2, { fullName: "Rohan Mehta", email: "rohan@peacock.co", company: "Peacock Law" }),
        row(3, { fullName: 'Said "Quoted" Name', company: "100% Growth_Co" }),
      ])
      .execute();
    expect(await found(t.db, "krish")).toEqual(["enq_s_0001"]);
    expect(await found(t.db, "NANYA K")).toEqual(["enq_s_0001"]);
    expect(await found(t.db, "k@LOTUS.i")).toEqual(["enq_s_0001"]);
    expect(await found(t.db, "acock l")).toEqual(["enq_s_0002"]);
    expect(await found(t.db, '"quoted"')).toEqual(["enq_s_0003"]);
    expect(await found(t.db, "0% g")).toEqual(["enq_s_0003"]);
    expect(await found(t.db, "h_c")).toEqual(["enq_s_0003"]);
    // Shorter than a trigram, and a phrase spanning two fields (never a match).
    expect(await found(t.db, "kr")).toEqual(["enq_s_0001"]);
    expect(await found(t.db, "Krishnan ananya")).toEqual([]);
    expect(await found(t.db, "no such person")).toEqual([]);
  });

  it("keeps the search in step when a searched field changes, and not otherwise", async () => {
    await t.db
      .insertInto("enquiries")
      .values([row(1), row(2)])
      .execute();
    await t.db
      .updateTable("enquiries")
      .set({ fullName: "Meera Iyer", email: "meera@saffron.in", company: "Saffron Capital" })
      .where("id", "=", "enq_s_0001")
      .execute();
    expect(await found(t.db, "Name1 Person")).toEqual([]);
    expect(await found(t.db, "person1@example")).toEqual([]);
    expect(await found(t.db, "meera")).toEqual(["enq_s_0001"]);
    expect(await found(t.db, "@saffron")).toEqual(["enq_s_0001"]);
    expect(await found(t.db, "saffron cap")).toEqual(["enq_s_0001"]);

    // A status change, a spam release: still found, with the new status and folder.
    expect(await setEnquiryStatus(t.db, "enq_s_0001", "qualified", null)).toBe(true);
    const [qualified] = (await listEnquiries(t.db, { q: "meera", status: "qualified" })).items;
    expect(qualified?.status).toBe("qualified");
    expect((await listEnquiries(t.db, { q: "meera", status: "new" })).total).toBe(0);

    await t.db
      .updateTable("enquiries")
      .set({ spamReason: "honeypot" })
      .where("id", "=", "enq_s_0002")
      .execute();
    expect(await found(t.db, "name2 person")).toEqual([]);
    expect(await found(t.db, "name2 person", true)).toEqual(["enq_s_0002"]);
    expect(await markNotSpam(t.db, "enq_s_0002")).toBe(true);
    expect(await found(t.db, "name2 person")).toEqual(["enq_s_0002"]);
    expect(await found(t.db, "name2 person", true)).toEqual([]);
  });

  it("forgets a deleted or erased enquiry", async () => {
    await t.db
      .insertInto("enquiries")
      .values([
        row(1, { email: "erase.me@example.com" }),
        row(2, { email: "Erase.Me@Example.com", spamReason: "too_fast" }),
        row(3),
      ])
      .execute();
    expect(await found(t.db, "erase.me")).toEqual(["enq_s_0001"]);
    // What "Erase a person" does to the enquiries (the command around it is not this test's).
    expect(await deleteEnquiriesByEmail(t.db, " ERASE.me@example.com ")).toBe(2);
    expect(await found(t.db, "erase.me")).toEqual([]);
    expect(await found(t.db, "erase.me", true)).toEqual([]);
    expect(await deleteEnquiry(t.db, "enq_s_0003")).toBe(true);
    expect(await found(t.db, "name3")).toEqual([]);
    expect(await deleteEnquiriesByEmail(t.db, "nobody@example.com")).toBe(0);

    // Nothing is left behind in SQLite's search table; a new enquiry with the same text is found.
    if (dialect === "sqlite") {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from "enquirySearchRows"`.execute(t.db);
      expect(Number(rows[0]?.n)).toBe(0);
    }
    await t.db
      .insertInto("enquiries")
      .values(row(4, { email: "erase.me@example.com" }))
      .execute();
    expect(await found(t.db, "erase.me")).toEqual(["enq_s_0004"]);
  });

  it("pages from either end to the same list, and counts by status", async () => {
    const statuses = ["new", "contacted", "qualified", "closed"];
    const rows: NewEnquiryRow[] = [];
    for (let i = 0; i < 95; i++) {
      rows.push(
        row(i, {
          fullName: `${["Asha", "bina", "Chitra", "dev"][i % 4]} ${i % 7}`,
          company: `${["Zen", "alpha", "Mid"][i % 3]} Co`,
          status: statuses[i % 4]!,
          // Ties on the submission time, broken by the id.
          submittedAt: new Date(Date.UTC(2026, 0, 1) + (i % 30) * 60_000).toISOString(),
          spamReason: i % 19 === 0 ? "honeypot" : null,
        }),
      );
    }
    await t.db.insertInto("enquiries").values(rows).execute();
    for (const sort of ["submittedAt", "fullName", "company", "status"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        for (const filters of [{}, { status: "qualified" as const }, { q: "co" }, { q: "Asha" }]) {
          const everything = await listEnquiries(t.db, { ...filters, sort, dir, pageSize: 100 });
          const paged: string[] = [];
          for (let page = 1; page <= Math.ceil(everything.total / 7); page++) {
            const result = await listEnquiries(t.db, { ...filters, sort, dir, page, pageSize: 7 });
            paged.push(...result.items.map((e) => e.id));
          }
          expect(paged, JSON.stringify({ sort, dir, filters })).toEqual(
            everything.items.map((e) => e.id),
          );
        }
      }
    }
    const counts = await countEnquiriesByStatus(t.db);
    const inbox = rows.filter((r) => r.spamReason === null);
    expect(counts).toEqual({
      total: inbox.length,
      new: inbox.filter((r) => r.status === "new").length,
      contacted: inbox.filter((r) => r.status === "contacted").length,
      qualified: inbox.filter((r) => r.status === "qualified").length,
      closed: inbox.filter((r) => r.status === "closed").length,
    });
    expect((await listEnquiries(t.db, { spam: true })).total).toBe(95 - inbox.length);
  });

  it("exports a search in list order, with an empty export still carrying its header", async () => {
    await t.db
      .insertInto("enquiries")
      .values([
        row(1, { company: "Acme =1" }),
        row(2, { company: "Other" }),
        row(3, { company: "ACME" }),
      ])
      .execute();
    let text = "";
    for await (const chunk of enquiryCsvStream(t.db, { q: "acme", sort: "company", dir: "asc" }))
      text += chunk.toString();
    const records: string[][] = parse(text, { bom: true });
    expect(records.map((r) => r[2])).toEqual(["Company", "ACME", "Acme =1"]);
    let empty = "";
    for await (const chunk of enquiryCsvStream(t.db, { q: "nobody here" }))
      empty += chunk.toString();
    expect(empty).toBe(`\uFEFF${ENQUIRY_CSV_COLUMNS.join(",")}\r\n`);
  });
});

describe("the export's CSV writer", () => {
  it("writes every record byte for byte as csv-stringify does", () => {
    // A fixed pseudo-random sequence over the characters that matter to CSV and formulas.
    const alphabet = ['"', ",", "\r", "\n", "=", "+", "-", "@", "\t", "'", " ", "a", "é", "\uFF1D"];
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const records: string[][] = [];
    for (let r = 0; r < 3000; r++) {
      const record: string[] = [];
      for (let f = 0; f < ENQUIRY_CSV_COLUMNS.length; f++) {
        let field = "";
        const length = next() % 5;
        for (let c = 0; c < length; c++) field += alphabet[next() % alphabet.length];
        record.push(field);
      }
      records.push(record);
    }
    const options = {
      columns: [...ENQUIRY_CSV_COLUMNS],
      escape_formulas: true,
      record_delimiter: "windows" as const,
      quote_record_delimiter: true,
    };
    expect(csvLines(records)).toBe(stringify(records, { ...options, header: false }));
  });
});
