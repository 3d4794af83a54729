import {
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
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
    const phrase = `"${search.replaceAll('"', '""')}"`;
    return sql<SqlBool>`${sql.ref("enquiries.key")} in (select rowid from "enquirySearch" where "enquirySearch" match ${phrase})`;
  }
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

/**
 * One page of enquiries matching the filters (newest first by default), with totals.
 *
 * The page is found among ids (from an index, never the rows) and only its rows are read. An
 * offset still steps over the rows before it, so a page in the back half is counted from the
 * other end in the opposite order: no page steps over more than half the list.
 */
export async function listEnquiries(
  db: DB,
  options: ListEnquiriesOptions = {},
): Promise<EnquiryPage> {
  const pageSize = clampPageSize(options.pageSize);
  const total = await countFiltered(db, options);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.isFinite(options.page) ? Math.floor(options.page ?? 1) : 1;
  const page = Math.min(pageCount, Math.max(1, requested));
  const offset = (page - 1) * pageSize;
  let ids: string[];
  if (offset > 0 && offset + pageSize / 2 > total / 2) {
    const fromEnd = Math.max(0, total - offset - pageSize);
    const rows = await orderedIds(db, options, reverse(directionOf(options)))
      .limit(Math.min(pageSize, total - offset))
      .offset(fromEnd)
      .execute();
    ids = rows.map((row) => row.id).reverse();
  } else {
    const rows = await orderedIds(db, options).limit(pageSize).offset(offset).execute();
    ids = rows.map((row) => row.id);
  }
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
