import { type Expression, type SqlBool, sql } from "kysely";

/*
 * Paging and keyset reading for the admin's lists and their CSV exports (the inbox, the
 * subscribers, the activity log): one way to clamp a page, count pages and read a whole list in
 * batches.
 */

/** One page of a list, with what a pager needs. */
export interface Page<T> {
  items: T[];
  total: number;
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface PageSizeLimits {
  /** Used when none is asked for (or one that is not a number). */
  defaultSize: number;
  max: number;
}

/** A page size asked for, as a whole number between 1 and the list's maximum. */
export function clampPageSize(pageSize: number | undefined, limits: PageSizeLimits): number {
  if (!pageSize || !Number.isFinite(pageSize)) return limits.defaultSize;
  return Math.min(limits.max, Math.max(1, Math.floor(pageSize)));
}

/**
 * Where a page lies in a list of `total`: clamped to the pages that exist (an old link past the
 * end shows the last page; a list with nothing in it has one empty page).
 */
export function placePage(
  total: number,
  pageSize: number,
  requestedPage: number | undefined,
): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.isFinite(requestedPage) ? Math.floor(requestedPage ?? 1) : 1;
  const page = Math.min(pageCount, Math.max(1, requested));
  return { page, pageCount, offset: (page - 1) * pageSize };
}

export type SortDirection = "asc" | "desc";

/** Rows read per query by a keyset export. */
export const KEYSET_BATCH_SIZE = 500;

/** Where a keyset read stopped: the last row's sort key and id. */
export interface KeysetPosition {
  key: unknown;
  id: string;
}

/**
 * The rows after `position` in the order (key, id) `dir`: a row-value comparison, which SQLite
 * and PostgreSQL both answer from an index of that order (the spelled-out `key < ? or (key = ?
 * and id < ?)` makes SQLite scan and sort again for every batch).
 */
export function afterPosition(
  key: Expression<unknown>,
  id: Expression<unknown>,
  dir: SortDirection,
  position: KeysetPosition,
): Expression<SqlBool> {
  const op = dir === "asc" ? sql`>` : sql`<`;
  return sql<SqlBool>`(${key}, ${id}) ${op} (${position.key}, ${position.id})`;
}

/**
 * A whole list in batches of `batchSize`, read by keyset rather than through one long-lived
 * cursor: an export needs no PostgreSQL cursor and never holds SQLite's only connection while the
 * response is written, and only one batch is held at a time. `read(after, limit)` returns the
 * next `limit` rows in list order, after the condition when there is one (see afterPosition);
 * `positionOf` says where a row lies in that order.
 */
export async function* keysetBatches<Row>(options: {
  read: (after: KeysetPosition | undefined, limit: number) => Promise<Row[]>;
  positionOf: (row: Row) => KeysetPosition;
  batchSize?: number;
}): AsyncGenerator<Row[]> {
  const batchSize = options.batchSize ?? KEYSET_BATCH_SIZE;
  let after: KeysetPosition | undefined;
  while (true) {
    const batch = await options.read(after, batchSize);
    if (batch.length > 0) yield batch;
    const tail = batch.at(-1);
    if (tail === undefined || batch.length < batchSize) return;
    after = options.positionOf(tail);
  }
}
