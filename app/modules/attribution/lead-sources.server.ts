import { type RawBuilder, type Selectable, type SqlBool, sql } from "kysely";
import type { DB } from "~/db/client.server";
import type { LeadSourcesTable } from "~/db/schema";
import { sortableId } from "~/lib/ids";
import type { LeadSource, LeadTouch } from "./lead-source-cookie.server";

/*
 * Each lead's stored source (table `leadSources`, docs/decisions/0055-lead-sources.md): one row
 * per enquiry, booking, job application or newsletter subscriber, written in the transaction that
 * stores the record, read on the record's admin page, and used by the lists' source and
 * campaign filters.
 */

/** The record a source belongs to. */
export type LeadOwner =
  | { enquiryId: string }
  | { bookingId: string }
  | { applicationId: string }
  | { subscriberId: string };

export type LeadOwnerColumn = "enquiryId" | "bookingId" | "applicationId" | "subscriberId";

const ownerOf = (owner: LeadOwner): [LeadOwnerColumn, string] =>
  Object.entries(owner)[0] as [LeadOwnerColumn, string];

type TouchColumns<P extends string> = {
  [K in keyof LeadTouch as `${P}${Capitalize<K>}`]: string;
};

const capital = (field: string) => `${field[0]?.toUpperCase()}${field.slice(1)}`;

function columnsOf<P extends "first" | "latest">(prefix: P, touch: LeadTouch): TouchColumns<P> {
  return Object.fromEntries(
    Object.entries(touch).map(([field, value]) => [`${prefix}${capital(field)}`, value]),
  ) as TouchColumns<P>;
}

function touchFrom(row: Selectable<LeadSourcesTable>, prefix: "first" | "latest"): LeadTouch {
  const get = (field: keyof LeadTouch) =>
    row[`${prefix}${capital(field)}` as keyof Selectable<LeadSourcesTable>];
  return {
    source: String(get("source")),
    medium: String(get("medium")),
    campaign: String(get("campaign")),
    term: String(get("term")),
    content: String(get("content")),
    referrer: String(get("referrer")),
    landing: String(get("landing")),
    date: String(get("date")),
  };
}

/**
 * Stores a new record's source in the record's own transaction. Nothing for a visit with no
 * known source. A newsletter subscriber signs up again with the same row: its first source stays,
 * its latest becomes this visit's.
 */
export async function recordLeadSource(
  trx: DB,
  owner: LeadOwner,
  lead: LeadSource | null | undefined,
  now: Date = new Date(),
): Promise<void> {
  if (!lead) return;
  const [column, id] = ownerOf(owner);
  const at = now.toISOString();
  const latest = columnsOf("latest", lead.latest);
  const existing = await trx
    .selectFrom("leadSources")
    .select("id")
    .where(column, "=", id)
    .executeTakeFirst();
  if (existing) {
    await trx
      .updateTable("leadSources")
      .set({ ...latest, updatedAt: at })
      .where("id", "=", existing.id)
      .execute();
    return;
  }
  await trx
    .insertInto("leadSources")
    .values({
      id: sortableId("src"),
      enquiryId: null,
      bookingId: null,
      applicationId: null,
      subscriberId: null,
      [column]: id,
      ...columnsOf("first", lead.first),
      ...latest,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

/** A record's stored source, or null when it arrived without one. */
export async function getLeadSource(db: DB, owner: LeadOwner): Promise<LeadSource | null> {
  const [column, id] = ownerOf(owner);
  const row = await db
    .selectFrom("leadSources")
    .selectAll()
    .where(column, "=", id)
    .executeTakeFirst();
  return row ? { first: touchFrom(row, "first"), latest: touchFrom(row, "latest") } : null;
}

/** The sources of several records of one kind at once (a list page), by record id. */
export async function leadSourcesOf(
  db: DB,
  column: LeadOwnerColumn,
  ids: readonly string[],
): Promise<Map<string, LeadSource>> {
  const found = new Map<string, LeadSource>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom("leadSources")
    .selectAll()
    .where(column, "in", [...ids])
    .execute();
  for (const row of rows) {
    const id = row[column];
    if (id) found.set(id, { first: touchFrom(row, "first"), latest: touchFrom(row, "latest") });
  }
  return found;
}

/** A list's source filter: records whose first or latest source (and campaign) match. */
export interface LeadSourceFilter {
  source?: string;
  campaign?: string;
}

export const hasLeadSourceFilter = (filter: LeadSourceFilter) =>
  Boolean(filter.source || filter.campaign);

/**
 * The condition for a list query on the record's table: its first or latest arrival has the
 * source and campaign asked for (either may be left out). `recordId` is the record's id column,
 * e.g. "enquiries.id".
 */
export function leadSourceCondition(
  column: LeadOwnerColumn,
  recordId: string,
  filter: LeadSourceFilter,
): RawBuilder<SqlBool> {
  const matches = (prefix: "first" | "latest") => {
    const parts = [sql`1 = 1`];
    if (filter.source) parts.push(sql`${sql.ref(`ls.${prefix}Source`)} = ${filter.source}`);
    if (filter.campaign) parts.push(sql`${sql.ref(`ls.${prefix}Campaign`)} = ${filter.campaign}`);
    return sql.join(parts, sql` and `);
  };
  return sql<SqlBool>`exists (select 1 from ${sql.table("leadSources")} as ls where ${sql.ref(`ls.${column}`)} = ${sql.ref(recordId)} and ((${matches("first")}) or (${matches("latest")})))`;
}

/** The sources and campaigns stored for one kind of record, for a list's filter choices. */
export async function leadSourceChoices(
  db: DB,
  column: LeadOwnerColumn,
): Promise<{ sources: string[]; campaigns: string[] }> {
  const values = async (field: "Source" | "Campaign") => {
    const rows = await db
      .selectFrom("leadSources")
      .select(`first${field} as value`)
      .where(column, "is not", null)
      .where(`first${field}`, "!=", "")
      .union(
        db
          .selectFrom("leadSources")
          .select(`latest${field} as value`)
          .where(column, "is not", null)
          .where(`latest${field}`, "!=", ""),
      )
      .orderBy("value")
      .limit(200)
      .execute();
    return rows.map((row) => String(row.value));
  };
  return { sources: await values("Source"), campaigns: await values("Campaign") };
}
