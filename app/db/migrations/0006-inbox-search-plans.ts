import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { dialectOf } from "../dialect.ts";

/**
 * Broad and short searches in the staff inbox (docs/decisions/0011-inbox-at-scale.md), on
 * PostgreSQL; SQLite needs nothing new (its narrow search table of migration 0005 serves them).
 *
 * A search matching most enquiries, or of one or two characters (which no trigram index can
 * answer), has to test every ordinary enquiry to count its matches. `lower()` on three fields
 * of every row costs more than the count's whole budget, so `enquiries_inbox_search_idx` keeps
 * the lowercased fields, with what a list needs (id, status, submission time), in one narrow
 * index that a count reads alone (an index-only scan: PostgreSQL then takes `lower(x)` from the
 * index instead of computing it). The raw fields are included because the planner reads an
 * expression index alone only when it also holds the columns the expression is made of.
 *
 * A btree entry may not exceed 2,704 bytes, and a row's fields may (in principle) add up to more
 * when most characters take four bytes: the index holds only rows whose three fields come to at
 * most SEARCH_INDEX_MAX_BYTES (lowercasing at most doubles a character's bytes, so raw and
 * lowercased together stay below 2,500 bytes), so an insert never fails on it. The few
 * longer rows, if any, have an index of their own and are counted beside it.
 */

/** Bytes of fullName, email and company together, at most, of a row in the search index. */
export const SEARCH_INDEX_MAX_BYTES = 800;

/** The condition of the search index; the queries that read it repeat it word for word. */
export const SEARCH_INDEX_SIZE_SQL = `(octet_length("fullName") + octet_length("email") + octet_length("company"))`;

export const inboxSearchPlans: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db) !== "postgres") return;
    const inbox = `"spamReason" is null`;
    await sql
      .raw(
        `create index if not exists "enquiries_inbox_search_idx" on "enquiries"
           (lower("fullName"), lower("email"), lower("company"))
           include ("fullName", "email", "company", "status", "submittedAt", "id")
           where ${inbox} and ${SEARCH_INDEX_SIZE_SQL} <= ${SEARCH_INDEX_MAX_BYTES}`,
      )
      .execute(db);
    await sql
      .raw(
        `create index if not exists "enquiries_inbox_search_long_idx" on "enquiries" ("id")
           where ${inbox} and ${SEARCH_INDEX_SIZE_SQL} > ${SEARCH_INDEX_MAX_BYTES}`,
      )
      .execute(db);
    await sql`analyze "enquiries"`.execute(db);
  },
};
