import { createEvent } from "ics";
import type { CalendarInvite } from "~/modules/mail/outbox.server";
import type { Booking } from "./booking-store.server";

/*
 * A booking as an iCalendar invitation (RFC 5545/5546, made by the `ics` package): one VEVENT
 * whose UID stays the booking's for its whole life and whose SEQUENCE rises with each move or
 * cancellation, so calendar programs update the event they already have instead of adding
 * another. METHOD:REQUEST for a new or moved meeting, METHOD:CANCEL (STATUS:CANCELLED) when it is
 * called off. Times are written in UTC.
 */

export interface CalendarPeople {
  /** The firm, which sends the invitations. */
  organizer: { name: string; email: string };
  consultant: { name: string; email: string };
}

export interface CalendarText {
  title: string;
  description: string;
  /** Reminders for the calendar program (VALARM), in minutes before the start (decision 0046). */
  alarmMinutes?: number[];
  /** Where the meeting is joined (decision 0047): the event's LOCATION and URL. */
  joinUrl?: string;
}

/** A display alarm `minutes` before the start (RFC 5545 VALARM, TRIGGER:-PT…H or -PT…M). */
const alarmBefore = (minutes: number) => ({
  action: "display" as const,
  description: "Reminder: your consultation",
  trigger: minutes % 60 === 0 ? { before: true, hours: minutes / 60 } : { before: true, minutes },
});

/** Quotes and line breaks cannot be written inside an iCalendar parameter (CN="…"). */
const paramSafe = (text: string) => text.replace(/["\r\n\\;:,]+/g, " ").trim();

export function bookingCalendar(
  booking: Booking,
  method: CalendarInvite["method"],
  people: CalendarPeople,
  text: CalendarText,
): CalendarInvite {
  const cancelled = method === "CANCEL";
  const { error, value } = createEvent({
    productId: "-//Total Rewards Consulting//Consultation bookings//EN",
    method,
    uid: booking.icsUid,
    sequence: booking.icsSequence,
    start: Date.parse(booking.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: Date.parse(booking.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    title: text.title,
    description: text.description,
    location: text.joinUrl,
    url: text.joinUrl,
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    busyStatus: "BUSY",
    // A cancelled event needs no reminder; a calendar that keeps it shows it struck through.
    alarms: cancelled ? undefined : text.alarmMinutes?.map(alarmBefore),
    organizer: { name: paramSafe(people.organizer.name), email: people.organizer.email },
    attendees: [
      {
        name: paramSafe(people.consultant.name),
        email: people.consultant.email,
        role: "CHAIR",
        partstat: "ACCEPTED",
      },
      {
        name: paramSafe(booking.visitorName),
        email: booking.visitorEmail,
        role: "REQ-PARTICIPANT",
        partstat: cancelled ? "DECLINED" : "ACCEPTED",
        rsvp: false,
      },
    ],
    created: Date.parse(booking.createdAt),
    lastModified: Date.parse(booking.updatedAt),
  });
  if (error || !value) throw error ?? new Error("The calendar invitation could not be made");
  return { method, filename: cancelled ? "cancel.ics" : "invite.ics", content: value };
}
