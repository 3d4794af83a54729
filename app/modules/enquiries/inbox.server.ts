import type { DB } from "~/db/client.server";
import { removeBookingsOfEnquiry } from "~/modules/bookings/booking-erasure.server";
import {
  consultationOfEnquiry,
  type EnquiryConsultationDetail,
} from "~/modules/bookings/enquiry-consultations.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import {
  addNote,
  deleteEnquiry,
  getEnquiry,
  listNotes,
  listStatusChanges,
  markNotSpam,
  setEnquiryStatus,
} from "./enquiries.server";
import { ENQUIRY_STATUS_LABELS, type Enquiry, type EnquiryStatus } from "./enquiry.schema";

/*
 * What the staff inbox does with an enquiry, each change recorded in the audit log with who did
 * it. The routes guard and parse; these functions do the work.
 */

export type { Actor } from "~/modules/commands/command.server";

/** Staff names by id, for history and notes (a removed account shows as "Former staff"). */
async function staffNames(db: DB, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom("user")
    .select(["id", "name"])
    .where("id", "in", wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/*
 * Only staff change a status or write a note, so a missing author is a removed account: the
 * database clears the id (ON DELETE SET NULL) or, where it does not, the id names nobody.
 */
const nameOf = (names: Map<string, string>, id: string | null) =>
  (id && names.get(id)) || "Former staff";

export interface EnquiryDetail {
  enquiry: Enquiry;
  history: { id: string; fromStatus: string | null; toStatus: string; by: string; at: string }[];
  /**
   * Who changed the status last, and when: the newest entry of the history (which every status
   * change writes), so the inbox's list needs no column of its own. Null when it never changed.
   */
  lastStatusChange: { by: string; at: string } | null;
  notes: { id: string; body: string; by: string; at: string }[];
  /** The slot of an enquiry made by booking (source "booking"); null for any other. */
  consultation: EnquiryConsultationDetail | null;
  /** The e-mails about this enquiry (and about its booking) and where they stand. */
  mails: { id: string; kind: string; to: string; status: string; attempts: number; at: string }[];
}

export async function getEnquiryDetail(db: DB, id: string): Promise<EnquiryDetail | undefined> {
  const enquiry = await getEnquiry(db, id);
  if (!enquiry) return undefined;
  const consultation = await consultationOfEnquiry(db, enquiry);
  // A booking's mails (confirmation, invitations, moves) are about the booking.
  const related = consultation ? [id, consultation.bookingId] : [id];
  const [history, notes, mails] = await Promise.all([
    listStatusChanges(db, id),
    listNotes(db, id),
    db
      .selectFrom("mailOutbox")
      .select(["id", "kind", "toAddress", "status", "attempts", "createdAt"])
      .where("relatedId", "in", related)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
  ]);
  const names = await staffNames(db, [
    ...history.map((change) => change.changedBy),
    ...notes.map((note) => note.authorId),
  ]);
  const changes = history.map((change) => ({
    id: change.id,
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    by: nameOf(names, change.changedBy),
    at: change.changedAt,
  }));
  const last = changes.at(-1);
  return {
    enquiry,
    history: changes,
    lastStatusChange: last ? { by: last.by, at: last.at } : null,
    consultation,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      by: nameOf(names, note.authorId),
      at: note.createdAt,
    })),
    mails: mails.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      to: mail.toAddress,
      status: mail.status,
      attempts: mail.attempts,
      at: mail.createdAt,
    })),
  };
}

const who = (enquiry: Enquiry) => `${enquiry.fullName} (${enquiry.company})`;

/*
 * The inbox's changes are commands (app/modules/commands): the change and its audit entry in one
 * transaction. Enquiries, notes and subscribers are never public output, so none of them raises
 * the content version.
 */

/**
 * Sets the status (history written by setEnquiryStatus) and records it. Says "unchanged" when the
 * enquiry already had that status (nothing is written), "missing" when there is no such enquiry.
 */
export function changeEnquiryStatus(
  db: DB,
  id: string,
  status: EnquiryStatus,
  actor: Actor,
): Promise<"changed" | "unchanged" | "missing"> {
  return runCommand(db, actor, async (trx) => {
    const enquiry = await getEnquiry(trx, id);
    if (!enquiry) return { result: "missing" };
    if (enquiry.status === status) return { result: "unchanged" };
    if (!(await setEnquiryStatus(trx, id, status, actor.id))) return { result: "missing" };
    return {
      result: "changed",
      audit: {
        action: "status",
        entityType: "enquiry",
        entityId: id,
        summary: `Set the enquiry from ${who(enquiry)} to ${ENQUIRY_STATUS_LABELS[status]}`,
      },
    };
  });
}

/** Adds an internal note (already validated) and records it; false when the enquiry is missing. */
export function addNoteAsStaff(db: DB, id: string, body: string, actor: Actor): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const enquiry = await getEnquiry(trx, id);
    if (!enquiry || !(await addNote(trx, id, actor.id, body))) return { result: false };
    return {
      result: true,
      audit: {
        action: "note",
        entityType: "enquiry",
        entityId: id,
        summary: `Added a note to the enquiry from ${who(enquiry)}`,
      },
    };
  });
}

/**
 * What deleting an enquiry did: "booked" when it carries a consultation still to take place
 * (cancel that first; the visitor is e-mailed), which leaves everything as it was.
 */
export type EnquiryDeletion = "deleted" | "not_found" | "booked";

export function deleteEnquiryAsStaff(
  db: DB,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<EnquiryDeletion> {
  return runCommand<EnquiryDeletion>(db, actor, async (trx) => {
    const enquiry = await getEnquiry(trx, id);
    if (!enquiry) return { result: "not_found" };
    // Its bookings go with it (their cells free again), unless one is still to take place.
    if (await removeBookingsOfEnquiry(trx, id, now)) return { result: "booked" };
    if (!(await deleteEnquiry(trx, id))) return { result: "not_found" };
    return {
      result: "deleted",
      audit: {
        action: "delete",
        entityType: "enquiry",
        entityId: id,
        summary: `Deleted the enquiry from ${who(enquiry)}`,
      },
    };
  });
}

/**
 * Moves an enquiry the spam defence held back into the inbox; false when it is missing. One
 * already in the inbox is left as it is (nothing stamped, nothing recorded).
 */
export function restoreFromSpam(db: DB, id: string, actor: Actor): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const enquiry = await getEnquiry(trx, id);
    if (!enquiry) return { result: false };
    if (enquiry.spamReason === null) return { result: true };
    if (!(await markNotSpam(trx, id))) return { result: false };
    return {
      result: true,
      audit: {
        action: "restore",
        entityType: "enquiry",
        entityId: id,
        summary: `Moved the enquiry from ${who(enquiry)} out of the spam folder`,
      },
    };
  });
}
