import type { DB } from "~/db/client.server";
import { bumpAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { bookingEvent } from "~/modules/webhooks/webhook-events";
import { queueWebhookEvent } from "~/modules/webhooks/webhook-queue.server";
import { consultantsFreeAt, nearestFreeSlots, slotSettingsFor } from "./availability.server";
import { type BookingChange, VISITOR_ACTOR } from "./booking-commands.server";
import { type BookingEvent, queueBookingMails } from "./booking-mails.server";
import {
  type BookingContext,
  endOf,
  isCrossing,
  manageUrlOf,
  placeBooking,
  SlotTaken,
} from "./booking-placement.server";
import {
  type Booking,
  getBooking,
  releaseCells,
  releaseDayLoad,
  updateBookedBooking,
} from "./booking-store.server";
import { formatIst } from "./booking-time";
import { getBookingSettings, getConsultant } from "./consultants.server";
import { checkManageLink, type ManageLinkCheck } from "./manage-link.server";
import { buildNoShowMail } from "./reminder-mails.server";
import { pastCutoff } from "./reminder-settings";
import { getReminderSettings } from "./reminder-settings.server";

/*
 * Changing a booking after it was made: cancel and move (by staff, or by the visitor through
 * the private link), and the outcome staff record once the meeting has started. Each is a
 * command; cancel and move tell the visitor, the consultant and the firm with an updated
 * invitation (same UID, sequence + 1).
 */

interface ChangeOptions {
  actor: Actor;
  /** Staff may act on a booking whose meeting has started (cancel) and book inside the notice. */
  byStaff: boolean;
  context: BookingContext;
}

/**
 * Reads the booking in the transaction and says why it cannot change, if it cannot. The visitor
 * (their private link) may change it only until the cut-off before the meeting (decision 0046).
 */
async function changeable(
  trx: DB,
  bookingId: string,
  now: Date,
  byStaff: boolean,
  byVisitor = false,
) {
  const booking = await getBooking(trx, bookingId);
  if (!booking) return { refusal: { ok: false, reason: "not_found" } as const };
  if (booking.status !== "booked") return { refusal: { ok: false, reason: "not_booked" } as const };
  if (!byStaff && Date.parse(booking.startsAt) <= now.getTime()) {
    return { refusal: { ok: false, reason: "started" } as const };
  }
  if (byVisitor && pastCutoff(booking, await getReminderSettings(trx), now)) {
    return { refusal: { ok: false, reason: "cut_off" } as const };
  }
  return { booking };
}

async function notify(
  trx: DB,
  event: BookingEvent,
  booking: Booking,
  context: BookingContext,
  to?: { visitor: boolean; consultant: boolean },
) {
  const consultant = await getConsultant(trx, booking.consultantId);
  if (!consultant) return;
  const manageUrl = event === "cancelled" ? undefined : manageUrlOf(context, booking);
  await queueBookingMails(trx, event, booking, consultant, { mail: context.mail, manageUrl, to });
}

/** Cancels a booking: its time is free again; the visitor, consultant and firm get a CANCEL. */
export function cancelBookingAs(
  db: DB,
  bookingId: string,
  { actor, byStaff, context }: ChangeOptions,
): Promise<BookingChange> {
  const now = context.now ?? new Date();
  return runCommand<BookingChange>(db, actor, async (trx) => {
    const { booking, refusal } = await changeable(trx, bookingId, now, byStaff, !byStaff);
    if (refusal) return { result: refusal };
    const cancelled: Booking = {
      ...booking,
      status: "cancelled",
      icsSequence: booking.icsSequence + 1,
      updatedAt: now.toISOString(),
    };
    const { status, icsSequence, updatedAt } = cancelled;
    if (!(await updateBookedBooking(trx, booking.id, { status, icsSequence, updatedAt }))) {
      return { result: { ok: false, reason: "not_booked" } };
    }
    await releaseCells(trx, booking.id);
    await releaseDayLoad(trx, booking.consultantId, booking.startsAt);
    await bumpAvailabilityVersion(trx);
    await notify(trx, "cancelled", cancelled, context);
    await queueWebhookEvent(trx, "booking.cancelled", bookingEvent(cancelled));
    return {
      result: { ok: true, booking: cancelled },
      audit: {
        action: "cancel",
        entityType: "booking",
        entityId: booking.id,
        summary: `Cancelled the consultation of ${booking.visitorName} on ${formatIst(booking.startsAt)}`,
      },
    };
  });
}

/**
 * Moves a booking to another free slot (same consultant when free then, else the first free
 * one; staff may name one). Same UID, sequence + 1, a new private link; the visitor, the
 * consultant and the firm get the updated invitation (a consultant taken off it gets a CANCEL).
 */
export async function moveBookingAs(
  db: DB,
  bookingId: string,
  target: { startsAt: string; consultantId?: string },
  { actor, byStaff, context }: ChangeOptions,
): Promise<BookingChange> {
  const now = context.now ?? new Date();
  const startsAt = new Date(target.startsAt).toISOString();
  try {
    return await runCommand<BookingChange>(db, actor, async (trx) => {
      const { booking, refusal } = await changeable(trx, bookingId, now, false, !byStaff);
      if (refusal) return { result: refusal };
      const sameConsultant = !target.consultantId || target.consultantId === booking.consultantId;
      // Moving to where it is already changes nothing, and tells no one.
      if (startsAt === booking.startsAt && sameConsultant) return { result: { ok: true, booking } };
      const { type, settings } = await slotSettingsFor(
        trx,
        booking.meetingTypeId,
        await getBookingSettings(trx),
      );
      const free = await consultantsFreeAt(trx, startsAt, {
        now,
        meetingTypeId: booking.meetingTypeId,
        exceptBookingId: booking.id,
        ignoreNotice: byStaff,
        consultantId: target.consultantId || undefined,
      });
      // Staying with the same consultant is what the visitor expects, when they are free.
      const candidates = free.includes(booking.consultantId)
        ? [booking.consultantId, ...free.filter((id) => id !== booking.consultantId)]
        : free;
      if (candidates.length === 0) throw new SlotTaken();
      await releaseCells(trx, booking.id);
      await releaseDayLoad(trx, booking.consultantId, booking.startsAt);
      const draft = {
        ...booking,
        startsAt,
        endsAt: endOf(startsAt, type.lengthMinutes),
        icsSequence: booking.icsSequence + 1,
        manageLinkVersion: booking.manageLinkVersion + 1,
        updatedAt: now.toISOString(),
      };
      let stored = true;
      const placed = await placeBooking(trx, draft, candidates, settings, async (moved) => {
        const { id: _id, createdAt: _createdAt, ...changes } = moved;
        stored = await updateBookedBooking(trx, booking.id, changes);
      });
      if (!placed) throw new SlotTaken();
      if (!stored) throw new Error(`Booking ${booking.id} changed while it was being moved`);
      const moved = placed.booking;
      await bumpAvailabilityVersion(trx);
      if (moved.consultantId !== booking.consultantId) {
        // The consultant taken off it gets a CANCEL for the time they had, with the new sequence.
        const { consultantId, startsAt: was, endsAt } = booking;
        const cancelled = {
          ...moved,
          consultantId,
          startsAt: was,
          endsAt,
          status: "cancelled" as const,
        };
        await notify(trx, "cancelled", cancelled, context, { visitor: false, consultant: true });
      }
      await notify(trx, "moved", moved, context);
      await queueWebhookEvent(trx, "booking.moved", bookingEvent(moved, booking.startsAt));
      return {
        result: { ok: true, booking: moved, manageUrl: manageUrlOf(context, moved) },
        audit: {
          action: "move",
          entityType: "booking",
          entityId: booking.id,
          summary: `Moved the consultation of ${booking.visitorName} from ${formatIst(booking.startsAt)} to ${formatIst(moved.startsAt)}`,
        },
      };
    });
  } catch (error) {
    if (!(error instanceof SlotTaken) && !isCrossing(error)) throw error;
    const nearest = await nearestFreeSlots(db, new Date(startsAt), {
      now,
      meetingTypeId: (await getBooking(db, bookingId))?.meetingTypeId,
      exceptBookingId: bookingId,
      consultantId: target.consultantId || undefined,
    });
    return { ok: false, reason: "taken", nearest };
  }
}

/**
 * Staff record how a meeting went (once it has started); a cancelled one stays cancelled. A
 * no-show is sent a kind mail with a link to book again (once: marking it again changes nothing).
 */
export function setBookingOutcome(
  db: DB,
  actor: Actor,
  input: { bookingId: string; outcome: "completed" | "no_show" },
  now: Date = new Date(),
  mail?: LeadMailOptions,
): Promise<BookingChange> {
  return runCommand<BookingChange>(db, actor, async (trx) => {
    const booking = await getBooking(trx, input.bookingId);
    if (!booking) return { result: { ok: false, reason: "not_found" } };
    if (booking.status === "cancelled") return { result: { ok: false, reason: "not_booked" } };
    if (Date.parse(booking.startsAt) > now.getTime()) {
      return { result: { ok: false, reason: "not_started" } };
    }
    if (booking.status === input.outcome) return { result: { ok: true, booking } };
    const updatedAt = now.toISOString();
    await trx
      .updateTable("bookings")
      .set({ status: input.outcome, updatedAt })
      .where("id", "=", booking.id)
      .where("status", "=", booking.status)
      .execute();
    if (input.outcome === "no_show" && mail) {
      const settings = await getGeneralSettings(trx);
      await enqueueMail(trx, await buildNoShowMail(booking, { settings, baseUrl: mail.baseUrl }));
    }
    const label = input.outcome === "completed" ? "held" : "a no-show";
    return {
      result: { ok: true, booking: { ...booking, status: input.outcome, updatedAt } },
      audit: {
        action: "status",
        entityType: "booking",
        entityId: booking.id,
        summary: `Marked the consultation of ${booking.visitorName} on ${formatIst(booking.startsAt)} as ${label}`,
      },
    };
  });
}

/* The entry points: staff (signed in) and the visitor (their private link). */

export const cancelBooking = (db: DB, actor: Actor, bookingId: string, context: BookingContext) =>
  cancelBookingAs(db, bookingId, { actor, byStaff: true, context });

export const moveBooking = (
  db: DB,
  actor: Actor,
  input: { bookingId: string; startsAt: string; consultantId?: string },
  context: BookingContext,
) => moveBookingAs(db, input.bookingId, input, { actor, byStaff: true, context });

/** A refused private link, or the change made through it. */
export type LinkChange = BookingChange | Extract<ManageLinkCheck, { ok: false }>;

/** The visitor cancels through their private link (until the meeting starts). */
export async function cancelBookingWithLink(
  db: DB,
  token: string,
  context: BookingContext,
): Promise<LinkChange> {
  const link = await checkManageLink(db, context.secret, token, context.now);
  if (!link.ok) return link;
  return cancelBookingAs(db, link.booking.id, { actor: VISITOR_ACTOR, byStaff: false, context });
}

/** The visitor moves their booking through their private link to another free slot. */
export async function moveBookingWithLink(
  db: DB,
  token: string,
  input: { startsAt: string },
  context: BookingContext,
): Promise<LinkChange> {
  const link = await checkManageLink(db, context.secret, token, context.now);
  if (!link.ok) return link;
  return moveBookingAs(
    db,
    link.booking.id,
    { startsAt: input.startsAt },
    { actor: VISITOR_ACTOR, byStaff: false, context },
  );
}
