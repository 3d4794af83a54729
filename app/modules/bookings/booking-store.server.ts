import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import type { BookingsTable } from "~/db/schema";
import {
  hasLeadSourceFilter,
  type LeadSourceFilter,
  leadSourceCondition,
} from "~/modules/attribution/lead-sources.server";
import { BOOKING_STATUSES, type BookingStatus, CELL_MINUTES } from "./booking.schema";
import { dateKeyOf } from "./booking-time";

/*
 * Bookings (data access), and the two guards that make collisions impossible in the database
 * rather than by a check before the insert (decision 0030):
 * - occupied cells: a booking holds one `bookingCells` row per 5-minute cell of its meeting and
 *   the buffer after it, under the primary key (consultantId, cellStart). A second booking that
 *   would overlap needs one of the same cells: its insert finds the row (PostgreSQL makes it
 *   wait for the first transaction, then skip), and the caller rolls back.
 * - day loads: `consultantDayLoads` counts a consultant's bookings on an IST day, raised only
 *   while it is under the daily limit (one conditional update, which a concurrent one waits for).
 * Always cells first, then the day load, so that two bookings lock in the same order.
 */

export interface Booking {
  id: string;
  consultantId: string;
  startsAt: string;
  endsAt: string;
  visitorName: string;
  visitorEmail: string;
  visitorCompany: string;
  visitorPhone: string;
  visitorTimeZone: string;
  status: BookingStatus;
  enquiryId: string;
  icsUid: string;
  icsSequence: number;
  manageLinkVersion: number;
  /** The meeting type (decision 0050). */
  meetingTypeId: string;
  createdAt: string;
  updatedAt: string;
}

const asStatus = (value: string): BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value) ? (value as BookingStatus) : "booked";

function fromRow(row: Selectable<BookingsTable>): Booking {
  return {
    ...row,
    status: asStatus(row.status),
    icsSequence: Number(row.icsSequence),
    manageLinkVersion: Number(row.manageLinkVersion),
  };
}

export async function getBooking(db: DB, id: string): Promise<Booking | undefined> {
  const row = await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
  return row && fromRow(row);
}

/** The booking an enquiry was made with (the inbox shows its slot). */
export async function bookingOfEnquiry(db: DB, enquiryId: string): Promise<Booking | undefined> {
  const row = await db
    .selectFrom("bookings")
    .selectAll()
    .where("enquiryId", "=", enquiryId)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  return row && fromRow(row);
}

/** The slots of several enquiries at once (inbox list, CSV export): enquiry id → booking. */
export async function bookingsOfEnquiries(db: DB, enquiryIds: string[]) {
  const byEnquiry = new Map<string, Booking>();
  if (enquiryIds.length === 0) return byEnquiry;
  const rows = await db
    .selectFrom("bookings")
    .selectAll()
    .where("enquiryId", "in", enquiryIds)
    .orderBy("createdAt")
    .execute();
  for (const row of rows) byEnquiry.set(row.enquiryId, fromRow(row));
  return byEnquiry;
}

export interface BookingFilters {
  /** Bookings starting at or after… */
  from?: string;
  /** …and before. */
  to?: string;
  consultantId?: string;
  status?: BookingStatus;
  /** Newest first (past bookings) instead of soonest first (upcoming). */
  descending?: boolean;
  limit?: number;
  /** Only bookings whose first or latest source (and campaign) are these (issue 26). */
  leadSource?: LeadSourceFilter;
}

/** Bookings in a time range, for the staff list and week view. */
export async function listBookings(db: DB, filters: BookingFilters = {}): Promise<Booking[]> {
  let query = db.selectFrom("bookings").selectAll();
  if (filters.from) query = query.where("startsAt", ">=", filters.from);
  if (filters.to) query = query.where("startsAt", "<", filters.to);
  if (filters.consultantId) query = query.where("consultantId", "=", filters.consultantId);
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.leadSource && hasLeadSourceFilter(filters.leadSource))
    query = query.where(leadSourceCondition("bookingId", "bookings.id", filters.leadSource));
  const order = filters.descending ? "desc" : "asc";
  const rows = await query
    .orderBy("startsAt", order)
    .orderBy("id", order)
    .limit(Math.min(filters.limit ?? 500, 2000))
    .execute();
  return rows.map(fromRow);
}

