import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import type { EnquiryRow } from "~/db/schema";
import { inTransaction } from "~/db/transaction.server";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";
import {
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquiryInput,
  type EnquiryNote,
  type EnquiryStatus,
  type EnquiryStatusChange,
} from "./enquiry.schema";

/*
 * Enquiry records: one enquiry, its status history and notes, read and written by id. The inbox's
 * lists are in inbox-list.server.ts, its counts in enquiry-stats.server.ts.
 */

const asStatus = (value: string): EnquiryStatus =>
  (ENQUIRY_STATUSES as readonly string[]).includes(value) ? (value as EnquiryStatus) : "new";

export function fromRow(row: EnquiryRow): Enquiry {
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

/** The enquiries with these ids, in the order of the ids. */
export async function enquiriesByIds(db: DB, ids: string[]): Promise<Enquiry[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("enquiries").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [fromRow(row)] : [];
  });
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

/**
 * The newest status change of each of `enquiryIds` (the export reads a batch at a time); an
 * enquiry whose status never changed has none.
 */
export async function lastStatusChangesOf(
  db: DB,
  enquiryIds: readonly string[],
): Promise<Map<string, EnquiryStatusChange>> {
  const last = new Map<string, EnquiryStatusChange>();
  if (enquiryIds.length === 0) return last;
  const rows = await db
    .selectFrom("enquiryStatusChanges")
    .selectAll()
    .where("enquiryId", "in", [...enquiryIds])
    .orderBy("changedAt")
    .orderBy("id")
    .execute();
  // Oldest first: each enquiry's entry ends as its newest.
  for (const row of rows) {
    last.set(row.enquiryId, {
      ...row,
      fromStatus: row.fromStatus === null ? null : asStatus(row.fromStatus),
      toStatus: asStatus(row.toStatus),
    });
  }
  return last;
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

/** The notes of each of `enquiryIds`, oldest first (the export reads a batch at a time). */
export async function notesOfEnquiries(
  db: DB,
  enquiryIds: readonly string[],
): Promise<Map<string, EnquiryNote[]>> {
  const notes = new Map<string, EnquiryNote[]>();
  if (enquiryIds.length === 0) return notes;
  const rows = await db
    .selectFrom("enquiryNotes")
    .selectAll()
    .where("enquiryId", "in", [...enquiryIds])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  for (const row of rows) notes.set(row.enquiryId, [...(notes.get(row.enquiryId) ?? []), row]);
  return notes;
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
