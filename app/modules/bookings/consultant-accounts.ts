import { countOf } from "~/lib/format";

/*
 * What disabling or removing a consultant's staff account does to their bookings, in words for
 * the Users page (its confirmations and answers). The booking rules stay as they are (decision
 * 0030): a consultant is bookable only while the account exists and is not disabled, so they get
 * no new bookings; the bookings they already have stay booked until staff move or cancel them.
 * Without the account, the consultant's invitations for later changes go to the firm's address.
 */

export type AccountChange = "disable" | "remove";

/**
 * "2 upcoming consultations stay booked with this consultant; move or cancel them in Bookings.
 * They get no new bookings while the account is disabled."
 */
export function consultantAccountNote(upcoming: number, change: AccountChange): string {
  const booked =
    upcoming === 0
      ? "No upcoming consultations are booked with this consultant."
      : upcoming === 1
        ? "1 upcoming consultation stays booked with this consultant; move or cancel it in Bookings."
        : `${countOf(upcoming, "upcoming consultation", "upcoming consultations")} stay booked with this consultant; move or cancel them in Bookings.`;
  const next =
    change === "disable"
      ? "They get no new bookings while the account is disabled."
      : "They get no new bookings, and changes to their bookings are mailed to the firm's address.";
  return `${booked} ${next}`;
}

/** A confirmation's text with the note added for a consultant (`upcoming` undefined: not one). */
export function withConsultantNote<T extends { description: string }>(
  confirmation: T,
  upcoming: number | undefined,
  change: AccountChange,
): T {
  if (upcoming === undefined) return confirmation;
  return {
    ...confirmation,
    description: `${confirmation.description} ${consultantAccountNote(upcoming, change)}`,
  };
}
