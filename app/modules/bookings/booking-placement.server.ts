import type { DB } from "~/db/client.server";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { type BookingSettings, SLOT_MINUTES } from "./booking.schema";
import { type Booking, occupyCells, releaseCells, takeDayLoad } from "./booking-store.server";
import { type Consultant, getConsultant } from "./consultants.server";
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

export const endOf = (startsAt: string) =>
  new Date(Date.parse(startsAt) + SLOT_MINUTES * 60_000).toISOString();

/**
 * Gives the draft to the first candidate whose cells and day are free, and stores it; undefined
 * when none could take it.
 */
export async function placeBooking(
  trx: DB,
  draft: Omit<Booking, "consultantId">,
  candidates: string[],
  settings: BookingSettings,
  store: (booking: Booking) => Promise<void>,
): Promise<{ booking: Booking; consultant: Consultant } | undefined> {
  for (const consultantId of candidates) {
    const consultant = await getConsultant(trx, consultantId);
    if (!consultant?.bookable) continue;
    const booking = { ...draft, consultantId };
    if (!(await occupyCells(trx, booking, settings.bufferMinutes))) continue;
    if (!(await takeDayLoad(trx, consultantId, booking.startsAt, consultant.dailyLimit))) {
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
