import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import { clampPageSize, type Page, placePage } from "~/db/paging";
import type { PrivacyRequestsTable } from "~/db/schema";
import {
  CLOSED_STATUSES,
  isOpen,
  isRequestKind,
  OPEN_STATUSES,
  REQUEST_STATUSES,
  type RequestKind,
  type RequestListFilter,
  type RequestStatus,
} from "./request-fields";

export { isOpen, REQUEST_STATUS_LABELS } from "./request-fields";

/*
 * Privacy requests (issue 27, decision 0062): the data-access functions. A request is
 * "unverified" until its code is right; staff see only verified ones.
 */

export type PrivacyRequestRow = Selectable<PrivacyRequestsTable>;

/**
 * Days from verification to the answer: 30, as the privacy notice promises ("respond within 30
 * days"), inside the outer limit of ninety days of the DPDP Rules 2025 r.14(3).
 */
export const RESPONSE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const dueAtFor = (verifiedAt: Date) =>
  new Date(verifiedAt.getTime() + RESPONSE_DAYS * DAY_MS).toISOString();

export interface PrivacyRequest {
  id: string;
  email: string;
  kind: RequestKind;
  details: string;
  nomineeName: string;
  nomineeEmail: string;
  status: RequestStatus;
  createdAt: string;
  verifiedAt: string;
  dueAt: string;
  closedAt: string | null;
  outcome: string;
  /** Open past its due date. */
  overdue: boolean;
}

/** A verified request as staff see it; undefined for an unverified or unknown one. */
export function requestOf(row: PrivacyRequestRow, now: Date): PrivacyRequest | undefined {
  if (!row.verifiedAt || !row.dueAt || !isRequestKind(row.kind)) return undefined;
  if (!(REQUEST_STATUSES as readonly string[]).includes(row.status)) return undefined;
  return {
    id: row.id,
    email: row.email,
    kind: row.kind,
    details: row.details,
    nomineeName: row.nomineeName,
    nomineeEmail: row.nomineeEmail,
    status: row.status as RequestStatus,
    createdAt: row.createdAt,
    verifiedAt: row.verifiedAt,
    dueAt: row.dueAt,
    closedAt: row.closedAt,
    outcome: row.outcome,
    overdue: isOpen(row.status) && row.dueAt < now.toISOString(),
  };
}

export function getRequestRow(db: DB, id: string): Promise<PrivacyRequestRow | undefined> {
  return db.selectFrom("privacyRequests").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function getPrivacyRequest(
  db: DB,
  id: string,
  now = new Date(),
): Promise<PrivacyRequest | undefined> {
  const row = await getRequestRow(db, id);
  return row ? requestOf(row, now) : undefined;
}

/** Unverified requests whose code died more than a day ago: nothing will ever come of them. */
export async function pruneUnverifiedRequests(db: DB, now: Date): Promise<void> {
  await db
    .deleteFrom("privacyRequests")
    .where("status", "=", "unverified")
    .where("codeExpiresAt", "<", new Date(now.getTime() - DAY_MS).toISOString())
    .execute();
}

export const REQUEST_PAGE_SIZE = 25;

/** Verified requests: open ones soonest due first; closed ones latest closed first. */
export async function listPrivacyRequests(
  db: DB,
  options: { filter: RequestListFilter; page?: number; now?: Date },
): Promise<Page<PrivacyRequest>> {
  const now = options.now ?? new Date();
  let query = db.selectFrom("privacyRequests").where("status", "!=", "unverified");
  if (options.filter === "open" || options.filter === "overdue") {
    query = query.where("status", "in", [...OPEN_STATUSES]);
  }
  if (options.filter === "overdue") query = query.where("dueAt", "<", now.toISOString());
  if (options.filter === "closed") query = query.where("status", "in", [...CLOSED_STATUSES]);
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageSize = clampPageSize(REQUEST_PAGE_SIZE, { defaultSize: REQUEST_PAGE_SIZE, max: 100 });
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const ordered =
    options.filter === "closed"
      ? query.orderBy("closedAt", "desc").orderBy("id", "desc")
      : options.filter === "all"
        ? query.orderBy("createdAt", "desc").orderBy("id", "desc")
        : query.orderBy("dueAt", "asc").orderBy("id", "asc");
  const rows = await ordered.selectAll().limit(pageSize).offset(offset).execute();
  const items = rows.flatMap((row) => requestOf(row, now) ?? []);
  return { items, total, page, pageSize, pageCount };
}

/** Open requests past their due date, soonest due first (the dashboard shows them). */
export async function overduePrivacyRequests(
  db: DB,
  now = new Date(),
): Promise<{ count: number; items: PrivacyRequest[] }> {
  const page = await listPrivacyRequests(db, { filter: "overdue", now });
  return { count: page.total, items: page.items.slice(0, 5) };
}

/**
 * The nominees an address has named through /privacy/requests: its verified requests to name one
 * that were not refused, latest first (the person's admin page shows them).
 */
export async function nomineesOf(
  db: DB,
  email: string,
  now = new Date(),
): Promise<PrivacyRequest[]> {
  const rows = await db
    .selectFrom("privacyRequests")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .where("kind", "=", "nominate")
    .where("status", "in", [...OPEN_STATUSES, "completed"])
    .orderBy("createdAt", "desc")
    .execute();
  return rows.flatMap((row) => requestOf(row, now) ?? []);
}

/** Every verified request of an address (its access download lists them). */
export function requestsOfAddress(db: DB, email: string): Promise<PrivacyRequestRow[]> {
  return db
    .selectFrom("privacyRequests")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .where("status", "!=", "unverified")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}