/** Bookings that occupy their consultants (not cancelled) starting in a range. */
export async function busyBookings(
  db: DB,
  range: { from: string; to: string; consultantIds: string[]; exceptBookingId?: string },
) {
  if (range.consultantIds.length === 0) return [];
  let query = db
    .selectFrom("bookings")
    .leftJoin("meetingTypes", "meetingTypes.id", "bookings.meetingTypeId")
    .select([
      "bookings.id",
      "bookings.consultantId",
      "bookings.startsAt",
      "bookings.endsAt",
      "bookings.meetingTypeId",
      "meetingTypes.bufferBeforeMinutes",
      "meetingTypes.bufferAfterMinutes",
    ])
    .where("bookings.consultantId", "in", range.consultantIds)
    .where("bookings.status", "!=", "cancelled")
    .where("bookings.startsAt", ">=", range.from)
    .where("bookings.startsAt", "<", range.to);
  if (range.exceptBookingId) query = query.where("bookings.id", "!=", range.exceptBookingId);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    // Null: the booking settings' buffer after (the caller fills it in).
    bufferBeforeMinutes: row.bufferBeforeMinutes === null ? null : Number(row.bufferBeforeMinutes),
    bufferAfterMinutes: row.bufferAfterMinutes === null ? null : Number(row.bufferAfterMinutes),
  }));
}

export async function insertBooking(db: DB, booking: Booking): Promise<void> {
  await db.insertInto("bookings").values(booking).execute();
}

export async function updateBooking(
  db: DB,
  id: string,
  changes: Partial<Omit<Booking, "id" | "createdAt">>,
): Promise<void> {
  await db.updateTable("bookings").set(changes).where("id", "=", id).execute();
}

/** The 5-minute cells from the buffer before a meeting to the end of the buffer after it. */
export function cellsOf(
  startsAt: string,
  endsAt: string,
  bufferMinutes: number,
  bufferBeforeMinutes = 0,
): string[] {
  const step = CELL_MINUTES * 60_000;
  const first = Math.floor((Date.parse(startsAt) - bufferBeforeMinutes * 60_000) / step) * step;
  const end = Date.parse(endsAt) + bufferMinutes * 60_000;
  const cells: string[] = [];
  for (let at = first; at < end; at += step) cells.push(new Date(at).toISOString());
  return cells;
}

/**
 * Takes the cells a booking needs for its consultant. False when any was held already: then
 * none is kept (the caller tries another consultant or rolls back).
 */
export async function occupyCells(
  db: DB,
  booking: Pick<Booking, "id" | "consultantId" | "startsAt" | "endsAt">,
  bufferMinutes: number,
  bufferBeforeMinutes = 0,
): Promise<boolean> {
  const cells = cellsOf(booking.startsAt, booking.endsAt, bufferMinutes, bufferBeforeMinutes);
  const taken = await db
    .insertInto("bookingCells")
    .values(
      cells.map((cellStart) => ({
        consultantId: booking.consultantId,
        cellStart,
        bookingId: booking.id,
      })),
    )
    .onConflict((oc) => oc.columns(["consultantId", "cellStart"]).doNothing())
    .returning("cellStart")
    .execute();
  if (taken.length === cells.length) return true;
  await releaseCells(db, booking.id);
  return false;
}

export async function releaseCells(db: DB, bookingId: string): Promise<void> {
  await db.deleteFrom("bookingCells").where("bookingId", "=", bookingId).execute();
}

/** Counts one more booking on the consultant's IST day; false when the day is full. */
export async function takeDayLoad(
  db: DB,
  consultantId: string,
  startsAt: string,
  dailyLimit: number,
): Promise<boolean> {
  const day = dateKeyOf(startsAt);
  await db
    .insertInto("consultantDayLoads")
    .values({ consultantId, day, booked: 0 })
    .onConflict((oc) => oc.columns(["consultantId", "day"]).doNothing())
    .execute();
  const raised = await db
    .updateTable("consultantDayLoads")
    .set((eb) => ({ booked: eb("booked", "+", 1) }))
    .where("consultantId", "=", consultantId)
    .where("day", "=", day)
    .where("booked", "<", dailyLimit)
    .executeTakeFirst();
  return Number(raised.numUpdatedRows) > 0;
}

/** Counts one booking less on the consultant's IST day (a cancel, or the old day of a move). */
export async function releaseDayLoad(db: DB, consultantId: string, startsAt: string) {
  await db
    .updateTable("consultantDayLoads")
    .set((eb) => ({ booked: eb("booked", "-", 1) }))
    .where("consultantId", "=", consultantId)
    .where("day", "=", dateKeyOf(startsAt))
    .where("booked", ">", 0)
    .execute();
}

/**
 * Changes a booking that is still booked; false when it is not (any more): a concurrent cancel
 * or move got there first (on PostgreSQL this waits for it, then finds the new status).
 */
export async function updateBookedBooking(
  db: DB,
  id: string,
  changes: Partial<Omit<Booking, "id" | "createdAt">>,
): Promise<boolean> {
  const result = await db
    .updateTable("bookings")
    .set(changes)
    .where("id", "=", id)
    .where("status", "=", "booked")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
