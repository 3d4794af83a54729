import type { ColumnType, SqlBool } from "kysely";
import type { IsoTime } from "./columns";

/*
 * Consultants' own calendars (migration 0018, issue 25) and the busy times read from them.
 */

export type CalendarKind = "caldav" | "ics";

export interface ConsultantCalendarsTable {
  id: string;
  consultantId: string;
  kind: CalendarKind;
  /** Staff's name for it ("Work calendar"). */
  label: string;
  /** What staff may see of where it is: the CalDAV URL, or only the host of a secret address. */
  address: string;
  /** The CalDAV user name ("" for a secret address). */
  username: string;
  /** The CalDAV password or the whole secret address, encrypted (calendar-secrets.server.ts). */
  secret: string;
  /** Bookings are written into it too (CalDAV only). */
  writeBookings: ColumnType<SqlBool, boolean | undefined, boolean>;
  createdAt: IsoTime;
  lastAttemptAt: IsoTime | null;
  /** The last sync that read the calendar: its busy times are the ones in force. */
  lastSyncedAt: IsoTime | null;
  /** Why the last attempt failed; null once one succeeds. */
  lastError: string | null;
  /** The instance syncing it now, until `leaseUntil`. */
  leaseOwner: string | null;
  leaseUntil: IsoTime | null;
}

export interface ConsultantBusyIntervalsTable {
  calendarId: string;
  consultantId: string;
  startsAt: IsoTime;
  endsAt: IsoTime;
}

/** A booking written into a consultant's CalDAV calendar, at the booking's `icsSequence`. */
export interface CalendarBookingCopiesTable {
  calendarId: string;
  bookingId: string;
  sequence: number;
}
