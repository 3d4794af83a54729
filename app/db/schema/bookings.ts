import type { ColumnType, SqlBool } from "kysely";
import type { IsoTime } from "./columns";

/*
 * Consultation bookings (migration 0011, issue 15): consultants and their availability in IST,
 * the booking settings, bookings, and the cells and day loads that keep them from colliding.
 */

/** An IST calendar date, "2026-03-02". */
type IstDate = string;
/** An IST wall-clock time, "10:00". */
type IstTime = string;

export interface ConsultantsTable {
  id: string;
  /** The staff account (better-auth `user.id`). */
  userId: string;
  displayName: string;
  active: ColumnType<SqlBool, boolean, boolean>;
  /** The most bookings the consultant takes on one IST day. */
  dailyLimit: number;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface ConsultantWeeklyHoursTable {
  consultantId: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  startTime: IstTime;
  endTime: IstTime;
}

export interface ConsultantBlockedDatesTable {
  consultantId: string;
  date: IstDate;
  note: string;
}

export interface ConsultantExtraHoursTable {
  id: string;
  consultantId: string;
  date: IstDate;
  startTime: IstTime;
  endTime: IstTime;
}

/** One row (id "default"); the slot length is fixed at 30 minutes. */
export interface BookingSettingsTable {
  id: string;
  bufferMinutes: number;
  minimumNoticeHours: number;
  horizonDays: number;
  /** Reminder offsets before the meeting in minutes, comma-separated ("1440,60"; migration 0016). */
  reminderMinutes: ColumnType<string, string | undefined, string>;
  /** The visitor's private link changes nothing later than this before the meeting. */
  visitorCutoffHours: ColumnType<number, number | undefined, number>;
  updatedAt: IsoTime;
}

export interface BookingsTable {
  id: string;
  consultantId: string;
  startsAt: IsoTime;
  endsAt: IsoTime;
  visitorName: string;
  visitorEmail: string;
  visitorCompany: string;
  visitorPhone: string;
  visitorTimeZone: string;
  /** booked, completed, no_show, cancelled. */
  status: string;
  enquiryId: string;
  icsUid: string;
  icsSequence: number;
  manageLinkVersion: number;
  /** The meeting type (migration 0019); the free consultation's id by default. */
  meetingTypeId: ColumnType<string, string | undefined, string>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

/** A 5-minute cell a booking occupies; the primary key (consultantId, cellStart) is the guard. */
export interface BookingCellsTable {
  consultantId: string;
  cellStart: IsoTime;
  bookingId: string;
}

/** A consultant's booking count on one IST day, for the daily limit. */
export interface ConsultantDayLoadsTable {
  consultantId: string;
  day: IstDate;
  booked: number;
}

/** A reminder claimed by the job (migration 0016): at most one per booking, offset and version. */
export interface BookingRemindersTable {
  bookingId: string;
  offsetMinutes: number;
  /** The booking's `icsSequence` when claimed: a move raises it. */
  bookingVersion: number;
  /** "sent", or "skipped" when a nearer reminder went out instead. */
  outcome: string;
  claimedAt: IsoTime;
}
