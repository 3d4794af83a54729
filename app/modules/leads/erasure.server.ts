import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { countOf } from "~/lib/format";
import { nowIso } from "~/lib/time";
import {
  lockedApplicationIds,
  removeApplications,
} from "~/modules/applications/application-removal.server";
import { eraseBookingsOf } from "~/modules/bookings/booking-erasure.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { deleteEnquiriesByEmail } from "~/modules/enquiries/enquiries.server";
import { deleteMailsFor } from "~/modules/mail/outbox.server";
import {
  deleteSubscriberByEmail,
  getSubscriberByEmail,
} from "~/modules/newsletter/newsletter.server";
import { personErasedEvent } from "~/modules/webhooks/webhook-events";
import {
  eraseWebhookDeliveriesFor,
  queueWebhookEvent,
} from "~/modules/webhooks/webhook-queue.server";

/*
 * Privacy requests staff carry out from the inbox: erase a person (everything from an address)
 * or one newsletter subscriber, each recorded without the address itself.
 */

/**
 * A short, one-way reference to an address, kept in the audit log of an erasure instead of the
 * address itself: whoever asks "was x erased?" can hash x and look, nobody can read it back.
 */
export function erasureReference(email: string): string {
  return `sha256:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16)}`;
}

export interface ErasureResult {
  enquiries: number;
  /** Consultation bookings made from the address (their slots are free again). */
  bookings: number;
  /** Job applications from the address, each with its notes and status history. */
  applications: number;
  /** The CV files of those applications. */
  cvs: number;
  subscription: boolean;
  mails: number;
}

/**
 * What an erasure removed, in words: "2 enquiries, 1 consultation booking, 1 job application
 * with 1 CV, the newsletter subscription, 1 e-mail" (bookings named only when there were some).
 */
export function describeErasure(result: ErasureResult): string {
  const applications = countOf(result.applications, "job application", "job applications");
  return [
    countOf(result.enquiries, "enquiry", "enquiries"),
    ...(result.bookings > 0
      ? [countOf(result.bookings, "consultation booking", "consultation bookings")]
      : []),
    result.applications > 0
      ? `${applications} with ${countOf(result.cvs, "CV", "CVs")}`
      : applications,
    result.subscription ? "the newsletter subscription" : "no newsletter subscription",
    countOf(result.mails, "e-mail", "e-mails"),
  ].join(", ");
}

/**
 * "Erase a person" (a privacy request under India's data protection law): removes every enquiry,
 * consultation booking and job application from the address (with their notes, history, CV
 * files, and the bookings' occupied slots and day counts, so that their times are free again;
 * the address matched without regard to case), its newsletter subscription and the e-mails to or
 * about it, queued or sent, in one transaction, and records that it happened without recording the address. A posting's
 * public applications count may go down, so that is a public change.
 */
export function erasePerson(db: DB, email: string, actor: Actor): Promise<ErasureResult> {
  return runCommand(db, actor, async (trx) => {
    const address = email.trim().toLowerCase();
    const applicationIds = await lockedApplicationIds(
      trx,
      trx
        .selectFrom("applications")
        .select("id")
        .where(sql<string>`lower(${sql.ref("email")})`, "=", address)
        .orderBy("submittedAt")
        .orderBy("id"),
      "wait",
    );
    const removed = await removeApplications(trx, applicationIds);
    // Before the enquiries: a booking is also found by the enquiry it was made with.
    const bookings = await eraseBookingsOf(trx, email);
    const result: ErasureResult = {
      enquiries: await deleteEnquiriesByEmail(trx, email),
      bookings: bookings.bookings,
      applications: removed.applications,
      cvs: removed.cvs,
      subscription: await deleteSubscriberByEmail(trx, email),
      mails: removed.mails + bookings.mails + (await deleteMailsFor(trx, email)),
    };
    // What was queued about the person goes; the receivers are asked to erase them too.
    await eraseWebhookDeliveriesFor(trx, email);
    await queueWebhookEvent(trx, "person.erased", personErasedEvent(email, nowIso()));
    return {
      result,
      publicChange: removed.publicChange,
      audit: {
        action: "erase",
        entityType: "person",
        entityId: erasureReference(email),
        summary: `Erased a person's data on request: ${describeErasure(result)}`,
      },
    };
  });
}

/** Removes one subscriber (and the mails about the subscription), and records it. */
export function eraseSubscriber(db: DB, email: string, actor: Actor): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const subscriber = await getSubscriberByEmail(trx, email);
    if (!subscriber) return { result: false };
    await deleteSubscriberByEmail(trx, email);
    // Its confirmation mails go too; mails about enquiries stay with the enquiries.
    await trx.deleteFrom("mailOutbox").where("relatedId", "=", subscriber.id).execute();
    return {
      result: true,
      audit: {
        action: "erase",
        entityType: "subscriber",
        entityId: erasureReference(email),
        summary: "Erased a newsletter subscriber",
      },
    };
  });
}
