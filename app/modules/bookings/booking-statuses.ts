/*
 * A booking's statuses and their names on screen, apart from the booking forms' rules
 * (booking.schema.ts, with zod and the phone number's rules): the admin's lists and badges show
 * them without loading either (the phone number's metadata alone is 117 KB of script).
 */

export const BOOKING_STATUSES = ["booked", "completed", "no_show", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  booked: "Booked",
  completed: "Held",
  no_show: "No-show",
  cancelled: "Cancelled",
};
