import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";
import type { Actor } from "~/modules/commands/command.server";

/*
 * Drafts and versions of any kind of content (issue 29, decision 0060), keyed by kind + the
 * item's key. The owning module decides what its content is (a plain object of fields, stored
 * as JSON) and calls these inside its command's transaction: saving a draft changes no public
 * page (no content-version bump); publishing applies the fields, records a version and drops
 * the draft, in one `runCommand`.
 */

/**
 * The kinds of content with drafts and versions (the value stored in `kind`). "privacy" keeps
 * only its draft here: the notice's versions are its own table (decision 0061), which the
 * consent ledger refers to.
 */
export type ContentKind = "article" | "resource" | "service" | "page" | "posting" | "privacy";

/** The fields of an item as its form has them. */
export type ContentFields = Record<string, string>;

export interface ContentDraft {
  fields: ContentFields;
  savedAt: string;
  savedByName: string;
}

export interface ContentVersion {
  number: number;
  fields: ContentFields;
  note: string;
  createdAt: string;
  actorName: string;
}

function fieldsOf(json: string): ContentFields {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, field]) => [
        key,
        typeof field === "string"
          ? field
          : field === null || field === undefined
            ? ""
            : String(field),
      ]),
    );
  } catch {
    return {};
  }
}

export async function getDraft(
  db: DB,
  kind: ContentKind,
  entityId: string,
): Promise<ContentDraft | undefined> {
  const row = await db
    .selectFrom("contentDrafts")
    .select(["data", "savedAt", "savedByName"])
    .where("kind", "=", kind)
    .where("entityId", "=", entityId)
    .executeTakeFirst();
  return row && { fields: fieldsOf(row.data), savedAt: row.savedAt, savedByName: row.savedByName };
}

/** Stores (or replaces) the item's draft. */
export async function putDraft(
  trx: DB,
  actor: Actor,
  kind: ContentKind,
  entityId: string,
  fields: ContentFields,
): Promise<void> {
  const row = {
    data: JSON.stringify(fields),
    savedAt: nowIso(),
    savedById: actor.id,
    savedByName: actor.name,
  };
  await trx
    .insertInto("contentDrafts")
    .values({ kind, entityId, ...row })
    .onConflict((oc) => oc.columns(["kind", "entityId"]).doUpdateSet(row))
    .execute();
}

/** Drops the item's draft; true when there was one. */
export async function dropDraft(trx: DB, kind: ContentKind, entityId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom("contentDrafts")
    .where("kind", "=", kind)
    .where("entityId", "=", entityId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Keeps a version of the item (the next number). Two publishes at once on PostgreSQL cannot
 * take the same number: the unique (kind, entityId, number) refuses the second, whose
 * transaction then fails as a whole.
 */
export async function recordVersion(
  trx: DB,
  actor: Actor,
  kind: ContentKind,
  entityId: string,
  fields: ContentFields,
  note: string,
): Promise<number> {
  const last = await trx
    .selectFrom("contentVersions")
    .select(sql<number>`max(number)`.as("last"))
    .where("kind", "=", kind)
    .where("entityId", "=", entityId)
    .executeTakeFirst();
  const number = Number(last?.last ?? 0) + 1;
  await trx
    .insertInto("contentVersions")
    .values({
      id: sortableId("ver"),
      kind,
      entityId,
      number,
      data: JSON.stringify(fields),
      note,
      createdAt: nowIso(),
      actorId: actor.id,
      actorName: actor.name,
    })
    .execute();
  return number;
}

/** The item's versions, newest first. */
export async function listVersions(
  db: DB,
  kind: ContentKind,
  entityId: string,
): Promise<ContentVersion[]> {
  const rows = await db
    .selectFrom("contentVersions")
    .select(["number", "data", "note", "createdAt", "actorName"])
    .where("kind", "=", kind)
    .where("entityId", "=", entityId)
    .orderBy("number", "desc")
    .execute();
  return rows.map(({ data, ...row }) => ({
    ...row,
    number: Number(row.number),
    fields: fieldsOf(data),
  }));
}

export async function getVersion(
  db: DB,
  kind: ContentKind,
  entityId: string,
  number: number,
): Promise<ContentVersion | undefined> {
  if (!Number.isSafeInteger(number) || number < 1) return undefined;
  const row = await db
    .selectFrom("contentVersions")
    .select(["number", "data", "note", "createdAt", "actorName"])
    .where("kind", "=", kind)
    .where("entityId", "=", entityId)
    .where("number", "=", number)
    .executeTakeFirst();
  return row && { ...row, number: Number(row.number), fields: fieldsOf(row.data) };
}

/** An item's key changed (a new slug): its draft, versions and schedules follow it. */
export async function moveContentKey(
  trx: DB,
  kind: ContentKind,
  from: string,
  to: string,
): Promise<void> {
  if (from === to) return;
  for (const table of ["contentDrafts", "contentVersions", "contentSchedules"] as const) {
    await trx
      .updateTable(table)
      .set({ entityId: to })
      .where("kind", "=", kind)
      .where("entityId", "=", from)
      .execute();
  }
}

/** The keys of the items of a kind that have a draft (for a list that marks them). */
export async function listDraftKeys(db: DB, kind: ContentKind): Promise<string[]> {
  const rows = await db
    .selectFrom("contentDrafts")
    .select("entityId")
    .where("kind", "=", kind)
    .execute();
  return rows.map((row) => row.entityId);
}

/** How many versions an item has. */
export async function countVersions(db: DB, kind: ContentKind, entityId: string): Promise<number> {
  const row = await db
    .selectFrom("contentVersions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("kind", "=", kind)
    .where("entityId", "=", entityId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
