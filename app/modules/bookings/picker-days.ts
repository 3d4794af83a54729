import { MONTHS } from "~/lib/format";
import type { DateKey } from "./booking-time";

export interface PickerSlot {
  /** The slot's start, a UTC instant (what the form posts). */
  startsAt: string;
  /** On the visitor's clock: "9:30 am". */
  time: string;
  /** On the consultants' clock: "11:00 am IST". */
  istTime: string;
}

export interface PickerDay {
  /** The visitor's calendar date, "2026-03-02". */
  date: DateKey;
  /** "Mon 2 Mar". */
  label: string;
  /** "Monday 2 March 2026". */
  longLabel: string;
  /** Soonest first; empty for a day between two bookable days that has none. */
  slots: PickerSlot[];
}

/*
 * A span of picker days as /book's loader sends them (decision 0066). The page's route data is
 * serialised into the stored HTML for hydration, and three weeks of times as objects (an instant
 * and two clock labels each) were 24 KB of it, a fifth of the page. Packed, a time is the minutes
 * from its date's midnight UTC: the instant, the visitor's clock (with the day's UTC offset) and
 * IST's (UTC+5:30 since 1945) all follow by arithmetic, the same on the server and in the
 * browser, so the markup and hydration agree. A day that does not come back exactly as it went
 * (a zone whose offset has seconds, a year before 1946) goes as it is. No imports the browser
 * would not load: the page unpacks it in its component.
 */

/** A booking form's message when no time was chosen (booking.schema.ts; the grid's island too). */
export const CHOOSE_TIME_MESSAGE = "Choose a time";

export type PackedPickerDay =
  | {
      date: DateKey;
      /** The visitor's zone's offset from UTC that day, in minutes. */
      offset: number;
      /**
       * Each time's minutes from the date's midnight UTC, space-separated; "m/o" when the time's
       * offset is not the day's (the day daylight saving starts or ends).
       */
      times: string;
    }
  | { date: DateKey; slots: PickerSlot[] };

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MINUTE = 60_000;
const IST_OFFSET = 330;

const midnightOf = (date: DateKey) => Date.parse(`${date}T00:00:00Z`);

/** "Mon 2 Mar" and "Monday 2 March 2026" of a calendar date (its own names, no zone). */
export function dayLabelsOf(date: DateKey): { label: string; longLabel: string } {
  const day = new Date(midnightOf(date));
  const weekday = WEEKDAYS[day.getUTCDay()] ?? "";
  const month = MONTHS[day.getUTCMonth()] ?? "";
  const dayOfMonth = day.getUTCDate();
  const year = String(day.getUTCFullYear()).padStart(4, "0");
  return {
    label: `${weekday.slice(0, 3)} ${dayOfMonth} ${month.slice(0, 3)}`,
    longLabel: `${weekday} ${dayOfMonth} ${month} ${year}`,
  };
}

/** The labels made so far, by minute of the day (a render reads ~700). */
const CLOCK_LABELS: string[] = [];

/** A minute of the day on a 12-hour clock: 570 → "9:30 am", 0 → "12:00 am". */
export function clockLabel(minuteOfDay: number): string {
  const minutes = ((minuteOfDay % 1440) + 1440) % 1440;
  const known = CLOCK_LABELS[minutes];
  if (known !== undefined) return known;
  const hour = Math.floor(minutes / 60);
  const label = `${hour % 12 || 12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
  if (Number.isInteger(minutes)) CLOCK_LABELS[minutes] = label;
  return label;
}
/** "9:30 am" → 570; NaN for anything else. */
function minuteOfClock(label: string): number {
  const match = /^(\d{1,2}):(\d{2}) (am|pm)$/.exec(label);
  if (!match) return Number.NaN;
  return ((Number(match[1]) % 12) + (match[3] === "pm" ? 12 : 0)) * 60 + Number(match[2]);
}

function unpackDay(day: PackedPickerDay): PickerDay {
  const labels = dayLabelsOf(day.date);
  if ("slots" in day) return { date: day.date, ...labels, slots: day.slots };
  const midnight = midnightOf(day.date);
  const slots: PickerSlot[] = [];
  if (day.times) {
    for (const token of day.times.split(" ")) {
      const slash = token.indexOf("/");
      const minutes = Number(slash === -1 ? token : token.slice(0, slash));
      const offset = slash === -1 ? day.offset : Number(token.slice(slash + 1));
      slots.push({
        startsAt: new Date(midnight + minutes * MINUTE).toISOString(),
        time: clockLabel(minutes + offset),
        istTime: `${clockLabel(minutes + IST_OFFSET)} IST`,
      });
    }
  }
  return { date: day.date, ...labels, slots };
}

const sameDay = (a: PickerDay, b: PickerDay) =>
  a.date === b.date &&
  a.label === b.label &&
  a.longLabel === b.longLabel &&
  a.slots.length === b.slots.length &&
  a.slots.every(
    (slot, index) =>
      slot.startsAt === b.slots[index]?.startsAt &&
      slot.time === b.slots[index]?.time &&
      slot.istTime === b.slots[index]?.istTime,
  );

function packDay(day: PickerDay): PackedPickerDay {
  const midnight = midnightOf(day.date);
  let offset: number | undefined;
  const tokens: string[] = [];
  for (const slot of day.slots) {
    const minutes = (Date.parse(slot.startsAt) - midnight) / MINUTE;
    const own = minuteOfClock(slot.time) - minutes;
    offset ??= own;
    tokens.push(own === offset ? `${minutes}` : `${minutes}/${own}`);
  }
  const packed = { date: day.date, offset: offset ?? 0, times: tokens.join(" ") };
  // Sent packed only when it unpacks to exactly this day (what the page will show).
  return sameDay(unpackDay(packed), day) ? packed : { date: day.date, slots: day.slots };
}

/** The loader's form of a span of days. */
export const packPickerDays = (days: PickerDay[]): PackedPickerDay[] => days.map(packDay);

/** The picker's days again, labels and all. */
export const unpackPickerDays = (days: PackedPickerDay[]): PickerDay[] => days.map(unpackDay);
