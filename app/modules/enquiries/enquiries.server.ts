import {
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { DB } from "~/db/client.server";
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

function applyFilters<O>(
  query: SelectQueryBuilder<Database, "enquiries", O>,
  filters: EnquiryFilters,
): SelectQueryBuilder<Database, "enquiries", O> {
  let q = query.where("enquiries.spamReason", filters.spam ? "is not" : "is", null);
  if (filters.status && filters.status !== "all")
    q = q.where("enquiries.status", "=", filters.status);
  const search = filters.q?.trim();
  if (search) {
    const pattern = containsPattern(search);
    q = q.where((eb) =>
      eb.or([
        ilike("enquiries.fullName", pattern),
        ilike("enquiries.email", pattern),
        ilike("enquiries.company", pattern),
      ]),
    );
  }
  return q;
}

/**
 * The expression a sort field orders by: names case-insensitively, statuses in their workflow
 * order (New, Contacted, Qualified, Closed, not alphabetically), dates as stored. Every key is
 * text, so the export's keyset comparison works the same for each.
 */
function sortKey(field: EnquirySortField): RawBuilder<string> {
  switch (field) {
    case "fullName":
      return sql<string>`lower(${sql.ref("enquiries.fullName")})`;
    case "company":
      return sql<string>`lower(${sql.ref("enquiries.company")})`;
    case "status":
      return sql<string>`case ${sql.ref("enquiries.status")} ${sql.join(
        ENQUIRY_STATUSES.map((status, rank) => sql`when ${status} then ${String(rank)}`),
        sql` `,
      )} else ${String(ENQUIRY_STATUSES.length)} end`;
    default:
      return sql<string>`${sql.ref("enquiries.submittedAt")}`;
  }
}

/** Rows in the requested order with the id as tiebreak (in the same direction), so paging is stable. */
function sortedQuery(db: DB, filters: EnquiryFilters) {
  const dir = filters.dir === "asc" ? "asc" : "desc";
  const key = sortKey(filters.sort ?? "submittedAt");
  const query = applyFilters(
    db.selectFrom("enquiries").selectAll("enquiries").select(key.as("sortKey")),
    filters,
  );
  return { query: query.orderBy(key, dir).orderBy("enquiries.id", dir), key, dir } as const;
}

async function countFiltered(db: DB, filters: EnquiryFilters): Promise<number> {
  const { count } = await applyFilters(
    db.selectFrom("enquiries").select((eb) => eb.fn.countAll<number>().as("count")),
    filters,
  ).executeTakeFirstOrThrow();
  return Number(count);
}

function clampPageSize(pageSize: number | undefined): number {
  if (!pageSize || !Number.isFinite(pageSize)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize)));
}

/** One page of enquiries matching the filters (newest first by default), with totals. */
export async function listEnquiries(
  db: DB,
  options: ListEnquiriesOptions = {},
): Promise<EnquiryPage> {
  const pageSize = clampPageSize(options.pageSize);
  const total = await countFiltered(db, options);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.isFinite(options.page) ? Math.floor(options.page ?? 1) : 1;
  const page = Math.min(pageCount, Math.max(1, requested));
  const rows = await sortedQuery(db, options)
    .query.limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(fromRow), total, page, pageSize, pageCount };
}

/**
 * Every enquiry matching the filters, in list order, for the CSV export. Reads in batches by
 * keyset (sort key, id) rather than through one long-lived cursor, so an export neither needs a
 * PostgreSQL cursor nor holds SQLite's only connection while the response is written.
 */
export async function* streamEnquiries(
  db: DB,
  filters: EnquiryFilters = {},
): AsyncIterable<Enquiry> {
  const { query, key, dir } = sortedQuery(db, filters);
  const op = dir === "asc" ? ">" : "<";
  let after: { key: string; id: string } | undefined;
  while (true) {
    const last = after;
    const batch = await (last
      ? query.where((eb) =>
          eb.or([
            eb(key, op, last.key),
            eb.and([eb(key, "=", last.key), eb("enquiries.id", op, last.id)]),
          ]),
        )
      : query
    )
      .limit(EXPORT_BATCH_SIZE)
      .execute();
    for (const row of batch) yield fromRow(row);
    const tail = batch.at(-1);
    if (!tail || batch.length < EXPORT_BATCH_SIZE) return;
    after = { key: String(tail.sortKey), id: tail.id };
  }
}

/** Counts of ordinary (not spam) enquiries, in all and per status. */
export async function countEnquiriesByStatus(db: DB): Promise<EnquiryCounts> {
  const rows = await db
    .selectFrom("enquiries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("spamReason", "is", null)
    .groupBy("status")
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
