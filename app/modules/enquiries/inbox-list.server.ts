import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { afterPosition, clampPageSize, keysetBatches, placePage } from "~/db/paging";
import type { EnquiryRow } from "~/db/schema";
import { enquiriesByIds, fromRow } from "./enquiries.server";
import type { Enquiry } from "./enquiry.schema";
import {
  applyFilters,
  countFiltered,
  directionOf,
  type EnquiryFilters,
  type EnquiryPage,
  type ListEnquiriesOptions,
  listFrom,
  searchesSqlite,
  sortedPage,
  sortKey,
} from "./inbox-filters.server";
import { searchPage } from "./search-plans.server";

export type { EnquiryFilters, EnquiryPage, ListEnquiriesOptions } from "./inbox-filters.server";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

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
  const pageSize = clampPageSize(options.pageSize, {
    defaultSize: DEFAULT_PAGE_SIZE,
    max: MAX_PAGE_SIZE,
  });
  const search = options.q?.trim();
  if (search && !options.spam) return searchPage(db, { ...options, q: search }, pageSize);
  const total = await countFiltered(db, options);
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const ids = await sortedPage(db, options, total, offset, pageSize);
  return { items: await enquiriesByIds(db, ids), total, page, pageSize, pageCount };
}

/**
 * Every enquiry matching the filters, in list order, in batches of `batchSize`, for the CSV
 * export, read by keyset (sort key, id) from the index of that order (see keysetBatches).
 */
export async function* streamEnquiryBatches(
  db: DB,
  filters: EnquiryFilters = {},
  batchSize?: number,
): AsyncIterable<Enquiry[]> {
  const dir = directionOf(filters);
  const key = sortKey(filters.sort ?? "submittedAt");
  // SQLite's search table holds only what the list needs: there the batch's rows are read by id.
  const byId = searchesSqlite(db, filters);
  const columns = byId
    ? listFrom(db, filters).select(["enquiries.id", key.as("sortKey")])
    : db.selectFrom("enquiries").selectAll("enquiries").select(key.as("sortKey"));
  const query = applyFilters(db, columns, filters).orderBy(key, dir).orderBy("enquiries.id", dir);
  const batches = keysetBatches({
    read: (after, limit): Promise<{ id: string; sortKey: string }[]> =>
      (after ? query.where(afterPosition(key, sql.ref("enquiries.id"), dir, after)) : query)
        .limit(limit)
        .execute(),
    positionOf: (row) => ({ key: String(row.sortKey), id: row.id }),
    batchSize,
  });
  for await (const batch of batches) {
    yield byId
      ? await enquiriesByIds(
          db,
          batch.map((row) => row.id),
        )
      : (batch as unknown as EnquiryRow[]).map(fromRow);
  }
}

/** Every enquiry matching the filters, one by one, in list order (see streamEnquiryBatches). */
export async function* streamEnquiries(
  db: DB,
  filters: EnquiryFilters = {},
): AsyncIterable<Enquiry> {
  for await (const batch of streamEnquiryBatches(db, filters)) yield* batch;
}
