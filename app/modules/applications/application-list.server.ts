import {
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { DB } from "~/db/client.server";
import { anyMatches, containsPattern } from "~/db/contains";
import {
  afterPosition,
  clampPageSize,
  keysetBatches,
  type Page,
  placePage,
  type SortDirection,
} from "~/db/paging";
import type { Database } from "~/db/schema";
import { lowerKey, rankKey, storedKey } from "~/db/sort-keys";
import {
  hasLeadSourceFilter,
  type LeadSourceFilter,
  leadSourceCondition,
} from "~/modules/attribution/lead-sources.server";
import type { ApplicationSortField } from "./application-query";
import {
  APPLICATION_STATUSES,
  type Application,
  type ApplicationStatus,
} from "./application-status";
import { applicationFromRow } from "./applications.server";

/*
 * The staff's list of applications: filters (posting, status, search, the spam folder), its
 * orders, a page of it with counts, and the whole filtered list in keyset batches for the CSV
 * export. A firm's applications run to thousands, not millions: the page is read with an offset
 * on the list's order (ties broken by id, so paging is stable).
 */

export interface ApplicationFilters {
  /** Part of the name, e-mail or position, any case; % and _ are literal. */
  q?: string;
  /** One posting's applications; "" or absent: all. */
  careerId?: string;
  status?: ApplicationStatus | "all";
  sort?: ApplicationSortField;
  dir?: SortDirection;
  /** false (default): ordinary applications; true: those the spam defence held back. */
  spam?: boolean;
  /** Only applications whose first or latest source (and campaign) are these (issue 26). */
  leadSource?: LeadSourceFilter;
}

export interface ListApplicationsOptions extends ApplicationFilters {
  page?: number;
  pageSize?: number;
}

export type ApplicationPage = Page<Application>;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

type ApplicationQueryBuilder<O> = SelectQueryBuilder<Database, "applications", O>;

const searchCondition = (search: string): Expression<SqlBool> =>
  anyMatches(
    ["applications.fullName", "applications.email", "applications.careerTitle"],
    containsPattern(search),
  );

function applyFilters<O>(
  query: ApplicationQueryBuilder<O>,
  filters: ApplicationFilters,
): ApplicationQueryBuilder<O> {
  let q = query.where("applications.spamReason", filters.spam ? "is not" : "is", null);
  if (filters.careerId) q = q.where("applications.careerId", "=", filters.careerId);
  if (filters.status && filters.status !== "all") {
    q = q.where("applications.status", "=", filters.status);
  }
  const search = filters.q?.trim();
  if (search) q = q.where(searchCondition(search));
  if (filters.leadSource && hasLeadSourceFilter(filters.leadSource))
    q = q.where(leadSourceCondition("applicationId", "applications.id", filters.leadSource));
  return q;
}

/**
 * What a sort field orders by: names and positions case-insensitively, statuses in their
 * workflow order (New … Hired, Rejected), dates as stored. Every key is text, so the export's
 * keyset comparison works the same for each.
 */
function sortKey(field: ApplicationSortField): RawBuilder<string> {
  switch (field) {
    case "fullName":
      return lowerKey("applications.fullName");
    case "careerTitle":
      return lowerKey("applications.careerTitle");
    case "status":
      return rankKey("applications.status", APPLICATION_STATUSES);
    default:
      return storedKey("applications.submittedAt");
  }
}

function orderedRows(db: DB, filters: ApplicationFilters) {
  const dir: SortDirection = filters.dir === "asc" ? "asc" : "desc";
  const key = sortKey(filters.sort ?? "submittedAt");
  const query = applyFilters(
    db.selectFrom("applications").selectAll("applications").select(key.as("sortKey")),
    filters,
  )
    .orderBy(key, dir)
    .orderBy("applications.id", dir);
  return { query, key, dir };
}

async function countFiltered(db: DB, filters: ApplicationFilters): Promise<number> {
  const { count } = await applyFilters(
    db.selectFrom("applications").select((eb) => eb.fn.countAll<number>().as("count")),
    filters,
  ).executeTakeFirstOrThrow();
  return Number(count);
}

/** One page of the applications matching the filters (newest first by default), with totals. */
export async function listApplications(
  db: DB,
  options: ListApplicationsOptions = {},
): Promise<ApplicationPage> {
  const pageSize = clampPageSize(options.pageSize, {
    defaultSize: DEFAULT_PAGE_SIZE,
    max: MAX_PAGE_SIZE,
  });
  const total = await countFiltered(db, options);
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const rows = await orderedRows(db, options).query.limit(pageSize).offset(offset).execute();
  return { items: rows.map(applicationFromRow), total, page, pageSize, pageCount };
}

/**
 * Every application matching the filters, in list order, in batches (one held at a time), read
 * by keyset (sort key, id) for the CSV export (see keysetBatches in app/db/paging.ts).
 */
export async function* streamApplicationBatches(
  db: DB,
  filters: ApplicationFilters = {},
  batchSize?: number,
): AsyncIterable<Application[]> {
  const { query, key, dir } = orderedRows(db, filters);
  const batches = keysetBatches({
    read: (after, limit) =>
      (after ? query.where(afterPosition(key, sql.ref("applications.id"), dir, after)) : query)
        .limit(limit)
        .execute(),
    positionOf: (row) => ({ key: String(row.sortKey), id: row.id }),
    batchSize,
  });
  for await (const batch of batches) yield batch.map(applicationFromRow);
}

export type ApplicationCounts = Record<ApplicationStatus | "total", number> & { spam: number };

/**
 * How many applications there are in each status (outside the spam folder), in all and held back
 * as spam: of one posting when `careerId` is given, else of all.
 */
export async function countApplicationsByStatus(
  db: DB,
  careerId?: string,
): Promise<ApplicationCounts> {
  let query = db
    .selectFrom("applications")
    .select([
      "status",
      sql<boolean>`${sql.ref("spamReason")} is not null`.as("spam"),
      (eb) => eb.fn.countAll<number>().as("count"),
    ])
    .groupBy(["status", sql`${sql.ref("spamReason")} is not null`]);
  if (careerId) query = query.where("careerId", "=", careerId);
  const counts: ApplicationCounts = {
    total: 0,
    spam: 0,
    new: 0,
    reviewing: 0,
    interview: 0,
    offer: 0,
    hired: 0,
    rejected: 0,
  };
  for (const row of await query.execute()) {
    const count = Number(row.count);
    // PostgreSQL answers a boolean, SQLite 0 or 1.
    if (Number(row.spam) === 1) {
      counts.spam += count;
      continue;
    }
    counts.total += count;
    if ((APPLICATION_STATUSES as readonly string[]).includes(row.status)) {
      counts[row.status as ApplicationStatus] += count;
    }
  }
  return counts;
}

export interface PostingChoice {
  id: string;
  title: string;
  /** draft, active, closed; "removed" for a deleted posting that still has applications. */
  status: string;
}

/**
 * The postings to filter the list by: every posting (active ones first, then by title), and
 * postings since deleted whose applications are still kept, under the title they were sent to.
 */
export async function applicationPostings(db: DB): Promise<PostingChoice[]> {
  const [postings, applied] = await Promise.all([
    db.selectFrom("careers").select(["id", "title", "status"]).execute(),
    db
      .selectFrom("applications")
      .select(["careerId", (eb) => eb.fn.max("careerTitle").as("careerTitle")])
      .groupBy("careerId")
      .execute(),
  ]);
  const known = new Set(postings.map((posting) => posting.id));
  const removed = applied
    .filter((row) => !known.has(row.careerId))
    .map((row) => ({ id: row.careerId, title: String(row.careerTitle), status: "removed" }));
  const rank = (status: string) => (status === "active" ? 0 : status === "removed" ? 2 : 1);
  return [...postings, ...removed].sort(
    (a, b) => rank(a.status) - rank(b.status) || a.title.localeCompare(b.title, "en"),
  );
}
