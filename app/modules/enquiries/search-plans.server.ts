import { type RawBuilder, sql } from "kysely";
import type { DB } from "~/db/client.server";
import { containsPattern } from "~/db/contains";
import { dialectOf } from "~/db/dialect";
import { placePage } from "~/db/paging";
import { enquiriesByIds } from "./enquiries.server";
import {
  countFiltered,
  type Direction,
  directionOf,
  type EnquiryPage,
  ftsPhrase,
  likeCondition,
  listConditions,
  reverse,
  sortedPage,
  sortKey,
  TRIGRAM_LENGTH,
} from "./inbox-filters.server";
import {
  fewMatchesOf,
  inSearchIndex,
  postgresScan,
  SEARCH_INDEX_ORDER,
  SEARCH_PLAN_LIMITS,
  type Search,
  sqliteRowTest,
} from "./search-scans.server";

/*
 * A search in the inbox, by how many enquiries it matches (docs/decisions/0011-inbox-at-scale.md).
 *
 * - Few (fewMatchesOf): one query gathers them all (SQLite: from the FTS5 index, or the narrow
 *   search table for a search shorter than a trigram; PostgreSQL: from the trigram indexes, or
 *   migration 0006's search index), stopping after one more; it counts them and sorts the page.
 * - More (a broad search: "a", ".com", "example"): the total is counted by testing every
 *   ordinary enquiry in a narrow structure (SQLite: the search table of migration 0005; on
 *   PostgreSQL: the search index of migration 0006, read alone), which is cheaper than
 *   gathering the matches from the trigram index; and the page is found by walking the list
 *   order's index and testing each enquiry until the page is full, instead of sorting every
 *   match. The walk stops after SEARCH_PLAN_LIMITS.walk enquiries (a search whose matches
 *   cluster at the far end of the order), and the page is then sorted from the matches
 *   gathered by a scan.
 *   On SQLite a search of three characters or more that is not plain ASCII keeps to the FTS5
 *   index throughout (see sqliteRowTest): counted and sorted from its matches.
 */

/**
 * A search with few matches (see fewMatchesOf): their number and the page at `offset`, in one
 * query that reads them all (and stops after one more).
 * Undefined for a broad search.
 */
async function fewMatches(
  db: DB,
  filters: Search,
  offset: number,
  pageSize: number,
): Promise<{ total: number; ids: string[] } | undefined> {
  const dir = sql.raw(directionOf(filters));
  const key = sortKey(filters.sort ?? "submittedAt");
  const few = fewMatchesOf(filters.q);
  const limit = few + 1;
  let matches: RawBuilder<unknown>;
  if (dialectOf(db) === "sqlite") {
    matches =
      [...filters.q].length >= TRIGRAM_LENGTH
        ? // From the FTS5 index, row by row (a join, which stops at the limit).
          sql`select ${sql.ref("enquiries.id")} as "id", ${key} as "k"
            from "enquirySearch" join "enquirySearchRows" as "enquiries"
              on "enquiries"."key" = "enquirySearch".rowid
            where "enquirySearch" match ${ftsPhrase(filters.q)} and ${listConditions(filters)}
            limit ${limit}`
        : sql`select ${sql.ref("enquiries.id")} as "id", ${key} as "k"
            from "enquirySearchRows" as "enquiries"
            where ${listConditions(filters)} and ${likeCondition(db, filters.q)}
            limit ${limit}`;
  } else if ([...filters.q].length >= TRIGRAM_LENGTH) {
    // From the trigram indexes.
    matches = sql`select ${sql.ref("enquiries.id")} as "id", ${key} as "k" from "enquiries"
      where ${listConditions(filters)} and ${likeCondition(db, filters.q)} limit ${limit}`;
  } else {
    // Shorter than a trigram: from the search index alone (and the rows too long for it).
    matches = postgresScan(filters, sql`${sql.ref("enquiries.id")} as "id", ${key} as "k"`, limit);
  }
  // One row at least: the number of matches, beside the page (when they are few).
  const { rows } = await sql<{ id: string | null; n: number | string }>`
    with "matches" as materialized (${matches}),
      "total" as (select count(*) as "n" from "matches")
    select "page"."id", "total"."n" from "total" left join (
      select "id", "k" from "matches" where (select "n" from "total") <= ${few}
      order by "k" ${dir}, "id" ${dir} limit ${pageSize} offset ${offset}
    ) as "page" on true
    order by "page"."k" ${dir}, "page"."id" ${dir}`.execute(db);
  const total = Number(rows[0]?.n ?? 0);
  if (total > few) return undefined;
  return { total, ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])) };
}

