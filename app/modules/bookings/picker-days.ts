import type { DateKey } from "./booking-time";
import type { PickerDay, PickerSlot } from "./slot-listing";

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
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
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

/** A minute of the day on a 12-hour clock: 570 → "9:30 am", 0 → "12:00 am". */
export function clockLabel(minuteOfDay: number): string {
  const minutes = ((minuteOfDay % 1440) + 1440) % 1440;
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 || 12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

/** "9:30 am" → 570; NaN for anything else. */
function minuteOfClock(label: string): number {
  const match = /^(\d{1,2}):(\d{2}) (am|pm)$/.exec(label);
  if (!match) return Number.NaN;
  return ((Number(match[1]) % 12) + (match[3] === "pm" ? 12 : 0)) * 60 + Number(match[2]);
}

function slotAt(date: DateKey, minutes: number, offset: number): PickerSlot {
  return {
    startsAt: new Date(midnightOf(date) + minutes * MINUTE).toISOString(),
    time: clockLabel(minutes + offset),
    istTime: `${clockLabel(minutes + IST_OFFSET)} IST`,
  };
}

function unpackDay(day: PackedPickerDay): PickerDay {
  const labels = dayLabelsOf(day.date);
  if ("slots" in day) return { date: day.date, ...labels, slots: day.slots };
  const slots = day.times
    ? day.times.split(" ").map((token) => {
        const [minutes = "", offset] = token.split("/");
        return slotAt(
          day.date,
          Number(minutes),
          offset === undefined ? day.offset : Number(offset),
        );
      })
    : [];
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
  const offsets = day.slots.map(
    (slot) =>
      minuteOfClock(slot.time) - (Date.parse(slot.startsAt) - midnightOf(day.date)) / MINUTE,
  );
  const offset = offsets[0] ?? 0;
  const times = day.slots
    .map((slot, index) => {
      const minutes = (Date.parse(slot.startsAt) - midnightOf(day.date)) / MINUTE;
      return offsets[index] === offset ? `${minutes}` : `${minutes}/${offsets[index]}`;
    })
    .join(" ");
  const packed = { date: day.date, offset, times };
  return sameDay(unpackDay(packed), day) ? packed : { date: day.date, slots: day.slots };
}

/** The loader's form of a span of days. */
export const packPickerDays = (days: PickerDay[]): PackedPickerDay[] => days.map(packDay);

/** The picker's days again, labels and all. */
export const unpackPickerDays = (days: PackedPickerDay[]): PickerDay[] => days.map(unpackDay);
