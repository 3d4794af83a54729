import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { DB } from "~/db/client.server";
import { containsPattern } from "~/db/contains";
import { dialectOf } from "~/db/dialect";
import { placePage } from "~/db/paging";
import {
  byListOrder,
  type PeopleCursor,
  type PeoplePage,
  rowsOf,
  tagExists,
} from "./people-rows.server";

/*
 * The people list's search (decisions 0065 and 0070): "contains" over the lower-case name,
 * address and company (`searchText`), counted up to a cap, read from an index on both dialects.
 */

/**
 * A search's bounds (decision 0065; the tests lower them to take every path on a few people):
 * - `cap`: matches a search counts and lists at most; past it the list holds the most recently
 *   seen and says there are more;
 * - `gather`: matches a search of three characters or more gathers from the trigram index
 *   (counted exactly, however many of them) before it walks the list's order instead.
 */
export const PEOPLE_SEARCH_LIMITS = { cap: 1_000, gather: 5_000 };

/**
 * One page of a search's matches.
 *
 * - Three characters or more: the matches are gathered from the trigram index in one query that
 *   stops after one more than `gather`, then counted and sorted here.
 * - Shorter (below a trigram), or a broad search (more than `gather`): the list's order is read
 *   from the covering index (SQLite's of migration 0033, PostgreSQL's of 0036), testing each
 *   person's text there, until one more than the cap has matched. A broad search stops soon; one
 *   that matches nobody reads the narrow index once rather than the table.
 */
export async function searchPeople(
  db: DB,
  filters: { q: string; tag?: string },
  pageSize: number,
  requestedPage: number | undefined,
): Promise<PeoplePage> {
  const { q, tag } = filters;
  const { cap, gather } = PEOPLE_SEARCH_LIMITS;
  let matches: PeopleCursor[] | undefined;
  let capped = false;
  if (q.length >= 3) {
    const rows = await gathered(db, q, tag, gather + 1);
    if (rows.length <= gather) matches = rows.sort(byListOrder);
  }
  if (!matches) {
    const walked = await inListOrder(db, q, tag, cap + 1);
    capped = walked.length > cap;
    matches = walked.slice(0, cap);
  }
  const total = matches.length;
  const { page, pageCount, offset } = placePage(total, pageSize, requestedPage);
  const items = await rowsOf(
    db,
    matches.slice(offset, offset + pageSize).map((row) => row.id),
  );
  return { items, total, page, pageSize, pageCount, capped };
}

const tagged = (tag: string | undefined) => (tag ? sql`and ${tagExists(tag)}` : sql``);

/** Up to `limit` matches of three characters or more, from the trigram index, in no order. */
async function gathered(db: DB, q: string, tag: string | undefined, limit: number) {
  const { rows } = await (dialectOf(db) === "sqlite"
    ? sql<PeopleCursor>`
        select "people"."id", "people"."lastSeenAt"
        from "peopleSearch" cross join "people" on "people".rowid = "peopleSearch".rowid
        where "peopleSearch" match ${phraseOf(q)} ${tagged(tag)}
        limit ${limit}`
    : sql<PeopleCursor>`
        select "id", "lastSeenAt" from "people"
        where "searchText" like ${containsPattern(q)} escape '\\' ${tagged(tag)}
        limit ${limit}`
  ).execute(db);
  return rows;
}

/**
 * The first `limit` matches in the list's order, read from the covering index of (lastSeenAt,
 * id, searchText). On PostgreSQL that index holds the people whose text is at most 2,000 bytes
 * (a btree entry's limit); the others, none that a form can make, are read from the table
 * through their own small index, and the two ordered reads are merged.
 */
async function inListOrder(db: DB, q: string, tag: string | undefined, limit: number) {
  if (dialectOf(db) === "sqlite") {
    const { rows } = await sql<PeopleCursor>`
      select "id", "lastSeenAt" from "people"
      where ${sqliteMatch(q)} ${tagged(tag)}
      order by "lastSeenAt" desc, "id" desc
      limit ${limit}`.execute(db);
    return rows;
  }
  const pattern = containsPattern(q);
  // The 2,000 is written into the query, not bound, so that the planner matches the partial
  // indexes' predicates. Each read is ordered and limited on its own: the planner has no figure
  // for how many texts are long and guesses a third, which made it sort every match of the
  // outer query in parallel workers rather than merge two reads that stop early.
  const matching = (textBytes: RawBuilder<unknown>) => sql`
    select "id", "lastSeenAt" from "people"
    where ${textBytes} and "searchText" like ${pattern} escape '\\' ${tagged(tag)}
    order by "lastSeenAt" desc, "id" desc
    limit ${limit}`;
  const { rows } = await sql<PeopleCursor>`
    select "id", "lastSeenAt" from (
      (${matching(sql`octet_length("searchText") <= 2000`)})
      union all
      (${matching(sql`octet_length("searchText") > 2000`)})
    ) as "matched"
    order by "lastSeenAt" desc, "id" desc
    limit ${limit}`.execute(db);
  return rows;
}

/** The trigram index's phrase for a search of three characters or more (SQLite). */
const phraseOf = (q: string) => `"${q.replaceAll('"', '""')}"`;

const isAscii = (text: string) => /^\p{ASCII}*$/u.test(text);

/**
 * SQLite's test of one person in the covering index: `instr` on the lower-case text (what the
 * trigram index answers, for a search in ASCII; a row with other characters, which FTS5 folds by
 * Unicode rules, asks the index), the trigram index alone for a search outside ASCII.
 */
function sqliteMatch(q: string) {
  const text = sql.ref("searchText");
  if (q.length < 3) return sql<SqlBool>`instr(${text}, ${q}) > 0`;
  const indexed = sql<SqlBool>`${sql.ref("people.rowid")} in (select rowid from ${sql.table("peopleSearch")} where ${sql.table("peopleSearch")} match ${phraseOf(q)})`;
  if (!isAscii(q)) return indexed;
  return sql<SqlBool>`(instr(${text}, ${q}) > 0 or (length(${text}) <> octet_length(${text}) and ${indexed}))`;
}
