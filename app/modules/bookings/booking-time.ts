import { TZDate, tz } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { getISODay } from "date-fns/getISODay";
import { INDIA_TIME_ZONE } from "~/lib/india-format";
import { isIndiaTime } from "./india-zone";

/*
 * Time for bookings. Availability is kept in India Standard Time (consultants' wall clock and
 * calendar dates), bookings are stored as UTC instants, and a visitor sees them in their own
 * zone. Every conversion goes through @date-fns/tz, so a visitor's zone with daylight saving
 * (America/Los_Angeles) gets days of 23 or 25 hours right. No server-only code: the booking page
 * groups slots by the visitor's day with these too.
 */

/** An IST calendar date ("2026-03-02"). */
export type DateKey = string;

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

function dateParts(date: DateKey): [number, number, number] {
  const match = DATE_KEY.exec(date);
  if (!match) throw new Error(`Not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
}

/** Minutes since midnight of an "HH:mm" wall-clock time. */
export function minutesOfDay(time: string): number {
  const match = TIME_OF_DAY.exec(time);
  if (!match) throw new Error(`Not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The instant a wall-clock time on a calendar date is in a zone (IST unless told). */
export function instantOf(date: DateKey, time: string, timeZone = INDIA_TIME_ZONE): Date {
  const [year, month, day] = dateParts(date);
  const minutes = minutesOfDay(time);
  const local = new TZDate(year, month, day, Math.floor(minutes / 60), minutes % 60, timeZone);
  return new Date(local.getTime());
}

/**
 * Cached `Intl` formats per zone: the booking page reads a zone's date and clock of ~500 slots per
 * render, and `date-fns` with a zone took about 0.15 ms a call (decision 0051). Same text as
 * `format(…, "yyyy-MM-dd" | "h:mm aaa", { in: tz(zone) })`: clock-formats.test.ts compares them.
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The parts of an instant on a zone's calendar and 12-hour clock. */
export function zonePartsOf(at: Date | number | string, timeZone: string) {
  let formats = zoneFormats.get(timeZone);
  if (!formats) {
    formats = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h12",
    });
    zoneFormats.set(timeZone, formats);
  }
  const parts = { year: "", month: "", day: "", hour: "", minute: "", dayPeriod: "" };
  for (const { type, value } of formats.formatToParts(new Date(at))) {
    if (type in parts) parts[type as keyof typeof parts] = value;
  }
  return parts;
}

/** The calendar date an instant falls on in a zone (IST unless told). */
export function dateKeyOf(at: Date | number | string, timeZone = INDIA_TIME_ZONE): DateKey {
  const { year, month, day } = zonePartsOf(at, timeZone);
  return `${year.padStart(4, "0")}-${month}-${day}`;
}

/** The calendar date `days` after another (calendar arithmetic: no zone involved). */
export function addDaysToKey(date: DateKey, days: number): DateKey {
  const [year, month, day] = dateParts(date);
  return format(addDays(new Date(Date.UTC(year, month, day, 12)), days), "yyyy-MM-dd", {
    in: tz("UTC"),
  });
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: DateKey): number {
  const [year, month, day] = dateParts(date);
  return getISODay(new TZDate(year, month, day, 12, 0, INDIA_TIME_ZONE));
}

/** A local day in a zone as UTC instants: its first moment and the first of the next day. */
export function dayRangeIn(date: DateKey, timeZone: string): { from: Date; to: Date } {
  const [year, month, day] = dateParts(date);
  const start = new TZDate(year, month, day, 0, 0, timeZone);
  // addDays on a TZDate moves the wall clock, so a 23- or 25-hour day comes out right.
  return { from: new Date(start.getTime()), to: new Date(addDays(start, 1).getTime()) };
}

/** Whether a name is an IANA time zone this runtime knows ("Asia/Tokyo"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone a visitor asked for (a form field, `?tz=`) when it is one this runtime knows, else
 * the fallback (IST unless told): a made-up or missing zone never reaches a conversion. India's
 * other name ("Asia/Calcutta", what Chromium reports in India) comes back as INDIA_TIME_ZONE, so
 * every page and mail that compares a visitor's zone with IST sees IST.
 */
export function timeZoneOr(value: unknown, fallback: string = INDIA_TIME_ZONE): string {
  const zone = typeof value === "string" && isTimeZone(value) ? value : fallback;
  return isIndiaTime(zone) ? INDIA_TIME_ZONE : zone;
}

/**
 * A moment on a visitor's clock: "Mon 2 Mar 2026, 9:30 pm (America/Los_Angeles)"; for a visitor
 * in India (either name of the zone) as IST, "Tue 3 Mar 2026, 11:00 am IST".
 */
export function formatInZone(at: Date | string, timeZone: string): string {
  if (isIndiaTime(timeZone)) return formatIst(at);
  return `${format(new Date(at), "EEE d MMM yyyy, h:mm aaa", { in: tz(timeZone) })} (${timeZone})`;
}

/** A moment on the consultants' clock: "Tue 3 Mar 2026, 11:00 am IST". */
export function formatIst(at: Date | string): string {
  return `${format(new Date(at), "EEE d MMM yyyy, h:mm aaa", { in: tz(INDIA_TIME_ZONE) })} IST`;
}

/** Groups time-ordered items by the calendar date their start falls on in a zone. */
export function groupByLocalDay<T extends { startsAt: string }>(
  items: T[],
  timeZone: string,
): Array<{ date: DateKey; items: T[] }> {
  const days: Array<{ date: DateKey; items: T[] }> = [];
  for (const item of items) {
    const date = dateKeyOf(item.startsAt, timeZone);
    const last = days.at(-1);
    if (last?.date === date) last.items.push(item);
    else days.push({ date, items: [item] });
  }
  return days;
}
