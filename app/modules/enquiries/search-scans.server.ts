import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import { containsPattern, ilike } from "~/db/contains";
import {
  SEARCH_INDEX_MAX_BYTES,
  SEARCH_INDEX_SIZE_SQL,
} from "~/db/migrations/0006-inbox-search-plans";
import {
  ftsPhrase,
  type ListEnquiriesOptions,
  listConditions,
  sqliteLike,
  TRIGRAM_LENGTH,
} from "./inbox-filters.server";

/*
 * The pieces of the inbox's search plans (search-plans.server.ts): their bounds, the search as a
 * test of one row (SQLite), and the scan of migration 0006's search index (PostgreSQL).
 */

/**
 * The bounds of the plans (tests lower them to try every plan on a few enquiries):
 * - `few`, `fewShort`: a search matching at most this many enquiries is listed from all its
 *   matches (`fewShort` for one shorter than a trigram, which finds them by a scan that, for a
 *   broad search, stops sooner the fewer it looks for);
 * - `walk`: the most enquiries a broad search's page walks in list order before sorting.
 */
export const SEARCH_PLAN_LIMITS = { few: 5000, fewShort: 1000, walk: 2000 };

export const fewMatchesOf = (search: string) =>
  [...search].length >= TRIGRAM_LENGTH ? SEARCH_PLAN_LIMITS.few : SEARCH_PLAN_LIMITS.fewShort;

export type Search = ListEnquiriesOptions & { q: string };

/** ASCII without NUL: text SQLite's LIKE folds exactly as FTS5 does (its case folding is wider). */
const plainAscii = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0 || code > 0x7f) return false;
  }
  return true;
};

/**
 * SQLite: the search as a test of one row of the narrow search table (`enquiries`), for a scan
 * or a walk. A search shorter than a trigram is a LIKE (its meaning). A longer one is the FTS5
 * phrase; when the search is plain ASCII, a LIKE answers the same in a row of plain ASCII (FTS5
 * and LIKE fold ASCII alike, and a LIKE match of ASCII is a phrase match in any row), so only a
 * row holding other characters (where FTS5 folds wider) asks the FTS5 index. Undefined for a
 * longer search with other characters, which only the index answers.
 */
export function sqliteRowTest(search: string): Expression<SqlBool> | undefined {
  const pattern = containsPattern(search);
  const fields = ["enquiries.fullName", "enquiries.email", "enquiries.company"];
  const like = sql<SqlBool>`(${sql.join(
    fields.map((column) => sqliteLike(column, pattern)),
    sql` or `,
  )})`;
  if ([...search].length < TRIGRAM_LENGTH) return like;
  if (!plainAscii(search)) return undefined;
  // length() counts characters (up to a NUL), octet_length() bytes: equal only in plain ASCII.
  const sum = (fn: string) =>
    sql.join(
      fields.map((column) => sql`${sql.raw(fn)}(${sql.ref(column)})`),
      sql` + `,
    );
  return sql<SqlBool>`(${like} or (${sum("length")} <> ${sum("octet_length")} and ${sql.ref("enquiries.key")} in (select rowid from "enquirySearch" where "enquirySearch" match ${ftsPhrase(search)})))`;
}

/** PostgreSQL: migration 0006's search index holds a row when this holds (word for word). */
export const inSearchIndex = (held: boolean) =>
  sql.raw(`${SEARCH_INDEX_SIZE_SQL} ${held ? "<=" : ">"} ${SEARCH_INDEX_MAX_BYTES}`);
/** PostgreSQL: the order of migration 0006's search index (for reading it alone, in order). */
export const SEARCH_INDEX_ORDER = sql.raw(`lower("fullName"), lower("email"), lower("company")`);

/**
 * PostgreSQL: a select of `columns` from the ordinary enquiries matching the search (with the
 * status filter), read from migration 0006's search index alone (in its order, which is what
 * makes the planner read it rather than the table), and from the rows too long for it.
 */
export function postgresScan(filters: Search, columns: RawBuilder<unknown>, limit?: number) {
  const bounded = limit === undefined ? sql`` : sql` limit ${limit}`;
  const test = likeConditionOn(filters.q);
  return sql`(select ${columns} from "enquiries"
      where ${listConditions(filters)} and ${inSearchIndex(true)} and ${test}
      order by ${SEARCH_INDEX_ORDER}${bounded})
    union all
    (select ${columns} from "enquiries"
      where ${listConditions(filters)} and ${inSearchIndex(false)} and ${test}${bounded})`;
}

/** PostgreSQL: the search's `ilike` on the three fields of `enquiries`. */
export const likeConditionOn = (search: string) => {
  const pattern = containsPattern(search);
  return sql<SqlBool>`(${sql.join(
    ["enquiries.fullName", "enquiries.email", "enquiries.company"].map((column) =>
      ilike(column, pattern),
    ),
    sql` or `,
  )})`;
};
