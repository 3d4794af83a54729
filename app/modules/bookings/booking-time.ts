import { TZDate, tz } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { INDIA_TIME_ZONE, indiaClockText } from "~/lib/india-format";
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

/*
 * IST has been UTC+5:30 all year since 1945 (no daylight saving), so from then on its clock and
 * calendar are arithmetic. A render of /book reads ~1,500 IST dates and clock times (every
 * consultant's slot of four weeks, then the times shown); through @date-fns/tz's TZDate they were
 * most of the render's CPU (decision 0066). Earlier instants take the zone database's way.
 * clock-formats.test.ts compares both ways.
 */
const IST_OFFSET_MS = 330 * 60_000;
const IST_FIXED_FROM = Date.UTC(1946, 0, 1);

/** Midnight UTC of a calendar date (any year: Date.UTC maps years below 100 to 19xx). */
function utcMidnight(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}

/** "YYYY-MM-DD" of a UTC calendar day. */
function keyOfUtc(at: number): DateKey {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The instant a wall-clock time on a calendar date is in a zone (IST unless told). */
export function instantOf(date: DateKey, time: string, timeZone = INDIA_TIME_ZONE): Date {
  const [year, month, day] = dateParts(date);
  const minutes = minutesOfDay(time);
  if (isIndiaTime(timeZone)) {
    const at = utcMidnight(year, month, day) + minutes * 60_000 - IST_OFFSET_MS;
    if (at >= IST_FIXED_FROM) return new Date(at);
  }
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
  const instant = new Date(at);
  const time = instant.getTime();
  if (time >= IST_FIXED_FROM && isIndiaTime(timeZone)) {
    const clock = new Date(time + IST_OFFSET_MS);
    const hour = clock.getUTCHours();
    return {
      year: String(clock.getUTCFullYear()),
      month: String(clock.getUTCMonth() + 1).padStart(2, "0"),
      day: String(clock.getUTCDate()).padStart(2, "0"),
      hour: String(hour % 12 || 12),
      minute: String(clock.getUTCMinutes()).padStart(2, "0"),
      dayPeriod: hour < 12 ? "AM" : "PM",
    };
  }
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
  for (const { type, value } of formats.formatToParts(instant)) {
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
  return keyOfUtc(utcMidnight(year, month, day) + days * 86_400_000);
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: DateKey): number {
  const [year, month, day] = dateParts(date);
  return new Date(utcMidnight(year, month, day)).getUTCDay() || 7;
}

/** A local day in a zone as UTC instants: its first moment and the first of the next day. */
export function dayRangeIn(date: DateKey, timeZone: string): { from: Date; to: Date } {
  const [year, month, day] = dateParts(date);
  if (isIndiaTime(timeZone)) {
    const from = utcMidnight(year, month, day) - IST_OFFSET_MS;
    if (from >= IST_FIXED_FROM) return { from: new Date(from), to: new Date(from + 86_400_000) };
  }
  const start = new TZDate(year, month, day, 0, 0, timeZone);
  // addDays on a TZDate moves the wall clock, so a 23- or 25-hour day comes out right.
  return { from: new Date(start.getTime()), to: new Date(addDays(start, 1).getTime()) };
}

/** Names already checked: a formatter made to test one costs tens of microseconds. */
const knownZones = new Map<string, boolean>();
/** At most this many names kept (a visitor may post any text as a zone). */
const KNOWN_ZONES_KEPT = 1_000;

/** Whether a name is an IANA time zone this runtime knows ("Asia/Tokyo"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  const known = knownZones.get(name);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    valid = true;
  } catch {
    valid = false;
  }
  if (knownZones.size >= KNOWN_ZONES_KEPT) knownZones.clear();
  knownZones.set(name, valid);
  return valid;
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
  return `${indiaClockText(new Date(at), true)} IST`;
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
