import { INDIA_TIME_ZONE } from "~/lib/india-format";
import { addDaysToKey, type DateKey, groupByLocalDay, zonePartsOf } from "./booking-time";
import { isIndiaTime } from "./india-zone";
import { dayLabelsOf, type PickerDay, type PickerSlot } from "./picker-days";

/*
 * The slot pickers' data (the booking page, the private link's reschedule form): free slots as
 * the visitor's own days, each slot with its time on the visitor's clock and in IST beside it.
 * Built on the server in the loader, so the browser gets words, not a date library. No server
 * code: the picker's types are shared with the components.
 */

// The shapes live beside the day labels and the packing (picker-days.ts), which the browser loads.
export type { PickerDay, PickerSlot } from "./picker-days";

/** A day with its names ("Mon 2 Mar", "Monday 2 March 2026"; picker-days.ts). */
const dayOf = (date: DateKey, slots: PickerSlot[]): PickerDay => ({
  date,
  ...dayLabelsOf(date),
  slots,
});

/** A slot's time on a zone's clock: "9:30 am" (a cached Intl format: booking-time.ts). */
export function clockTimeIn(startsAt: string, timeZone: string): string {
  const { hour, minute, dayPeriod } = zonePartsOf(startsAt, timeZone);
  return `${hour}:${minute} ${dayPeriod.toLowerCase()}`;
}

/**
 * Free slots as the visitor's days, from the first day with a slot to the last, the days between
 * without one included (empty), so that a calendar of them has no holes.
 */
export function pickerDaysOf(
  slots: ReadonlyArray<{ startsAt: string }>,
  timeZone: string,
): PickerDay[] {
  const sorted = [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const grouped = groupByLocalDay(sorted, timeZone);
  const days: PickerDay[] = [];
  for (const group of grouped) {
    const last = days.at(-1);
    if (last) {
      for (let date = addDaysToKey(last.date, 1); date < group.date; date = addDaysToKey(date, 1))
        days.push(dayOf(date, []));
    }
    days.push(
      dayOf(
        group.date,
        group.items.map(({ startsAt }) => ({
          startsAt,
          time: clockTimeIn(startsAt, timeZone),
          istTime: `${clockTimeIn(startsAt, INDIA_TIME_ZONE)} IST`,
        })),
      ),
    );
  }
  return days;
}

/** A zone's name as people read it: "America/Los_Angeles" → "America/Los Angeles". */
export const zoneLabelOf = (timeZone: string) =>
  isIndiaTime(timeZone) ? "India Standard Time (IST)" : timeZone.replaceAll("_", " ");

/** The zones the "Show times in" list offers (and the visitor's own, added when missing). */
export const COMMON_TIME_ZONES = [
  INDIA_TIME_ZONE,
  "Asia/Dubai",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
  "UTC",
] as const;

/** The "Show times in" options, the current zone included. */
export function zoneOptionsFor(timeZone: string): Array<{ value: string; label: string }> {
  const zones: string[] = [...COMMON_TIME_ZONES];
  if (!zones.includes(timeZone)) zones.push(timeZone);
  return zones.map((value) => ({ value, label: zoneLabelOf(value) }));
}
