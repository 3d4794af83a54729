import type { DB } from "~/db/client.server";
import { INDIA_TIME_ZONE } from "~/lib/india-format";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { SLOT_MINUTES } from "./booking.schema";
import {
  type Booking,
  occupyCells,
  releaseCells,
  releaseDayLoad,
  takeDayLoad,
} from "./booking-store.server";
import { dateKeyOf, dayRangeIn } from "./booking-time";
import { type Consultant, getConsultant } from "./consultants.server";
import type { SlotSettings } from "./free-slots";
import { manageLinkPath } from "./manage-link.server";

/*
 * What booking and moving share: giving a booking to the first consultant whose cells and day
 * are free (the database decides, booking-store.server.ts), and how a lost race is signalled.
 */

export interface BookingContext {
  /** Signs the private links (the app's auth secret). */
  secret: string;
  mail: LeadMailOptions;
  now?: Date;
}

/** Thrown inside a command to roll it back when the slot cannot be had. */
export class SlotTaken extends Error {
  constructor() {
    super("The slot was taken");
  }
}

/** PostgreSQL's deadlock and serialization codes: two bookings crossed; one gives way. */
export const isCrossing = (error: unknown) =>
  ["40P01", "40001"].includes(String((error as { code?: unknown })?.code));

export const endOf = (startsAt: string, lengthMinutes = SLOT_MINUTES) =>
  new Date(Date.parse(startsAt) + lengthMinutes * 60_000).toISOString();

/**
 * Whether the consultant has room for one more booking of the type on its IST day (the type's
 * daily cap, decision 0050). Asked after takeDayLoad, whose update holds the consultant's day
 * row until the transaction ends (PostgreSQL): two bookings of one consultant's day count in
 * turn, so the cap holds under concurrent bookings as the daily limit does.
 */
async function underTypeCap(trx: DB, booking: Booking, settings: SlotSettings) {
  if (settings.dailyCap === undefined || settings.dailyCap === null) return true;
  const day = dayRangeIn(dateKeyOf(booking.startsAt), INDIA_TIME_ZONE);
  const row = await trx
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("consultantId", "=", booking.consultantId)
    .where("meetingTypeId", "=", booking.meetingTypeId)
    .where("status", "!=", "cancelled")
    .where("id", "!=", booking.id)
    .where("startsAt", ">=", new Date(day.from).toISOString())
    .where("startsAt", "<", new Date(day.to).toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0) < settings.dailyCap;
}

/**
 * Gives the draft to the first candidate whose cells and day are free, and stores it; undefined
 * when none could take it.
 */
export async function placeBooking(
  trx: DB,
  draft: Omit<Booking, "consultantId">,
  candidates: string[],
  settings: SlotSettings,
  store: (booking: Booking) => Promise<void>,
): Promise<{ booking: Booking; consultant: Consultant } | undefined> {
  for (const consultantId of candidates) {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant?.bookable) continue;
    const booking = { ...draft, consultantId };
    const before = settings.bufferBeforeMinutes ?? 0;
    if (!(await occupyCells(trx, booking, settings.bufferMinutes, before))) continue;
    if (!(await takeDayLoad(trx, consultantId, booking.startsAt, consultant.dailyLimit))) {
      await releaseCells(trx, booking.id);
      continue;
    }
    if (!(await underTypeCap(trx, booking, settings))) {
      await releaseDayLoad(trx, consultantId, booking.startsAt);
      await releaseCells(trx, booking.id);
      continue;
    }
    await store(booking);
    return { booking, consultant };
  }
  return undefined;
}

export const manageUrlOf = (context: BookingContext, booking: Booking) =>
  `${context.mail.baseUrl}${manageLinkPath(context.secret, booking)}`;