/**
 * A broad search's page sorted from all its matches, gathered by a scan (SQLite: of the narrow
 * search table; PostgreSQL: of the search index), for a page the walk does not reach; undefined
 * where only the index answers (see sqliteRowTest).
 */
async function scannedPage(
  db: DB,
  filters: Search,
  dir: Direction,
  offset: number,
  count: number,
): Promise<string[] | undefined> {
  const key = sortKey(filters.sort ?? "submittedAt");
  const order = sql.raw(dir);
  let matches: RawBuilder<unknown>;
  if (dialectOf(db) === "sqlite") {
    const test = sqliteRowTest(filters.q);
    if (!test) return undefined;
    matches = sql`select ${sql.ref("enquiries.id")} as "id", ${key} as "k"
      from "enquirySearchRows" as "enquiries" where ${listConditions(filters)} and ${test}`;
  } else {
    matches = postgresScan(filters, sql`${sql.ref("enquiries.id")} as "id", ${key} as "k"`);
  }
  const { rows } = await sql<{ id: string }>`select "id" from (${matches}) as "matches"
    order by "k" ${order}, "id" ${order} limit ${count} offset ${offset}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * A broad search's matches counted by testing every ordinary enquiry (with the status filter),
 * and the number tested (`rows`); undefined where only the index answers (SQLite, a search of
 * three characters or more that is not plain ASCII).
 */
async function countByScan(
  db: DB,
  filters: Search,
): Promise<{ matches: number; rows: number } | undefined> {
  let query: RawBuilder<{ matches: number | string; rows: number | string }>;
  if (dialectOf(db) === "sqlite") {
    const test = sqliteRowTest(filters.q);
    if (!test) return undefined;
    query = sql`select count(*) filter (where ${test}) as "matches", count(*) as "rows"
      from "enquirySearchRows" as "enquiries" where ${listConditions(filters)}`;
  } else {
    // The fields lowercased as the search index holds them (read from it, not computed), and
    // the search's pattern lowercased as `ilike` does.
    const pattern = containsPattern(filters.q);
    const test = sql.join(
      ["fullName", "email", "company"].map(
        (column) => sql`${sql.ref(`enquiries.${column}`)} like lower(${pattern}) escape '\\'`,
      ),
      sql` or `,
    );
    const lowered = sql`lower("fullName") as "fullName", lower("email") as "email", lower("company") as "company"`;
    query = sql`select sum("matches") as "matches", sum("rows") as "rows" from (
        select count(*) filter (where ${test}) as "matches", count(*) as "rows" from (
          select ${lowered} from "enquiries"
          where ${listConditions(filters)} and ${inSearchIndex(true)}
          order by ${SEARCH_INDEX_ORDER}) as "enquiries"
        union all
        select count(*) filter (where ${test}), count(*) from (
          select ${lowered} from "enquiries"
          where ${listConditions(filters)} and ${inSearchIndex(false)}) as "enquiries"
      ) as "counts"`;
  }
  const { rows } = await query.execute(db);
  return { matches: Number(rows[0]?.matches ?? 0), rows: Number(rows[0]?.rows ?? 0) };
}

/**
 * `count` matches after the first `offset` in the order `dir`, found by walking the order's
 * index (SEARCH_PLAN_LIMITS.walk enquiries at most) and testing each; undefined when the walk ends short.
 */
async function walkedPage(
  db: DB,
  filters: Search,
  dir: Direction,
  offset: number,
  count: number,
): Promise<string[] | undefined> {
  const key = sortKey(filters.sort ?? "submittedAt");
  const order = sql.raw(dir);
  let query: RawBuilder<{ id: string }>;
  if (dialectOf(db) === "sqlite") {
    const test = sqliteRowTest(filters.q);
    if (!test) return undefined;
    // The walk is the outer loop (a cross join keeps it there), each enquiry's row of the
    // narrow search table tested in turn; the walk's order is the list's, so none is sorted.
    query = sql`select "walk"."id" from (
        select ${sql.ref("enquiries.id")} as "id", ${key} as "k" from "enquiries"
        where ${listConditions(filters)}
        order by ${key} ${order}, ${sql.ref("enquiries.id")} ${order} limit ${SEARCH_PLAN_LIMITS.walk}
      ) as "walk" cross join "enquirySearchRows" as "enquiries" on "enquiries"."id" = "walk"."id"
      where ${test}
      order by "walk"."k" ${order}, "walk"."id" ${order} limit ${count} offset ${offset}`;
  } else {
    query = sql`select "enquiries"."id" from (
        select ${sql.ref("enquiries.id")} as "id", ${key} as "k", ${sql.ref("enquiries.fullName")},
          ${sql.ref("enquiries.email")}, ${sql.ref("enquiries.company")} from "enquiries"
        where ${listConditions(filters)}
        order by ${key} ${order}, ${sql.ref("enquiries.id")} ${order} limit ${SEARCH_PLAN_LIMITS.walk}
      ) as "enquiries"
      where ${likeCondition(db, filters.q)}
      order by "enquiries"."k" ${order}, "enquiries"."id" ${order} limit ${count} offset ${offset}`;
  }
  const { rows } = await query.execute(db);
  return rows.length === count ? rows.map((row) => row.id) : undefined;
}

/** A search in the inbox: one page and its total, by how many enquiries it matches. */
export async function searchPage(db: DB, filters: Search, pageSize: number): Promise<EnquiryPage> {
  const requested = placePage(Number.POSITIVE_INFINITY, pageSize, filters.page);
  let few = await fewMatches(db, filters, requested.offset, pageSize);
  if (few) {
    const { page, pageCount, offset } = placePage(few.total, pageSize, filters.page);
    // A page past the end (an old link) shows the last one.
    if (offset !== requested.offset) few = await fewMatches(db, filters, offset, pageSize);
    const ids = few?.ids ?? [];
    return {
      items: await enquiriesByIds(db, ids),
      total: few?.total ?? 0,
      page,
      pageSize,
      pageCount,
    };
  }
  const counted = await countByScan(db, filters);
  const total = counted ? counted.matches : await countFiltered(db, filters);
  const { page, pageCount, offset } = placePage(total, pageSize, filters.page);
  let ids: string[] | undefined;
  if (counted && total > 0) {
    // The page from whichever end is nearer, as sortedPage does.
    const fromEnd = offset > 0 && offset + pageSize / 2 > total / 2;
    const count = Math.min(pageSize, total - offset);
    const skip = fromEnd ? Math.max(0, total - offset - pageSize) : offset;
    const dir = fromEnd ? reverse(directionOf(filters)) : directionOf(filters);
    // Walked when the page lies, at the matches' average density, well within the walk.
    const expected = ((skip + count) * counted.rows) / total;
    let found =
      expected * 2 <= SEARCH_PLAN_LIMITS.walk
        ? await walkedPage(db, filters, dir, skip, count)
        : undefined;
    found ??= await scannedPage(db, filters, dir, skip, count);
    if (found) ids = fromEnd ? found.reverse() : found;
  }
  ids ??= await sortedPage(db, filters, total, offset, pageSize);
  return { items: await enquiriesByIds(db, ids), total, page, pageSize, pageCount };
}
