import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";

/*
 * How dates and times are written for staff and in e-mails: the Indian way, in India
 * Standard Time, whatever the time zone of the server or of the browser (decision 0029).
 *
 *   formatIndiaDateTime("2026-11-23T10:15:00Z")  → "23 Nov 2026, 3:45 pm IST"
 *   formatIndiaDate("2026-11-23T20:00:00Z")      → "24 Nov 2026"
 *
 * Admin pages render these on the server and again in the browser, so the text must not depend
 * on the runtime's locale data: date-fns builds it from a fixed pattern with English month names
 * and a lowercase am/pm, and @date-fns/tz computes the IST wall clock. India has had one offset
 * (+05:30) and no daylight saving since 1945, so "IST" is always the right name.
 * Amounts are in rupees.ts: public pages show them, and they must not load a date library.
 */

export const INDIA_TIME_ZONE = "Asia/Kolkata";
const inIndia = tz(INDIA_TIME_ZONE);

/** A calendar date without a time ("2026-11-23"): it is the same day everywhere. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A stored ISO instant or a Date; a calendar date is taken as that day, not shifted. */
function toDate(at: string | Date): Date | undefined {
  if (at instanceof Date) return Number.isNaN(at.getTime()) ? undefined : at;
  const calendar = CALENDAR_DATE.exec(at);
  // Noon UTC is the same calendar day in India (UTC+05:30).
  const date = calendar ? new Date(`${at}T12:00:00Z`) : new Date(at);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/*
 * From 1946 on, India's clock is UTC+05:30 all year, so it is computed by arithmetic: every
 * enquiry and booking post writes a few of these into its mails, and date-fns with the zone took
 * 13 µs a call against 0.2 µs (decision 0078). Earlier moments take the zone database's way. The
 * test compares both ways.
 */
const IST_OFFSET_MS = 330 * 60_000;
const IST_FIXED_FROM = Date.UTC(1946, 0, 1);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * A moment on India's clock: "Tue 3 Mar 2026, 11:00 am" (date-fns' "EEE d MMM yyyy, h:mm aaa"),
 * without the weekday unless asked.
 */
export function indiaClockText(date: Date, withWeekday = false): string {
  const time = date.getTime();
  if (time < IST_FIXED_FROM) {
    return format(date, withWeekday ? "EEE d MMM yyyy, h:mm aaa" : "d MMM yyyy, h:mm aaa", {
      in: inIndia,
    });
  }
  const clock = new Date(time + IST_OFFSET_MS);
  const hour = clock.getUTCHours();
  const minute = String(clock.getUTCMinutes()).padStart(2, "0");
  const day = `${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
  const text = `${day}, ${hour % 12 || 12}:${minute} ${hour < 12 ? "am" : "pm"}`;
  return withWeekday ? `${WEEKDAYS[clock.getUTCDay()]} ${text}` : text;
}

/** A moment as staff in India read it: "23 Nov 2026, 3:45 pm IST". Unreadable text is shown as is. */
export function formatIndiaDateTime(at: string | Date): string {
  const date = toDate(at);
  if (!date) return String(at);
  return `${indiaClockText(date)} IST`;
}

/** The day of a moment in India, or a calendar date: "23 Nov 2026". */
export function formatIndiaDate(at: string | Date): string {
  const date = toDate(at);
  if (!date) return String(at);
  return format(date, "d MMM yyyy", { in: inIndia });
}

/** A day without its year, for chart axes: "9 Mar". */
export function formatDayMonth(at: string | Date): string {
  const date = toDate(at);
  if (!date) return String(at);
  return format(date, "d MMM", { in: inIndia });
}

/** Today's date in India as a sortable key, for file names: "2026-03-02". */
export function indiaDateKey(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd", { in: inIndia });
}
