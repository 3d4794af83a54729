import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { bumpAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { type Booking, getBooking, releaseCells, releaseDayLoad } from "./booking-store.server";
import { deleteBookingRooms } from "./meeting-links.server";

/*
 * "Erase a person" (enquiries/erasure.server.ts) covers bookings: every booking made from the
 * address goes, in the erasure's transaction, with what it held (its occupied cells, its count
 * on the consultant's day, so that a future slot is free again) and the mails about it.
 */

export interface BookingErasure {
  bookings: number;
  /** Mails about those bookings not already matched by the address (see deleteMailsFor). */
  mails: number;
}

/**
 * Deletes the bookings of an address (matched without regard to case, or made with one of the
 * address's enquiries) with their cells, day loads and mails. Call it before the enquiries go.
 *
 * The booking rows are deleted first and report the status they had when deleted: a concurrent
 * cancel or move either finished before (on PostgreSQL the delete waits for it and sees its
 * result) or finds no booking afterwards. Only a booking that was not cancelled still counts on
 * its consultant's day (a cancel released it), so only those release the day load; every
 * booking's cells are released (a cancelled one holds none).
 */
export async function eraseBookingsOf(trx: DB, email: string): Promise<BookingErasure> {
  const address = email.trim().toLowerCase();
  const deleted = await trx
    .deleteFrom("bookings")
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(${sql.ref("visitorEmail")})`, "=", address),
        eb(
          "enquiryId",
          "in",
          eb
            .selectFrom("enquiries")
            .select("enquiries.id")
            .where(sql<string>`lower(${sql.ref("enquiries.email")})`, "=", address),
        ),
      ]),
    )
    .returning(["id", "consultantId", "startsAt", "status"])
    .execute();
  for (const booking of deleted) {
    await releaseCells(trx, booking.id);
    if (booking.status !== "cancelled") {
      await releaseDayLoad(trx, booking.consultantId, booking.startsAt);
    }
  }
  if (deleted.length === 0) return { bookings: 0, mails: 0 };
  await deleteWhatBookingsHeld(
    trx,
    deleted.map((booking) => booking.id),
  );
  await bumpAvailabilityVersion(trx);
  const mails = await trx
    .deleteFrom("mailOutbox")
    .where(
      "relatedId",
      "in",
      deleted.map((booking) => booking.id),
    )
    .executeTakeFirst();
  return { bookings: deleted.length, mails: Number(mails.numDeletedRows) };
}

/**
 * Deleting one enquiry (staff, in the inbox) takes its booking along, unless that booking is
 * still to take place: the visitor holds an invitation for it, so staff cancel it first (which
 * e-mails them) rather than make it vanish silently. Returns that upcoming booking, or deletes
 * the enquiry's bookings (cells, day loads and mails with them) and returns undefined.
 */
export async function removeBookingsOfEnquiry(
  trx: DB,
  enquiryId: string,
  now: Date = new Date(),
): Promise<Booking | undefined> {
  const rows = await trx
    .selectFrom("bookings")
    .select(["id", "consultantId", "startsAt", "endsAt", "status"])
    .where("enquiryId", "=", enquiryId)
    .execute();
  const upcoming = rows.find(
    (booking) => booking.status === "booked" && Date.parse(booking.endsAt) > now.getTime(),
  );
  if (upcoming) return getBooking(trx, upcoming.id);
  for (const booking of rows) {
    await releaseCells(trx, booking.id);
    if (booking.status !== "cancelled") {
      await releaseDayLoad(trx, booking.consultantId, booking.startsAt);
    }
  }
  if (rows.length > 0) {
    const ids = rows.map((booking) => booking.id);
    await deleteWhatBookingsHeld(trx, ids);
    await trx.deleteFrom("mailOutbox").where("relatedId", "in", ids).execute();
    await trx.deleteFrom("bookings").where("id", "in", ids).execute();
    // A booking that ended today still counted on its consultant's daily limit.
    await bumpAvailabilityVersion(trx);
  }
  return undefined;
}

/**
 * What other tables keep about bookings that are going: the secret of each one's meeting room
 * and the reminders claimed for it. Nothing points back to a deleted booking.
 */
async function deleteWhatBookingsHeld(trx: DB, ids: string[]): Promise<void> {
  await deleteBookingRooms(trx, ids);
  await trx.deleteFrom("bookingReminders").where("bookingId", "in", ids).execute();
}
