import { type SqlBool, sql } from "kysely";
import type { DB } from "~/db/client.server";
import { containsPattern } from "~/db/contains";
import { dialectOf } from "~/db/dialect";
import { afterPosition, clampPageSize, keysetBatches, placePage } from "~/db/paging";
import {
  type PeopleCursor,
  type PeopleFilters,
  type PeoplePage,
  type PersonSummary,
  positionOf,
  rowsOf,
  SUMMARY_COLUMNS,
  tagExists,
  withTags,
} from "./people-rows.server";
import { searchPeople } from "./people-search.server";

/*
 * The people list (issue 26, decisions 0057, 0065 and 0070): most recently seen first, a page
 * at a time, filtered by a search (people-search.server.ts) and a tag; the CSV export's stream of
 * every match; the tags in use.
 */

export const PEOPLE_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

export interface PeopleListOptions extends PeopleFilters {
  page?: number;
  pageSize?: number;
  /** The page after this person (the "Next" link), or before them ("Previous"); `page` numbers it. */
  after?: PeopleCursor;
  before?: PeopleCursor;
}

/** Everyone matching the filters: the export's query (the list's pages take quicker paths). */
function filtered(db: DB, filters: PeopleFilters) {
  let query = db.selectFrom("people");
  const q = filters.q?.trim().toLowerCase();
  const sqlite = dialectOf(db) === "sqlite";
  if (q && q.length < 3 && sqlite) {
    // Shorter than a trigram: a plain scan, instr on the lower-case text (cheaper than LIKE).
    query = query.where(sql<SqlBool>`instr(${sql.ref("searchText")}, ${q}) > 0`);
  } else if (q && sqlite) {
    // The trigram index (migration 0024): a phrase of trigrams matches where the text holds q.
    const phrase = `"${q.replaceAll('"', '""')}"`;
    query = query.where(
      sql<SqlBool>`${sql.ref("people.rowid")} in (select rowid from ${sql.table("peopleSearch")} where ${sql.table("peopleSearch")} match ${phrase})`,
    );
  } else if (q) {
    query = query.where(
      sql<SqlBool>`${sql.ref("searchText")} like ${containsPattern(q)} escape '\\'`,
    );
  }
  // Walking the list's order and asking the (personId, tag) key of each: a page of a common tag
  // stops early instead of sorting every tagged person.
  if (filters.tag) query = query.where(tagExists(filters.tag));
  return query;
}

/**
 * How many people the list holds: the whole list's count is the row the triggers of migration
 * 0036 keep (counting 100,000 index entries took 12 ms of CPU on PostgreSQL); a tag's is counted
 * from its own index.
 */
async function countOf(db: DB, tag: string | undefined): Promise<number> {
  if (tag) {
    const { count } = await db
      .selectFrom("personTags")
      .where("tag", "=", tag)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  const row = await db
    .selectFrom("peopleTotal")
    .select("people")
    .where("id", "=", 1)
    .executeTakeFirst();
  return Number(row?.people ?? 0);
}

/**
 * One page of people, most recently seen first.
 *
 * - The whole list, or a tag: counted exactly; the pager's links carry the neighbouring page's
 *   first or last person, so "Next" and "Previous" seek the (lastSeenAt, id) index instead of
 *   stepping over every earlier entry; a page asked for by number alone is read from the nearer
 *   end of the list.
 * - A search: people-search.server.ts, counted up to a cap.
 */
export async function listPeople(db: DB, options: PeopleListOptions = {}): Promise<PeoplePage> {
  const pageSize = clampPageSize(options.pageSize, {
    defaultSize: PEOPLE_PAGE_SIZE,
    max: MAX_PAGE_SIZE,
  });
  const q = options.q?.trim().toLowerCase();
  if (q) return searchPeople(db, { q, tag: options.tag }, pageSize, options.page);
  const total = await countOf(db, options.tag);
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const filters = { tag: options.tag };
  const inOrder = (dir: "asc" | "desc") =>
    filtered(db, filters)
      .select(["id", "lastSeenAt"])
      .orderBy("lastSeenAt", dir)
      .orderBy("id", dir);
  const seek = (dir: "asc" | "desc", cursor: PeopleCursor) =>
    inOrder(dir)
      .where(
        afterPosition(sql.ref("lastSeenAt"), sql.ref("id"), dir, {
          key: cursor.lastSeenAt,
          id: cursor.id,
        }),
      )
      .limit(pageSize)
      .execute();
  let ids: PeopleCursor[];
  if (options.after && page > 1) {
    ids = await seek("desc", options.after);
  } else if (options.before && page < pageCount) {
    ids = (await seek("asc", options.before)).reverse();
  } else if (offset > total / 2) {
    // The back half from the other end: no page steps over more than half the list.
    const fromEnd = total - offset - pageSize;
    ids = (
      await inOrder("asc")
        .limit(pageSize + Math.min(0, fromEnd))
        .offset(Math.max(0, fromEnd))
        .execute()
    ).reverse();
  } else {
    ids = await inOrder("desc").limit(pageSize).offset(offset).execute();
  }
  const items = await rowsOf(
    db,
    ids.map((row) => row.id),
  );
  const first = items[0];
  const last = items.at(-1);
  return {
    items,
    total,
    page,
    pageSize,
    pageCount,
    capped: false,
    after: page < pageCount && last ? positionOf(last) : undefined,
    before: page > 1 && first ? positionOf(first) : undefined,
  };
}

/** Every person matching the filters, most recently seen first, in batches (the CSV export). */
export async function* streamPeopleBatches(
  db: DB,
  filters: PeopleFilters = {},
): AsyncIterable<PersonSummary[]> {
  const query = filtered(db, filters)
    .select(SUMMARY_COLUMNS)
    .orderBy("lastSeenAt", "desc")
    .orderBy("id", "desc");
  const batches = keysetBatches({
    read: (after, limit) =>
      (after
        ? query.where(afterPosition(sql.ref("lastSeenAt"), sql.ref("id"), "desc", after))
        : query
      )
        .limit(limit)
        .execute(),
    positionOf: (row) => ({ key: row.lastSeenAt, id: row.id }),
  });
  for await (const batch of batches) yield withTags(db, batch);
}

/**
 * Tags in use, for the list's filter (the first 200 in order): one seek of the (tag, personId)
 * index per tag, from each tag to the next, rather than reading every tagged person's entry.
 */
export async function peopleTags(db: DB): Promise<string[]> {
  const { rows } = await sql<{ tag: string | null }>`
    with recursive "used" ("tag", "n") as (
      select min("tag"), 1 from "personTags"
      union all
      select (select min("tag") from "personTags" where "tag" > "used"."tag"), "n" + 1
      from "used" where "used"."tag" is not null and "n" < 200
    )
    select "tag" from "used" where "tag" is not null order by "n"`.execute(db);
  return rows.flatMap((row) => (row.tag === null ? [] : [row.tag]));
}
