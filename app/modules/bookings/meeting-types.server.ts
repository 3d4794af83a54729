import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import type { MeetingTypesTable } from "~/db/schema/meeting-types";
import { sortableId } from "~/lib/ids";
import { DEFAULT_MEETING_TYPE_ID, type MeetingType, type MeetingTypeInput } from "./meeting-types";

/*
 * Meeting types and routing rules (data access; decision 0050). A type's consultants are rows
 * of `meetingTypeConsultants` (none: every bookable consultant); a routing rule is a service
 * interest and the consultants who cover it.
 */

function fromRow(row: Selectable<MeetingTypesTable>, consultantIds: string[]): MeetingType {
  const count = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    lengthMinutes: Number(row.lengthMinutes),
    bufferBeforeMinutes: Number(row.bufferBeforeMinutes),
    bufferAfterMinutes: count(row.bufferAfterMinutes),
    minimumNoticeHours: count(row.minimumNoticeHours),
    horizonDays: count(row.horizonDays),
    dailyCap: count(row.dailyCap),
    feeNote: row.feeNote,
    active: Boolean(row.active),
    sortOrder: Number(row.sortOrder),
    consultantIds,
  };
}

async function withConsultants(db: DB, rows: Selectable<MeetingTypesTable>[]) {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom("meetingTypeConsultants")
    .select(["meetingTypeId", "consultantId"])
    .where(
      "meetingTypeId",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("consultantId")
    .execute();
  return rows.map((row) =>
    fromRow(
      row,
      links.filter((link) => link.meetingTypeId === row.id).map((link) => link.consultantId),
    ),
  );
}

/** Every type (or the active ones), in the order staff gave them. */
export async function listMeetingTypes(
  db: DB,
  options: { activeOnly?: boolean } = {},
): Promise<MeetingType[]> {
  let query = db.selectFrom("meetingTypes").selectAll();
  if (options.activeOnly) query = query.where("active", "=", true);
  const rows = await query.orderBy("sortOrder").orderBy("title").orderBy("id").execute();
  return withConsultants(db, rows);
}

export async function getMeetingType(db: DB, id: string): Promise<MeetingType | undefined> {
  const row = await db
    .selectFrom("meetingTypes")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? (await withConsultants(db, [row]))[0] : undefined;
}

export async function meetingTypeBySlug(db: DB, slug: string): Promise<MeetingType | undefined> {
  const row = await db
    .selectFrom("meetingTypes")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? (await withConsultants(db, [row]))[0] : undefined;
}

/** A booking's type; the free consultation when it is gone (a type is never deleted). */
export async function meetingTypeOrDefault(db: DB, id: string | undefined) {
  const type = await getMeetingType(db, id ?? DEFAULT_MEETING_TYPE_ID);
  if (type) return type;
  const fallback = await getMeetingType(db, DEFAULT_MEETING_TYPE_ID);
  if (!fallback) throw new Error("The free consultation's meeting type is missing");
  return fallback;
}

/** Titles by id, for lists that show a booking's type. */
export async function meetingTypeTitles(db: DB): Promise<Map<string, string>> {
  const rows = await db.selectFrom("meetingTypes").select(["id", "title"]).execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Stores a type (a new one without `id`); returns its id. */
export async function saveMeetingType(
  trx: DB,
  input: MeetingTypeInput,
  at: string,
  id?: string,
): Promise<string> {
  const { consultantIds, ...fields } = input;
  const typeId = id ?? sortableId("mtp");
  if (id) {
    await trx
      .updateTable("meetingTypes")
      .set({ ...fields, updatedAt: at })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("meetingTypeConsultants").where("meetingTypeId", "=", id).execute();
  } else {
    await trx
      .insertInto("meetingTypes")
      .values({ id: typeId, ...fields, createdAt: at, updatedAt: at })
      .execute();
  }
  const unique = [...new Set(consultantIds)];
  if (unique.length > 0) {
    await trx
      .insertInto("meetingTypeConsultants")
      .values(unique.map((consultantId) => ({ meetingTypeId: typeId, consultantId })))
      .execute();
  }
  return typeId;
}

/** Routing rules: service interest → the consultants who cover it. */
export async function routingRules(db: DB): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("bookingRoutingRules")
    .select(["service", "consultantId"])
    .orderBy("service")
    .orderBy("consultantId")
    .execute();
  const rules = new Map<string, string[]>();
  for (const row of rows)
    rules.set(row.service, [...(rules.get(row.service) ?? []), row.consultantId]);
  return rules;
}

export async function hasRoutingRules(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom("bookingRoutingRules")
    .select("service")
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Replaces the consultants of one service's rule; true when it changed. */
export async function saveRoutingRule(
  trx: DB,
  service: string,
  consultantIds: string[],
): Promise<boolean> {
  const before = (await routingRules(trx)).get(service) ?? [];
  const after = [...new Set(consultantIds)].sort();
  if (before.join() === after.join()) return false;
  await trx.deleteFrom("bookingRoutingRules").where("service", "=", service).execute();
  if (after.length > 0) {
    await trx
      .insertInto("bookingRoutingRules")
      .values(after.map((consultantId) => ({ service, consultantId })))
      .execute();
  }
  return true;
}
