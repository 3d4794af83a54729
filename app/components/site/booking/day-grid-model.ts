import type { PickerDay, PickerSlot } from "~/modules/bookings/picker-days";

/*
 * The day grid's arithmetic and words, shared by its server markup (slot-day-grid.tsx,
 * slot-grid-table.tsx) and its island (day-grid-island.ts, decision 0077), so that what the
 * island draws after a choice is what the server would have drawn. No React, no date library:
 * the island imports this.
 */

/** Calendar arithmetic on "YYYY-MM-DD" (no zone involved). */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
export const dateOfNumber = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOfNumber(dayNumber(date) + days);
/** 0 Monday … 6 Sunday. */
export const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

export const countOfTimes = (count: number) => (count === 1 ? "1 time" : `${count} times`);

/** A time's second line: its IST time, or just "IST" when the visitor's clock reads the same. */
export const istLineOf = (slot: PickerSlot) =>
  slot.istTime === `${slot.time} IST` ? "IST" : slot.istTime;

/** "Times on Monday 2 March 2026": the legend of the chosen day's times. */
export const timesLegendOf = (day: PickerDay) => `Times on ${day.longLabel}`;

/** What follows "Chosen:" under the grid: ", 9:30 am (11:00 am IST)". */
export const chosenTimeWords = (slot: PickerSlot) =>
  `, ${slot.time}${slot.istTime === `${slot.time} IST` ? " IST" : ` (${slot.istTime})`}`;

/**
 * The grid shows this many weeks at least: a span (SPAN_DAYS, 21 days from any weekday) never
 * needs more, so the grid keeps its height when the times reload in the visitor's zone and the
 * span moves by a day, and from one span to the next.
 */
const GRID_WEEKS = 4;

/** Whole weeks, Monday to Sunday, around the days from `first` to `last`; GRID_WEEKS at least. */
export function gridWeeks(first: string, last: string): string[][] {
  const gridStart = addDays(first, -weekdayIndex(first));
  const gridEnd = addDays(last, 6 - weekdayIndex(last));
  const weeks: string[][] = [];
  for (let date = gridStart; date <= gridEnd; date = addDays(date, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(date, index)));
  }
  while (weeks.length < GRID_WEEKS) {
    const after = addDays(weeks.at(-1)?.[0] ?? gridStart, 7);
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(after, index)));
  }
  return weeks;
}

/**
 * Where a key moves the grid's focus from a day (the WAI-ARIA grid pattern, as a date picker's
 * grid: arrows by a day and a week, Home and End to the week's ends, Ctrl+Home and Ctrl+End to
 * the span's, Page Up and Down by four weeks), kept within the span's days; undefined for any
 * other key.
 */
export function targetOfKey(
  key: string,
  ctrl: boolean,
  date: string,
  first: string,
  last: string,
): string | undefined {
  const target = unclampedTarget(key, ctrl, date, first, last);
  if (target === undefined) return undefined;
  return target < first ? first : target > last ? last : target;
}

function unclampedTarget(
  key: string,
  ctrl: boolean,
  date: string,
  first: string,
  last: string,
): string | undefined {
  const weekday = weekdayIndex(date);
  switch (key) {
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowDown":
      return addDays(date, 7);
    case "ArrowUp":
      return addDays(date, -7);
    case "Home":
      return ctrl ? first : addDays(date, -weekday);
    case "End":
      return ctrl ? last : addDays(date, 6 - weekday);
    case "PageDown":
      return addDays(date, 28);
    case "PageUp":
      return addDays(date, -28);
    default:
      return undefined;
  }
}

/** The day whose times are shown: the chosen time's, else the first with free times. */
export function viewedDateOf(days: PickerDay[], selected: string | undefined): string | undefined {
  const chosenDay = selected
    ? days.find((day) => day.slots.some((slot) => slot.startsAt === selected))
    : undefined;
  return (chosenDay ?? days.find((day) => day.slots.length > 0))?.date;
}
