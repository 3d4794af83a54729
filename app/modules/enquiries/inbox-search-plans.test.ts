import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { numberedEnquiry } from "./enquiry-fixtures";
import { type EnquiryFilters, listEnquiries, streamEnquiries } from "./inbox-list.server";
import { SEARCH_PLAN_LIMITS } from "./search-scans.server";

/*
 * A search's plans (docs/decisions/0011-inbox-at-scale.md): few matches listed from all of them,
 * a broad search counted by a scan and paged by walking the list order, or sorted from a scan
 * when the walk falls short. Every plan must give what the plain path gives: the export's
 * stream (the search condition as it always was, in list order) is the reference for the total
 * and every page. The plans' bounds are lowered so that a few enquiries take each of them.
 */

const NAMES = ["Ananya Krishnan", "Rohan Mehta", "Abel Das", "Zoë Ábrahám", "Kavya Reddy"];
const COMPANIES = ["Acme Labs", "Peacock Law", "100% Growth_Co", "Tiger Systems", "Ḱelvin Co"];

const row = (i: number) =>
  numberedEnquiry(
    i,
    {
      firstName: "F",
      lastName: "L",
      // Kelvin sign and accented capitals: FTS5 folds them, SQLite's LIKE does not.
      fullName: `${NAMES[i % NAMES.length]} ${i % 3 === 0 ? "\u212Aumar" : "Kumar"} ${i}`,
      email: i % 7 === 0 ? `person${i}@mail.in` : `person${i}@example${i % 4}.com`,
      company: `${COMPANIES[(i * 3) % COMPANIES.length]} ${i % 11}`,
      // Ties on the submission time, broken by the id.
      submittedAt: new Date(Date.UTC(2026, 0, 1) + (i % 40) * 60_000).toISOString(),
      status: ["new", "contacted", "qualified", "closed"][Math.floor(i / 2) % 4]!,
      spamReason: i % 23 === 0 ? "honeypot" : null,
    },
    { idPrefix: "enq_p_", width: 4 },
  );

const SEARCHES = [
  "a", // one letter, nearly everything
  "ab", // two letters, some
  "Ó", // one letter, not ASCII
  "zq", // two letters, nothing
  ".com", // three or more, most
  "EXAMPLE1", // some
  "kumar", // every name, some through the Kelvin sign
  "ábr", // not ASCII
  "0% g", // wildcards taken literally
  "h_c",
  "krishnan 1", // a few
  "nobody matches this", // nothing
];
const FILTERS: EnquiryFilters[] = [{}, { status: "qualified" }];
const SORTS = ["submittedAt", "fullName", "company", "status"] as const;
const PAGE_SIZE = 7;

// Each test compares a few hundred list pages with the plain plan: seconds on a quiet machine,
// far more on a loaded one, so these get a minute each rather than the project's 20 s.
describe.each(DIALECTS)("the inbox's search plans on %s", { timeout: 60_000 }, (dialect) => {
  let t: TestDatabase;
  const defaults = { ...SEARCH_PLAN_LIMITS };
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await t.db
      .insertInto("enquiries")
      .values(Array.from({ length: 160 }, (_, i) => row(i)))
      .execute();
    // Rows too long for PostgreSQL's search index (migration 0006), counted and found beside it.
    await t.db
      .insertInto("enquiries")
      .values([
        {
          ...row(160),
          fullName: `Ananya ${"😀".repeat(150)} Kumar`,
          company: `Acme ${"€".repeat(150)}`,
        },
        { ...row(161), company: `${"ж".repeat(159)}Ab`, status: "qualified" },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.destroy();
  });
  afterEach(() => {
    Object.assign(SEARCH_PLAN_LIMITS, defaults);
  });

  /** Every page of every search, status filter and order, against the plain path. */
  async function expectAllAsPlain() {
    let matched = 0;
    for (const q of SEARCHES) {
      for (const filters of FILTERS) {
        for (const sort of SORTS) {
          for (const dir of ["asc", "desc"] as const) {
            const view = { ...filters, q, sort, dir };
            const expected: string[] = [];
            for await (const enquiry of streamEnquiries(t.db, view)) expected.push(enquiry.id);
            matched += expected.length;
            const pageCount = Math.max(1, Math.ceil(expected.length / PAGE_SIZE));
            // Every page, and one past the end (an old link: the last page).
            for (let page = 1; page <= pageCount + 1; page++) {
              const result = await listEnquiries(t.db, { ...view, page, pageSize: PAGE_SIZE });
              const shown = Math.min(page, pageCount);
              const label = JSON.stringify({ ...view, page });
              expect(result.total, label).toBe(expected.length);
              expect(result.page, label).toBe(shown);
              expect(result.pageCount, label).toBe(pageCount);
              expect(
                result.items.map((e) => e.id),
                label,
              ).toEqual(expected.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE));
            }
          }
        }
      }
    }
    // The searches do match something (the comparison is not of empty lists).
    expect(matched).toBeGreaterThan(1000);
  }

  it("lists few matches from all of them, as the plain path does", async () => {
    await expectAllAsPlain();
  });

  it("counts a broad search by a scan and walks the list order for its page", async () => {
    Object.assign(SEARCH_PLAN_LIMITS, { few: 2, fewShort: 2, walk: 1000 });
    await expectAllAsPlain();
  });

  it("sorts a broad search's page from a scan when the walk falls short", async () => {
    Object.assign(SEARCH_PLAN_LIMITS, { few: 2, fewShort: 2, walk: 12 });
    await expectAllAsPlain();
  });
});
