import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewEnquiryRow } from "~/db/schema";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { ENQUIRY_SORT_FIELDS, type EnquiryStatus } from "./enquiry.schema";
import { BLANK_OPTIONALS, collect, ids, insertEnquiry } from "./enquiry-fixtures";
import { type EnquiryFilters, listEnquiries, streamEnquiries } from "./inbox-list.server";

describe.each(DIALECTS)("the inbox list on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("enquiries").execute();
  });

  it("searches full name, email and company case-insensitively, with % and _ taken literally", async () => {
    const alice = await insertEnquiry(t.db, {
      firstName: "Alice",
      lastName: "Smith",
      company: "Initech",
    });
    const bob = await insertEnquiry(t.db, {
      firstName: "Bob",
      lastName: "Jones",
      email: "Bob.Jones@Globex.COM",
    });
    const carol = await insertEnquiry(t.db, {
      firstName: "Carol",
      lastName: "White",
      company: "ACME Rewards",
    });
    const percent = await insertEnquiry(t.db, { company: "100% Growth" });
    const underscore = await insertEnquiry(t.db, { email: "first_last@example.com" });
    const search = async (q: string) =>
      ids((await listEnquiries(t.db, { q, sort: "submittedAt", dir: "asc" })).items);

    expect(await search("aLiCe sM")).toEqual([alice]);
    expect(await search("GLOBEX.com")).toEqual([bob]);
    expect(await search("acme")).toEqual([carol]);
    expect(await search("  initech  ")).toEqual([alice]);
    expect(await search("%")).toEqual([percent]);
    expect(await search("100%")).toEqual([percent]);
    expect(await search("_")).toEqual([underscore]);
    expect(await search("first_")).toEqual([underscore]);
    expect(await search("nobody")).toEqual([]);
    expect(await search("")).toHaveLength(5);
  });

  it("filters by status", async () => {
    const a = await insertEnquiry(t.db, { status: "new" });
    const b = await insertEnquiry(t.db, { status: "qualified" });
    const c = await insertEnquiry(t.db, { status: "qualified" });
    expect(ids((await listEnquiries(t.db, { status: "qualified" })).items)).toEqual([c, b]);
    expect(ids((await listEnquiries(t.db, { status: "new" })).items)).toEqual([a]);
    expect(ids((await listEnquiries(t.db, { status: "closed" })).items)).toEqual([]);
    expect((await listEnquiries(t.db, { status: "all" })).total).toBe(3);
  });

  it("sorts by each field in both directions (status in workflow order), newest first by default", async () => {
    const a = await insertEnquiry(t.db, {
      firstName: "charlie",
      lastName: "X",
      company: "Beta",
      status: "qualified",
      submittedAt: "2026-03-02T10:00:00.000Z",
    });
    const b = await insertEnquiry(t.db, {
      firstName: "Alice",
      lastName: "X",
      company: "gamma",
      status: "closed",
      submittedAt: "2026-03-03T10:00:00.000Z",
    });
    const c = await insertEnquiry(t.db, {
      firstName: "Bob",
      lastName: "X",
      company: "Alpha",
      status: "new",
      submittedAt: "2026-03-01T10:00:00.000Z",
    });
    const expected: Record<(typeof ENQUIRY_SORT_FIELDS)[number], string[]> = {
      submittedAt: [c, a, b],
      fullName: [b, c, a],
      company: [c, a, b],
      // Workflow order, not alphabetical: New (c), Qualified (a), Closed (b).
      status: [c, a, b],
    };
    for (const sort of ENQUIRY_SORT_FIELDS) {
      expect(ids((await listEnquiries(t.db, { sort, dir: "asc" })).items), `${sort} asc`).toEqual(
        expected[sort],
      );
      expect(ids((await listEnquiries(t.db, { sort, dir: "desc" })).items), `${sort} desc`).toEqual(
        [...expected[sort]].reverse(),
      );
    }
    expect(ids((await listEnquiries(t.db)).items)).toEqual([b, a, c]);
  });

  it("pages with totals, a stable order on ties, and clamps the page number", async () => {
    const all: string[] = [];
    for (let i = 0; i < 7; i++)
      all.push(await insertEnquiry(t.db, { submittedAt: "2026-02-01T00:00:00.000Z" }));
    const first = await listEnquiries(t.db, { pageSize: 3 });
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3, pageCount: 3 });
    const second = await listEnquiries(t.db, { pageSize: 3, page: 2 });
    const third = await listEnquiries(t.db, { pageSize: 3, page: 3 });
    expect(third.items).toHaveLength(1);
    // Equal timestamps: the id breaks the tie, in the same direction.
    expect([...ids(first.items), ...ids(second.items), ...ids(third.items)]).toEqual(
      [...all].reverse(),
    );
    expect((await listEnquiries(t.db, { pageSize: 3, page: 99 })).page).toBe(3);
    expect((await listEnquiries(t.db, { pageSize: 3, page: 0 })).page).toBe(1);
    const empty = await listEnquiries(t.db, { q: "nothing matches" });
    expect(empty).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("streams every matching enquiry in list order, across batches", async () => {
    const statuses: EnquiryStatus[] = ["new", "contacted", "qualified", "closed"];
    const rows: NewEnquiryRow[] = [];
    for (let i = 0; i < 1100; i++) {
      rows.push({
        id: `enq_bulk_${String(i).padStart(5, "0")}`,
        firstName: i % 3 === 0 ? "Same" : `Name${i % 17}`,
        lastName: "Person",
        fullName: i % 3 === 0 ? "Same Person" : `Name${i % 17} Person`,
        email: `bulk${i}@example.com`,
        company: i % 2 === 0 ? "Bulk Co" : "Other Co",
        ...BLANK_OPTIONALS,
        newsletter: false,
        submittedAt: new Date(Date.UTC(2026, 1, 1) + (i % 50) * 1000).toISOString(),
        status: statuses[i % 4]!,
        source: "contact_form",
        spamReason: i % 10 === 9 ? "honeypot" : null,
        updatedAt: null,
      });
    }
    for (let i = 0; i < rows.length; i += 250) {
      await t.db
        .insertInto("enquiries")
        .values(rows.slice(i, i + 250))
        .execute();
    }
    const cases: EnquiryFilters[] = [
      {},
      { sort: "status", dir: "asc" },
      { sort: "fullName", dir: "desc" },
      { sort: "company", dir: "asc", q: "bulk" },
      { status: "closed", sort: "submittedAt", dir: "asc" },
      { spam: true },
    ];
    for (const filters of cases) {
      const streamed = ids(await collect(streamEnquiries(t.db, filters)));
      const paged: string[] = [];
      for (let page = 1; ; page++) {
        const result = await listEnquiries(t.db, { ...filters, page, pageSize: 100 });
        paged.push(...ids(result.items));
        if (page >= result.pageCount) break;
      }
      expect(streamed, JSON.stringify(filters)).toEqual(paged);
      expect(new Set(streamed).size).toBe(streamed.length);
    }
    expect(ids(await collect(streamEnquiries(t.db)))).toHaveLength(990);
    expect(ids(await collect(streamEnquiries(t.db, { spam: true })))).toHaveLength(110);
  });
});
