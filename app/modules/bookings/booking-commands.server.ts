import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { recordLeadSource } from "~/modules/attribution/lead-sources.server";
import { bumpAvailabilityVersion } from "~/modules/commands/availability-version.server";
import type { Actor } from "~/modules/commands/command.server";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import type { Enquiry } from "~/modules/enquiries/enquiry.schema";
import {
  type PublicForm,
  storePublicForm,
  WEBSITE_VISITOR,
} from "~/modules/forms/public-form.server";
import type { SpamAdmission, SpamRefusal } from "~/modules/forms/spam-screen.server";
import { recordFormConsents } from "~/modules/privacy/consent-ledger.server";
import { bookingEvent } from "~/modules/webhooks/webhook-events";
import { queueWebhookEvent } from "~/modules/webhooks/webhook-queue.server";
import { consultantsFreeAt, nearestFreeSlots, slotSettingsFor } from "./availability.server";
import type { BookingRequest } from "./booking.schema";
import { queueBookingMails } from "./booking-mails.server";
import {
  type BookingContext,
  endOf,
  isCrossing,
  manageUrlOf,
  placeBooking,
  SlotTaken,
} from "./booking-placement.server";
import { type Booking, insertBooking } from "./booking-store.server";
import { formatIst } from "./booking-time";
import { type Consultant, getBookingSettings } from "./consultants.server";
import type { FreeSlot } from "./free-slots";
import { DEFAULT_MEETING_TYPE_ID } from "./meeting-types";
import { meetingTypeBySlug } from "./meeting-types.server";

/*
 * Booking a consultation (commands: the change, its audit entry and its
 * mails in one transaction). A booking is also an enquiry: the visitor's fields are stored as
 * one (source "booking") in the same transaction, so the inbox shows it. Whether a slot can be
 * had is decided by the database (occupied cells, day loads; booking-store.server.ts): a slot
 * that another booking took first rolls the whole transaction back, enquiry and mails included,
 * and the visitor gets the nearest free slots instead. Bookings change no public page (the slot
 * pages are not cached), so no command raises the content version.
 */

/** The visitor, as the actor of what they do through the booking page or their private link. */
export const VISITOR_ACTOR: Actor = WEBSITE_VISITOR;
/** The enquiry source of a booking (the inbox says "Consultation booking"). */
export const BOOKING_SOURCE = "booking";

export type { BookingContext };

export interface BookRequestContext extends BookingContext {
  /**
   * The spam screen's second step (`screenSubmission(...).admit`), so that the form token is
   * used up by the transaction that stores the booking (the booking form's pipeline passes it).
   */
  admit?: (trx: DB) => Promise<SpamAdmission>;
}

export type BookOutcome =
  | { status: "booked"; booking: Booking; enquiry: Enquiry; manageUrl: string }
  /** The slot was taken first (or is no longer offered): the nearest free ones instead. */
  | SlotTakenAnswer
  /** Stored as an enquiry in the spam folder; no booking, no mail (the visitor is not told). */
  | { status: "held_as_spam"; enquiry: Enquiry }
  /** Sent too fast: ask the person check, nothing stored. */
  | { status: "person_check"; refusal: SpamRefusal };

export type BookingChange =
  | { ok: true; booking: Booking; manageUrl?: string }
  | { ok: false; reason: "not_found" | "not_booked" | "started" | "not_started" | "cut_off" }
  | { ok: false; reason: "taken"; nearest: FreeSlot[] };

/** What a refused change says, for the pages. */
export const BOOKING_MESSAGES = {
  taken: "That time was just taken. Here are the nearest free times.",
  not_found: "This booking no longer exists.",
  not_booked: "This booking was already cancelled or has taken place.",
  started: "This meeting has already started.",
  not_started: "A meeting can be marked held or no-show once it has started.",
  cut_off:
    "It is too close to the meeting to change it online. Please e-mail or call us to reschedule or cancel.",
} as const;

/** What booking stored: the enquiry, and the booking unless it was held as spam. */
export interface StoredBooking {
  enquiry: Enquiry;
  placed?: { booking: Booking; consultant: Consultant; manageUrl: string };
}

/** A slot taken first (or no longer offered): the nearest free ones instead. */
export interface SlotTakenAnswer {
  status: "taken";
  nearest: FreeSlot[];
}

/** The type a request books: its slug's (active) type, the free consultation without a slug. */
async function requestedTypeId(db: DB, request: Pick<BookingRequest, "meetingType">) {
  if (!request.meetingType) return DEFAULT_MEETING_TYPE_ID;
  const type = await meetingTypeBySlug(db, request.meetingType);
  return type?.active ? type.id : undefined;
}

/**
 * The booking's store, mails and lost race for the public form pipeline
 * (modules/forms/public-form.server.ts), used by the booking form (booking-submission.server.ts)
 * and by bookConsultation. Books the free consultation at `request.startsAt` with the first
 * consultant free then, storing the enquiry with it, and queues the visitor's, the consultant's
 * and the firm's mails, each with the invitation; a slot taken first rolls it all back and
 * answers with the nearest free slots. Spam is stored as an enquiry only.
 */
