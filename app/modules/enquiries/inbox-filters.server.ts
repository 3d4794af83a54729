import {
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { DB } from "~/db/client.server";
import { anyMatches, containsPattern, ilike } from "~/db/contains";
import { dialectOf } from "~/db/dialect";
import type { Page } from "~/db/paging";
import type { Database } from "~/db/schema";
import { lowerKey, rankKey, storedKey } from "~/db/sort-keys";
import {
  hasLeadSourceFilter,
  type LeadSourceFilter,
  leadSourceCondition,
} from "~/modules/attribution/lead-sources.server";
import {
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquirySortField,
  type EnquiryStatus,
  type SortDirection,
} from "./enquiry.schema";

/*
 * The inbox list in SQL: its filters, its search's meaning, its orders (each the expression of an
 * index of migration 0005), and the ids and count of a list. Pages are put together in
 * inbox-list.server.ts, broad and short searches in search-plans.server.ts.
 */

export interface EnquiryFilters {
  /** Only enquiries whose first or latest source (and campaign) are these (issue 26). */
  leadSource?: LeadSourceFilter;
  /** Matches fullName, email or company, case-insensitively; % and _ are literal. */
  q?: string;
  status?: EnquiryStatus | "all";
  sort?: EnquirySortField;
  dir?: SortDirection;
  /** false (default): ordinary enquiries only; true: only those the spam defence held back. */
  spam?: boolean;
}

export interface ListEnquiriesOptions extends EnquiryFilters {
  /** 1-based; clamped to the pages that exist. */
  page?: number;
  pageSize?: number;
}

export type EnquiryPage = Page<Enquiry>;

/** `column like pattern escape '\'`: on SQLite, the same as `ilike` (see searchCondition). */
export function sqliteLike(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * The shortest search SQLite answers from its trigram index (FTS5 finds nothing in fewer than
 * three characters); a shorter one reads the narrow search table.
 */
export const TRIGRAM_LENGTH = 3;

/** True when a list query on SQLite reads the narrow search table (it has a search). */
export const searchesSqlite = (db: DB, filters: EnquiryFilters) =>
  Boolean(filters.q?.trim()) && dialectOf(db) === "sqlite";

/**
 * The table a list query reads, named `enquiries` either way: the enquiries, or, for a search on
 * SQLite, `enquirySearchRows` (migration 0005), their narrow copy with the same column names for
 * everything the list filters and sorts by, keyed for the FTS5 index. A search there counts and
 * orders its matches without reading the enquiries' wide rows.
 */
export function listFrom(db: DB, filters: EnquiryFilters) {
  return (searchesSqlite(db, filters)
    ? db.selectFrom("enquirySearchRows as enquiries")
    : db.selectFrom("enquiries")) as unknown as SelectQueryBuilder<Database, "enquiries", object>;
}

/**
 * Part of a full name, e-mail or company, case-insensitively, every character literal. On SQLite
 * a search of three characters or more is a phrase query on the FTS5 trigram index (a quoted
 * phrase of trigrams matches the text as a substring; quotes in it are doubled); on PostgreSQL
 * the LIKE below uses the pg_trgm indexes of migration 0005 as it stands.
 */
function searchCondition(db: DB, search: string): Expression<SqlBool> {
  if (dialectOf(db) === "sqlite" && [...search].length >= TRIGRAM_LENGTH) {
    return sql<SqlBool>`${sql.ref("enquiries.key")} in (select rowid from "enquirySearch" where "enquirySearch" match ${ftsPhrase(search)})`;
  }
  return likeCondition(db, search);
}

/** The FTS5 query of a search: one quoted phrase (a substring of one field), quotes doubled. */
export const ftsPhrase = (search: string) => `"${search.replaceAll('"', '""')}"`;

/** The three fields' LIKE on the row `enquiries`: the search's meaning, read from the row. */
export function likeCondition(db: DB, search: string): Expression<SqlBool> {
  const pattern = containsPattern(search);
  // SQLite's LIKE ignores case exactly as far as its lower() does (ASCII), so there it goes
  // without; PostgreSQL's trigram indexes are on the lowercased fields.
  const like = dialectOf(db) === "sqlite" ? sqliteLike : ilike;
  return anyMatches(["enquiries.fullName", "enquiries.email", "enquiries.company"], pattern, like);
}

export function applyFilters<O>(
  db: DB,
  query: SelectQueryBuilder<Database, "enquiries", O>,
  filters: EnquiryFilters,
): SelectQueryBuilder<Database, "enquiries", O> {
  let q = query.where("enquiries.spamReason", filters.spam ? "is not" : "is", null);
  if (filters.status && filters.status !== "all")
    q = q.where("enquiries.status", "=", filters.status);
  const search = filters.q?.trim();
  if (search) q = q.where(searchCondition(db, search));
  if (filters.leadSource && hasLeadSourceFilter(filters.leadSource))
    q = q.where(leadSourceCondition("enquiryId", "enquiries.id", filters.leadSource));
  return q;
}

/**
 * The expression a sort field orders by: names case-insensitively, statuses in their workflow
 * order (New, Contacted, Qualified, Closed, not alphabetically), dates as stored. Every key is
 * text, so the export's keyset comparison works the same for each. Each is the expression of an
 * index of migration 0005 (so the status ranks are literals, not parameters).
 */
export function sortKey(field: EnquirySortField): RawBuilder<string> {
  switch (field) {
    case "fullName":
      return lowerKey("enquiries.fullName");
    case "company":
      return lowerKey("enquiries.company");
    case "status":
      return rankKey("enquiries.status", ENQUIRY_STATUSES);
    default:
      return storedKey("enquiries.submittedAt");
  }
}

export type Direction = "asc" | "desc";
export const directionOf = (filters: EnquiryFilters): Direction =>
  filters.dir === "asc" ? "asc" : "desc";
export const reverse = (dir: Direction): Direction => (dir === "asc" ? "desc" : "asc");

/** The filters of the list besides the search: ordinary enquiries, and the status if one. */
export function listConditions(filters: EnquiryFilters) {
  const conditions = [sql`${sql.ref("enquiries.spamReason")} is null`];
  if (filters.status && filters.status !== "all")
    conditions.push(sql`${sql.ref("enquiries.status")} = ${filters.status}`);
  if (filters.leadSource && hasLeadSourceFilter(filters.leadSource))
    conditions.push(leadSourceCondition("enquiryId", "enquiries.id", filters.leadSource));
  return sql.join(conditions, sql` and `);
}

/**
 * The ids of the matching enquiries in list order (the sort key, then the id as tiebreak in the
 * same direction, so paging is stable). Without a search this reads one of migration 0005's
 * narrow indexes alone.
 */
function orderedIds(db: DB, filters: EnquiryFilters, dir: Direction = directionOf(filters)) {
  const key = sortKey(filters.sort ?? "submittedAt");
  if (filters.q?.trim() && dialectOf(db) === "postgres") {
    // Matches first (from the trigram indexes), then ordered: left to itself the planner walks
    // the sort order's index and reads row after row to test the search on each.
    const matches = applyFilters(
      db,
      db.selectFrom("enquiries").select(["id", "fullName", "company", "status", "submittedAt"]),
      filters,
    ).offset(0);
    return (
      db.selectFrom(matches.as("enquiries")) as unknown as SelectQueryBuilder<
        Database,
        "enquiries",
        object
      >
    )
      .select("enquiries.id")
      .orderBy(key, dir)
      .orderBy("enquiries.id", dir);
  }
  return applyFilters(db, listFrom(db, filters).select("enquiries.id"), filters)
    .orderBy(key, dir)
    .orderBy("enquiries.id", dir);
}

export async function countFiltered(db: DB, filters: EnquiryFilters): Promise<number> {
  if (dialectOf(db) === "postgres" && !filters.spam && !filters.q?.trim()) {
    // Counted in the order of migration 0005's status index, so PostgreSQL reads that index
    // alone (a range of it for one status) instead of the whole table, as its estimate prefers.
    const { count } = await db
      .selectFrom(
        applyFilters(db, db.selectFrom("enquiries").select("enquiries.status"), filters)
          .orderBy("enquiries.status")
          .as("inbox"),
      )
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  const { count } = await applyFilters(
    db,
    listFrom(db, filters).select((eb) => eb.fn.countAll<number>().as("count")),
    filters,
  ).executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The page at `offset` in a list of `total`, as ids, the matches sorted by the order's key. An
 * offset still steps over the rows before it, so a page in the back half is counted from the
 * other end in the opposite order: no page steps over more than half the list.
 */
export async function sortedPage(
  db: DB,
  filters: EnquiryFilters,
  total: number,
  offset: number,
  pageSize: number,
): Promise<string[]> {
  if (offset > 0 && offset + pageSize / 2 > total / 2) {
    const fromEnd = Math.max(0, total - offset - pageSize);
    const rows = await orderedIds(db, filters, reverse(directionOf(filters)))
      .limit(Math.min(pageSize, total - offset))
      .offset(fromEnd)
      .execute();
    return rows.map((row) => row.id).reverse();
  }
  const rows = await orderedIds(db, filters).limit(pageSize).offset(offset).execute();
  return rows.map((row) => row.id);
}
