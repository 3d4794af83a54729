import { type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "~/db/client.server";
import { containsPattern, ilike } from "~/db/contains";
import { afterPosition, clampPageSize, keysetBatches, type Page, placePage } from "~/db/paging";
import type { Database } from "~/db/schema";
import type { Subscriber, SubscriberStatus } from "./newsletter.schema";
import { subscriberFromRow } from "./newsletter.server";

/*
 * Reading the list of subscribers for staff: the Subscribers page (a page at a time), its CSV
 * export (in batches) and the counts on the dashboard and the sign-up figure. The visitor's side
 * (signing up, confirming, leaving) is in newsletter.server.ts.
 */

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface SubscriberFilters {
  /** Part of the address, case-insensitive; % and _ are literal. */
  q?: string;
  status?: SubscriberStatus | "all";
}

export type SubscriberPage = Page<Subscriber>;

function applyFilters<O>(
  query: SelectQueryBuilder<Database, "newsletterSubscribers", O>,
  filters: SubscriberFilters,
): SelectQueryBuilder<Database, "newsletterSubscribers", O> {
  let q = query;
  if (filters.status && filters.status !== "all") q = q.where("status", "=", filters.status);
  const search = filters.q?.trim();
  if (search) {
    q = q.where(ilike("email", containsPattern(search)));
  }
  return q;
}

const ordered = (db: DB, filters: SubscriberFilters) =>
  applyFilters(db.selectFrom("newsletterSubscribers").selectAll(), filters)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc");

/** One page of subscribers, newest first. */
export async function listSubscribers(
  db: DB,
  options: SubscriberFilters & { page?: number; pageSize?: number } = {},
): Promise<SubscriberPage> {
  const pageSize = clampPageSize(options.pageSize, {
    defaultSize: DEFAULT_PAGE_SIZE,
    max: MAX_PAGE_SIZE,
  });
  const { count } = await applyFilters(
    db.selectFrom("newsletterSubscribers").select((eb) => eb.fn.countAll<number>().as("count")),
    options,
  ).executeTakeFirstOrThrow();
  const total = Number(count);
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const rows = await ordered(db, options).limit(pageSize).offset(offset).execute();
  return { items: rows.map(subscriberFromRow), total, page, pageSize, pageCount };
}

/** Every subscriber matching the filters, newest first, read in batches (for the CSV export). */
export async function* streamSubscriberBatches(
  db: DB,
  filters: SubscriberFilters = {},
): AsyncIterable<Subscriber[]> {
  const query = ordered(db, filters);
  const batches = keysetBatches({
    read: (after, limit) =>
      (after
        ? query.where(afterPosition(sql.ref("createdAt"), sql.ref("id"), "desc", after))
        : query
      )
        .limit(limit)
        .execute(),
    positionOf: (row) => ({ key: row.createdAt, id: row.id }),
  });
  for await (const batch of batches) yield batch.map(subscriberFromRow);
}

/** Every subscriber matching the filters, one by one, newest first (see streamSubscriberBatches). */
export async function* streamSubscribers(
  db: DB,
  filters: SubscriberFilters = {},
): AsyncIterable<Subscriber> {
  for await (const batch of streamSubscriberBatches(db, filters)) yield* batch;
}

/**
 * How many subscribers have the given status (default: subscribed, "all" for every row), counting
 * only those who gave consent at or after `since` (an ISO time) when it is set.
 */
export async function countSubscribers(
  db: DB,
  options: { since?: string; status?: SubscriberStatus | "all" } = {},
): Promise<number> {
  let query = db
    .selectFrom("newsletterSubscribers")
    .select((eb) => eb.fn.countAll<number>().as("count"));
  const status = options.status ?? "subscribed";
  if (status !== "all") query = query.where("status", "=", status);
  if (options.since) query = query.where("consentedAt", ">=", options.since);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}