export function bookingStore(
  context: BookingContext,
): Pick<
  PublicForm<BookingRequest, unknown, StoredBooking, SlotTakenAnswer>,
  "actor" | "store" | "mail" | "recover"
> {
  const now = context.now ?? new Date();
  return {
    actor: VISITOR_ACTOR,
    async store(trx, request, { spamReason, leadSource }) {
      if (spamReason) {
        const enquiry = await createEnquiry(trx, request, { source: BOOKING_SOURCE, spamReason });
        await recordLeadSource(trx, { enquiryId: enquiry.id }, leadSource);
        return { result: { enquiry } };
      }
      const meetingTypeId = await requestedTypeId(trx, request);
      if (!meetingTypeId) throw new SlotTaken();
      const { type, settings } = await slotSettingsFor(
        trx,
        meetingTypeId,
        await getBookingSettings(trx),
      );
      if (!type.active) throw new SlotTaken();
      // Routed by the visitor's service interest when a rule names it (decision 0050).
      const service = request.service || undefined;
      const candidates = await consultantsFreeAt(trx, request.startsAt, {
        now,
        meetingTypeId,
        service,
      });
      if (candidates.length === 0) throw new SlotTaken();
      const enquiry = await createEnquiry(trx, request, { source: BOOKING_SOURCE });
      const id = sortableId("bkg");
      const at = now.toISOString();
      const draft = {
        id,
        startsAt: request.startsAt,
        endsAt: endOf(request.startsAt, type.lengthMinutes),
        visitorName: enquiry.fullName,
        visitorEmail: enquiry.email,
        visitorCompany: enquiry.company,
        visitorPhone: enquiry.phone,
        visitorTimeZone: request.timeZone,
        status: "booked" as const,
        enquiryId: enquiry.id,
        icsUid: `${id}@${new URL(context.mail.baseUrl).hostname}`,
        icsSequence: 0,
        manageLinkVersion: 1,
        meetingTypeId,
        createdAt: at,
        updatedAt: at,
      };
      const placed = await placeBooking(trx, draft, candidates, settings, (booking) =>
        insertBooking(trx, booking),
      );
      if (!placed) throw new SlotTaken();
      await bumpAvailabilityVersion(trx);
      const { booking, consultant } = placed;
      await queueWebhookEvent(trx, "booking.created", bookingEvent(booking));
      await recordLeadSource(trx, { enquiryId: enquiry.id }, leadSource);
      await recordLeadSource(trx, { bookingId: booking.id }, leadSource);
      await recordFormConsents(trx, {
        email: enquiry.email,
        form: "booking",
        record: { type: "enquiry", id: enquiry.id },
      });
      return {
        result: {
          enquiry,
          placed: { booking, consultant, manageUrl: manageUrlOf(context, booking) },
        },
        audit: {
          action: "create",
          entityType: "booking",
          entityId: booking.id,
          summary: `${booking.visitorName} booked a consultation${type.id === DEFAULT_MEETING_TYPE_ID ? "" : ` (${type.title})`} with ${consultant.displayName} for ${formatIst(booking.startsAt)}`,
        },
      };
    },
    async mail(trx, { placed }) {
      if (!placed) return false;
      await queueBookingMails(trx, "booked", placed.booking, placed.consultant, {
        mail: context.mail,
        manageUrl: placed.manageUrl,
      });
      return true;
    },
    async recover(db, error, request) {
      if (!(error instanceof SlotTaken) && !isCrossing(error)) return undefined;
      const nearest = await nearestFreeSlots(db, new Date(request.startsAt), {
        now,
        meetingTypeId: (await requestedTypeId(db, request)) ?? DEFAULT_MEETING_TYPE_ID,
        service: request.service || undefined,
      });
      return { status: "taken", nearest };
    },
  };
}

/**
 * Books the free consultation for a request already checked (see bookingStore), through the
 * public form pipeline's storing step; the booking form goes through the whole pipeline
 * (submitBooking). Tests and scripts book with it.
 */
export async function bookConsultation(
  db: DB,
  request: BookingRequest,
  context: BookRequestContext,
): Promise<BookOutcome> {
  const outcome = await storePublicForm(db, bookingStore(context), request, context.admit);
  switch (outcome.kind) {
    case "refused":
      return { status: "person_check", refusal: outcome.refusal };
    case "spam":
      return { status: "held_as_spam", enquiry: outcome.stored.enquiry };
    case "special":
      return outcome.special;
    case "stored": {
      const { enquiry, placed } = outcome.stored;
      if (!placed) throw new Error("A booking was stored without its slot");
      return { status: "booked", booking: placed.booking, enquiry, manageUrl: placed.manageUrl };
    }
  }
}
