import {
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import {
  SEARCH_INDEX_MAX_BYTES,
  SEARCH_INDEX_SIZE_SQL,
} from "~/db/migrations/0006-inbox-search-plans";
import type { Database, EnquiryRow } from "~/db/schema";
import { inTransaction } from "~/db/transaction.server";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";
import {
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquiryInput,
  type EnquiryNote,
  type EnquirySortField,
  type EnquiryStatus,
  type EnquiryStatusChange,
  type SortDirection,
} from "./enquiry.schema";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Rows read per query while exporting. */
const EXPORT_BATCH_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

export interface EnquiryFilters {
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

export interface EnquiryPage {
  items: Enquiry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export type EnquiryCounts = { total: number } & Record<EnquiryStatus, number>;
export type EnquiryWeek = { weekStart: string } & Record<EnquiryStatus, number>;

const asStatus = (value: string): EnquiryStatus =>
  (ENQUIRY_STATUSES as readonly string[]).includes(value) ? (value as EnquiryStatus) : "new";

function fromRow(row: EnquiryRow): Enquiry {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    email: row.email,
    company: row.company,
    title: row.title,
    phone: row.phone,
    companySize: row.companySize,
    industry: row.industry,
    service: row.service,
    timeline: row.timeline,
    message: row.message,
    newsletter: Boolean(row.newsletter),
    submittedAt: row.submittedAt,
    status: asStatus(row.status),
    source: row.source,
    spamReason: row.spamReason,
    updatedAt: row.updatedAt,
  };
}

/** Stores a new enquiry (status new, submitted now). */
export async function createEnquiry(
  db: DB,
  input: EnquiryInput,
  options: { source?: string; spamReason?: string | null } = {},
): Promise<Enquiry> {
  const enquiry: Enquiry = {
    id: sortableId("enq"),
    firstName: input.firstName,
    lastName: input.lastName,
    fullName: `${input.firstName} ${input.lastName}`.trim(),
    email: input.email,
    company: input.company,
    title: input.title,
    phone: input.phone,
    companySize: input.companySize,
    industry: input.industry,
    service: input.service,
    timeline: input.timeline,
    message: input.message,
    newsletter: input.newsletter,
    submittedAt: nowIso(),
    status: "new",
    source: options.source ?? "contact_form",
    spamReason: options.spamReason ?? null,
    updatedAt: null,
  };
  await db.insertInto("enquiries").values(enquiry).execute();
  return enquiry;
}

export async function getEnquiry(db: DB, id: string): Promise<Enquiry | undefined> {
  const row = await db.selectFrom("enquiries").selectAll().where("id", "=", id).executeTakeFirst();
  return row && fromRow(row);
}

/** A LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like lower(pattern) escape '\'`, the same on SQLite and PostgreSQL. */
function ilike(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

/** `column like pattern escape '\'`: on SQLite, the same as `ilike` (see searchCondition). */
function sqliteLike(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * The shortest search SQLite answers from its trigram index (FTS5 finds nothing in fewer than
 * three characters); a shorter one reads the narrow search table.
 */
const TRIGRAM_LENGTH = 3;

/** True when a list query on SQLite reads the narrow search table (it has a search). */
const searchesSqlite = (db: DB, filters: EnquiryFilters) =>
  Boolean(filters.q?.trim()) && dialectOf(db) === "sqlite";

/**
 * The table a list query reads, named `enquiries` either way: the enquiries, or, for a search on
 * SQLite, `enquirySearchRows` (migration 0005), their narrow copy with the same column names for
 * everything the list filters and sorts by, keyed for the FTS5 index. A search there counts and
 * orders its matches without reading the enquiries' wide rows.
 */
function listFrom(db: DB, filters: EnquiryFilters) {
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
const ftsPhrase = (search: string) => `"${search.replaceAll('"', '""')}"`;

/** The three fields' LIKE on the row `enquiries`: the search's meaning, read from the row. */
function likeCondition(db: DB, search: string): Expression<SqlBool> {
  const pattern = containsPattern(search);
  // SQLite's LIKE ignores case exactly as far as its lower() does (ASCII), so there it goes
  // without; PostgreSQL's trigram indexes are on the lowercased fields.
  const like = dialectOf(db) === "sqlite" ? sqliteLike : ilike;
  return sql<SqlBool>`(${sql.join(
    ["enquiries.fullName", "enquiries.email", "enquiries.company"].map((column) =>
      like(column, pattern),
    ),
    sql` or `,
  )})`;
}

function applyFilters<O>(
  db: DB,
  query: SelectQueryBuilder<Database, "enquiries", O>,
  filters: EnquiryFilters,
): SelectQueryBuilder<Database, "enquiries", O> {
  let q = query.where("enquiries.spamReason", filters.spam ? "is not" : "is", null);
  if (filters.status && filters.status !== "all")
    q = q.where("enquiries.status", "=", filters.status);
  const search = filters.q?.trim();
  if (search) q = q.where(searchCondition(db, search));
  return q;
}

/**
 * The expression a sort field orders by: names case-insensitively, statuses in their workflow
 * order (New, Contacted, Qualified, Closed, not alphabetically), dates as stored. Every key is
 * text, so the export's keyset comparison works the same for each. Each is the expression of an
 * index of migration 0005 (so the status ranks are literals, not parameters).
 */
function sortKey(field: EnquirySortField): RawBuilder<string> {
  switch (field) {
    case "fullName":
      return sql<string>`lower(${sql.ref("enquiries.fullName")})`;
    case "company":
      return sql<string>`lower(${sql.ref("enquiries.company")})`;
    case "status":
      return sql<string>`(case ${sql.ref("enquiries.status")} ${sql.join(
        ENQUIRY_STATUSES.map(
          (status, rank) => sql`when ${sql.lit(status)} then ${sql.lit(String(rank))}`,
        ),
        sql` `,
      )} else ${sql.lit(String(ENQUIRY_STATUSES.length))} end)`;
    default:
      return sql<string>`${sql.ref("enquiries.submittedAt")}`;
  }
}

type Direction = "asc" | "desc";
const directionOf = (filters: EnquiryFilters): Direction =>
  filters.dir === "asc" ? "asc" : "desc";
const reverse = (dir: Direction): Direction => (dir === "asc" ? "desc" : "asc");

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

async function countFiltered(db: DB, filters: EnquiryFilters): Promise<number> {
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

function clampPageSize(pageSize: number | undefined): number {
  if (!pageSize || !Number.isFinite(pageSize)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize)));
}

/** The enquiries with these ids, in the order of the ids. */
async function enquiriesByIds(db: DB, ids: string[]): Promise<Enquiry[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("enquiries").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [fromRow(row)] : [];
  });
}

/** Where a page lies in a list of `total`: clamped to the pages that exist. */
function placePage(total: number, pageSize: number, requestedPage: number | undefined) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.isFinite(requestedPage) ? Math.floor(requestedPage ?? 1) : 1;
  const page = Math.min(pageCount, Math.max(1, requested));
  return { page, pageCount, offset: (page - 1) * pageSize };
}

/**
 * The page at `offset` in a list of `total`, as ids, the matches sorted by the order's key. An
 * offset still steps over the rows before it, so a page in the back half is counted from the
 * other end in the opposite order: no page steps over more than half the list.
 */
async function sortedPage(
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

/**
 * One page of enquiries matching the filters (newest first by default), with totals.
 *
 * The page is found among ids (from an index, never the rows) and only its rows are read. A
 * search in the inbox goes by how many enquiries it matches (see searchPage).
 */
export async function listEnquiries(
  db: DB,
  options: ListEnquiriesOptions = {},
): Promise<EnquiryPage> {
  const pageSize = clampPageSize(options.pageSize);
  const search = options.q?.trim();
  if (search && !options.spam) return searchPage(db, { ...options, q: search }, pageSize);
  const total = await countFiltered(db, options);
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const ids = await sortedPage(db, options, total, offset, pageSize);
  return { items: await enquiriesByIds(db, ids), total, page, pageSize, pageCount };
}

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
 *   match. The walk stops after SEARCH_PLAN_LIMITS.walk enquiries (a search whose matches cluster at the far
 *   end of the order), and the page is then sorted from the matches gathered by a scan.
 *   On SQLite a search of three characters or more that is not plain ASCII keeps to the FTS5
 *   index throughout (see sqliteRowTest): counted and sorted from its matches.
 */

/**
 * The bounds of the plans (tests lower them to try every plan on a few enquiries):
 * - `few`, `fewShort`: a search matching at most this many enquiries is listed from all its
 *   matches (`fewShort` for one shorter than a trigram, which finds them by a scan that, for a
 *   broad search, stops sooner the fewer it looks for);
 * - `walk`: the most enquiries a broad search's page walks in list order before sorting.
 */
export const SEARCH_PLAN_LIMITS = { few: 5000, fewShort: 1000, walk: 2000 };

const fewMatchesOf = (search: string) =>
  [...search].length >= TRIGRAM_LENGTH ? SEARCH_PLAN_LIMITS.few : SEARCH_PLAN_LIMITS.fewShort;

type Search = ListEnquiriesOptions & { q: string };

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
function sqliteRowTest(search: string): Expression<SqlBool> | undefined {
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

/** The filters of the list besides the search: ordinary enquiries, and the status if one. */
function listConditions(filters: EnquiryFilters) {
  const conditions = [sql`${sql.ref("enquiries.spamReason")} is null`];
  if (filters.status && filters.status !== "all")
    conditions.push(sql`${sql.ref("enquiries.status")} = ${filters.status}`);
  return sql.join(conditions, sql` and `);
}

/** PostgreSQL: migration 0006's search index holds a row when this holds (word for word). */
const inSearchIndex = (held: boolean) =>
  sql.raw(`${SEARCH_INDEX_SIZE_SQL} ${held ? "<=" : ">"} ${SEARCH_INDEX_MAX_BYTES}`);
/** PostgreSQL: the order of migration 0006's search index (for reading it alone, in order). */
const SEARCH_INDEX_ORDER = sql.raw(`lower("fullName"), lower("email"), lower("company")`);

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
 * PostgreSQL: a select of `columns` from the ordinary enquiries matching the search (with the
 * status filter), read from migration 0006's search index alone (in its order, which is what
 * makes the planner read it rather than the table), and from the rows too long for it.
 */
function postgresScan(filters: Search, columns: RawBuilder<unknown>, limit?: number) {
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
const likeConditionOn = (search: string) => {
  const pattern = containsPattern(search);
  return sql<SqlBool>`(${sql.join(
    ["enquiries.fullName", "enquiries.email", "enquiries.company"].map((column) =>
      ilike(column, pattern),
    ),
    sql` or `,
  )})`;
};

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
async function searchPage(db: DB, filters: Search, pageSize: number): Promise<EnquiryPage> {
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

/**
 * Every enquiry matching the filters, in list order, in batches of `batchSize`, for the CSV
 * export. Reads by keyset (sort key, id) rather than through one long-lived cursor, so an export
 * neither needs a PostgreSQL cursor nor holds SQLite's only connection while the response is
 * written. The keyset is a row-value comparison, which both dialects answer from the index of
 * that order.
 */
export async function* streamEnquiryBatches(
  db: DB,
  filters: EnquiryFilters = {},
  batchSize = EXPORT_BATCH_SIZE,
): AsyncIterable<Enquiry[]> {
  const dir = directionOf(filters);
  const key = sortKey(filters.sort ?? "submittedAt");
  // SQLite's search table holds only what the list needs: there the batch's rows are read by id.
  const byId = searchesSqlite(db, filters);
  const columns = byId
    ? listFrom(db, filters).select(["enquiries.id", key.as("sortKey")])
    : db.selectFrom("enquiries").selectAll("enquiries").select(key.as("sortKey"));
  const query = applyFilters(db, columns, filters)
    .orderBy(key, dir)
    .orderBy("enquiries.id", dir)
    .limit(batchSize);
  const op = dir === "asc" ? sql`>` : sql`<`;
  let after: { key: string; id: string } | undefined;
  while (true) {
    const last = after;
    const batch: { id: string; sortKey: string }[] = await (last
      ? query.where(
          sql<SqlBool>`(${key}, ${sql.ref("enquiries.id")}) ${op} (${last.key}, ${last.id})`,
        )
      : query
    ).execute();
    if (batch.length > 0) {
      yield byId
        ? await enquiriesByIds(
            db,
            batch.map((row) => row.id),
          )
        : (batch as unknown as EnquiryRow[]).map(fromRow);
    }
    const tail = batch.at(-1);
    if (!tail || batch.length < batchSize) return;
    after = { key: String(tail.sortKey), id: tail.id };
  }
}

/** Every enquiry matching the filters, one by one, in list order (see streamEnquiryBatches). */
export async function* streamEnquiries(
  db: DB,
  filters: EnquiryFilters = {},
): AsyncIterable<Enquiry> {
  for await (const batch of streamEnquiryBatches(db, filters)) yield* batch;
}

/**
 * Counts of ordinary (not spam) enquiries, in all and per status, from migration 0005's status
 * index alone.
 */
export async function countEnquiriesByStatus(db: DB): Promise<EnquiryCounts> {
  // Grouped in index order: PostgreSQL otherwise prefers reading the table to the index.
  const rows = await db
    .selectFrom(
      db
        .selectFrom("enquiries")
        .select("status")
        .where("spamReason", "is", null)
        .orderBy("status")
        .as("inbox"),
    )
    .select(["inbox.status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("inbox.status")
    .execute();
  const counts: EnquiryCounts = { total: 0, new: 0, contacted: 0, qualified: 0, closed: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    counts.total += count;
    if ((ENQUIRY_STATUSES as readonly string[]).includes(row.status)) {
      counts[row.status as EnquiryStatus] += count;
    }
  }
  return counts;
}

/**
 * Sets an enquiry's status, stamps updatedAt and records the change (who, when, from, to) in one
 * transaction (the caller's, when there is one). Setting the status it already has changes
 * nothing. False when the enquiry is missing.
 */
export async function setEnquiryStatus(
  db: DB,
  id: string,
  status: EnquiryStatus,
  changedBy: string | null,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // The update is conditional on the status just read, so a concurrent change is never lost
    // from the history; on a clash, read again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await trx
        .selectFrom("enquiries")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return false;
      if (row.status === status) return true;
      const now = nowIso();
      const result = await trx
        .updateTable("enquiries")
        .set({ status, updatedAt: now })
        .where("id", "=", id)
        .where("status", "=", row.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      await trx
        .insertInto("enquiryStatusChanges")
        .values({
          id: sortableId("esc"),
          enquiryId: id,
          fromStatus: row.status,
          toStatus: status,
          changedBy,
          changedAt: now,
        })
        .execute();
      return true;
    }
    throw new Error(`Enquiry ${id} kept changing while its status was being set`);
  });
}

/** An enquiry's status history, oldest first. */
export async function listStatusChanges(db: DB, enquiryId: string): Promise<EnquiryStatusChange[]> {
  const rows = await db
    .selectFrom("enquiryStatusChanges")
    .selectAll()
    .where("enquiryId", "=", enquiryId)
    .orderBy("changedAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    ...row,
    fromStatus: row.fromStatus === null ? null : asStatus(row.fromStatus),
    toStatus: asStatus(row.toStatus),
  }));
}

/** Adds a staff note to an enquiry; undefined when the enquiry does not exist. */
export async function addNote(
  db: DB,
  enquiryId: string,
  authorId: string | null,
  body: string,
): Promise<EnquiryNote | undefined> {
  const exists = await db
    .selectFrom("enquiries")
    .select("id")
    .where("id", "=", enquiryId)
    .executeTakeFirst();
  if (!exists) return undefined;
  const note: EnquiryNote = {
    id: sortableId("note"),
    enquiryId,
    authorId,
    body: body.trim(),
    createdAt: nowIso(),
  };
  await db.insertInto("enquiryNotes").values(note).execute();
  return note;
}

/** An enquiry's notes, oldest first. */
export async function listNotes(db: DB, enquiryId: string): Promise<EnquiryNote[]> {
  return db
    .selectFrom("enquiryNotes")
    .selectAll()
    .where("enquiryId", "=", enquiryId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** Releases an enquiry the spam defence held back into the ordinary list. False when missing. */
export async function markNotSpam(db: DB, id: string): Promise<boolean> {
  const result = await db
    .updateTable("enquiries")
    .set({ spamReason: null, updatedAt: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an enquiry with its history and notes. */
export async function deleteEnquiry(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom("enquiries").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every enquiry from an address (any case), e.g. on an erasure request; returns the count. */
export async function deleteEnquiriesByEmail(db: DB, email: string): Promise<number> {
  const result = await db
    .deleteFrom("enquiries")
    .where(sql<string>`lower(${sql.ref("email")})`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Midnight UTC of the Monday of the week `date` falls in. */
export function startOfUtcWeek(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/**
 * Ordinary enquiries per week (Monday to Sunday, UTC) for the last `weeks` weeks up to the one
 * `now` is in, oldest first, empty weeks included, split by current status. Bucketed here rather
 * than in SQL so that both dialects give the same answer.
 */
export async function enquiriesPerWeek(
  db: DB,
  weeks = 12,
  now: Date = new Date(),
): Promise<EnquiryWeek[]> {
  const count = Math.max(1, Math.floor(weeks));
  const firstMs = startOfUtcWeek(now).getTime() - (count - 1) * WEEK_MS;
  const endMs = firstMs + count * WEEK_MS;
  const result: EnquiryWeek[] = Array.from({ length: count }, (_, index) => ({
    weekStart: new Date(firstMs + index * WEEK_MS).toISOString().slice(0, 10),
    new: 0,
    contacted: 0,
    qualified: 0,
    closed: 0,
  }));
  const rows = await db
    .selectFrom("enquiries")
    .select(["submittedAt", "status"])
    .where("spamReason", "is", null)
    .where("submittedAt", ">=", new Date(firstMs).toISOString())
    .where("submittedAt", "<", new Date(endMs).toISOString())
    .execute();
  for (const row of rows) {
    const time = Date.parse(row.submittedAt);
    if (Number.isNaN(time)) continue;
    const week = result[Math.floor((time - firstMs) / WEEK_MS)];
    const status = row.status as EnquiryStatus;
    if (week && (ENQUIRY_STATUSES as readonly string[]).includes(status)) week[status] += 1;
  }
  return result;
}
