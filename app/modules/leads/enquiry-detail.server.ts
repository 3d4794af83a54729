import type { DB } from "~/db/client.server";
import {
  consultationOfEnquiry,
  type EnquiryConsultationDetail,
} from "~/modules/bookings/enquiry-consultations.server";
import { getEnquiry, listNotes, listStatusChanges } from "~/modules/enquiries/enquiries.server";
import type { Enquiry } from "~/modules/enquiries/enquiry.schema";
import { nameOf, staffNames } from "~/modules/enquiries/inbox.server";

/*
 * An enquiry as its page in the inbox shows it: the enquiry, its history and notes, the
 * consultation it booked (a booking is an enquiry too, decision 0030) and the mails about both.
 * It lives above enquiries and bookings because it reads both.
 */

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
