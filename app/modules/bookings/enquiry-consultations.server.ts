import type { DB } from "~/db/client.server";
import type { BookingStatus } from "./booking.schema";
import { BOOKING_SOURCE } from "./booking-commands.server";
import { type Booking, bookingOfEnquiry, bookingsOfEnquiries } from "./booking-store.server";
import { getConsultant } from "./consultants.server";

/*
 * A booking is an enquiry too (source "booking", decision 0030): the inbox's list, its detail
 * page and the CSV export show the enquiry's slot. These read it: for a page of enquiries in one
 * query, for one enquiry with its consultant's name.
 */

/** The slot of an enquiry made by booking, as the inbox shows it. */
export interface EnquiryConsultation {
  bookingId: string;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  /** Moved at least once (each move raises the private link's version). */
  moved: boolean;
  /** The zone the visitor booked in. */
  visitorTimeZone: string;
}

export interface EnquiryConsultationDetail extends EnquiryConsultation {
  /** The consultant's display name; null if the consultant row is gone. */
  consultantName: string | null;
}

export const consultationOf = (booking: Booking): EnquiryConsultation => ({
  bookingId: booking.id,
  startsAt: booking.startsAt,
  endsAt: booking.endsAt,
  status: booking.status,
  moved: booking.manageLinkVersion > 1,
  visitorTimeZone: booking.visitorTimeZone,
});

/**
 * The slots of those enquiries that were made by booking, by enquiry id: one query for the page
 * (none when no enquiry on it is a booking).
 */
export async function consultationsOfEnquiries(
  db: DB,
  enquiries: ReadonlyArray<{ id: string; source: string }>,
): Promise<Record<string, EnquiryConsultation>> {
  const ids = enquiries.filter((e) => e.source === BOOKING_SOURCE).map((e) => e.id);
  const bookings = await bookingsOfEnquiries(db, ids);
  const byEnquiry: Record<string, EnquiryConsultation> = {};
  for (const [enquiryId, booking] of bookings) byEnquiry[enquiryId] = consultationOf(booking);
  return byEnquiry;
}

/** The slot of one enquiry with its consultant, or null when it was not made by booking. */
export async function consultationOfEnquiry(
  db: DB,
  enquiry: { id: string; source: string },
): Promise<EnquiryConsultationDetail | null> {
  if (enquiry.source !== BOOKING_SOURCE) return null;
  const booking = await bookingOfEnquiry(db, enquiry.id);
  if (!booking) return null;
  const consultant = await getConsultant(db, booking.consultantId);
  return { ...consultationOf(booking), consultantName: consultant?.displayName ?? null };
}
