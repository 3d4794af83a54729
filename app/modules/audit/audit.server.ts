import type { DB } from "~/db/client.server";
import { containsPattern, ilike } from "~/db/contains";
import { clampPageSize, type Page, placePage } from "~/db/paging";
import type { AuditRow } from "~/db/schema";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** One entry of the audit log: who did what to which record, and when. */
export type AuditEntry = AuditRow;

export interface AuditInput {
  /** The staff account; null for the system (a background job, the installer). */
  actorId: string | null;
  /** The actor's name now, kept when the account is later removed. */
  actorName: string;
  /** What happened, e.g. "create", "update", "delete", "status". */
  action: string;
  /** The kind of record, e.g. "enquiry", "career", "service", "page", "settings", "user". */
  entityType: string;
  entityId: string | null;
  /** A sentence for people, e.g. "Set the enquiry from Jane Doe (Acme) to Contacted". */
  summary: string;
}

export interface AuditFilters {
  entityType?: string;
  actorId?: string;
  action?: string;
  /** Part of the summary, the actor's name or the entity id, case-insensitive; % and _ literal. */
  q?: string;
}

export type AuditPage = Page<AuditEntry>;

/** Appends an entry (stamped now) and returns it. */
export async function recordAudit(db: DB, input: AuditInput): Promise<AuditEntry> {
  const entry: AuditEntry = {
    id: sortableId("aud"),
    actorId: input.actorId,
    actorName: input.actorName,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    summary: input.summary,
    createdAt: nowIso(),
  };
  await db.insertInto("auditLog").values(entry).execute();
  return entry;
}

function filtered(db: DB, filters: AuditFilters) {
  let query = db.selectFrom("auditLog");
  if (filters.entityType) query = query.where("entityType", "=", filters.entityType);
  if (filters.actorId) query = query.where("actorId", "=", filters.actorId);
  if (filters.action) query = query.where("action", "=", filters.action);
  const search = filters.q?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([ilike("summary", pattern), ilike("actorName", pattern), ilike("entityId", pattern)]),
    );
  }
  return query;
}

/** A page of entries matching the filters, newest first. */
export async function listAudit(
  db: DB,
  options: AuditFilters & { page?: number; pageSize?: number } = {},
): Promise<AuditPage> {
  const pageSize = clampPageSize(options.pageSize, {
    defaultSize: DEFAULT_PAGE_SIZE,
    max: MAX_PAGE_SIZE,
  });
  const { count } = await filtered(db, options)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const items = await filtered(db, options)
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { items, total, page, pageSize, pageCount };
}

/** The latest entries, newest first (the dashboard's recent activity). */
export async function recentAudit(db: DB, limit = 10): Promise<AuditEntry[]> {
  return db
    .selectFrom("auditLog")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit))))
    .execute();
}
