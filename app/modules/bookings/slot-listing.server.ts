import type { DB } from "~/db/client.server";
import { findFreeSlots, slotSettingsFor } from "./availability.server";
import { addDaysToKey, type DateKey, dateKeyOf, dayRangeIn } from "./booking-time";
import { bookableWindow, type FreeSlot } from "./free-slots";
import { type PickerPages, SPAN_DAYS, WEEK_DAYS } from "./picker-span";
import { pickerDaysOf } from "./slot-listing";

/*
 * What a slot picker lists: a span of the slots bookable now (SPAN_DAYS of the visitor's days,
 * from the first with a free time at or after `from`), and where the spans before and after it
 * start. The whole booking window at once made /book 676 KB and 0.75 s a request with a
 * 365-day window (every slot of the year formatted, in the markup twice and in the page's data);
 * a span keeps the page the same size whatever the window. The pages that show it are never
 * stored by the page cache (decision 0030).
 */

export interface PickerListing extends PickerPages {
  days: ReturnType<typeof pickerDaysOf>;
  /** The booking window in days (for "No times are free in the next 30 days"). */
  horizonDays: number;
}

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** A visitor's `?from=` date when it is a real calendar date ("2026-02-30" is not). */
export function fromDateOr(value: unknown): DateKey | undefined {
  if (typeof value !== "string" || !DATE_KEY.test(value)) return undefined;
  try {
    return addDaysToKey(value, 0) === value ? value : undefined;
  } catch {
    return undefined;
  }
}

export async function loadPickerDays(
  db: DB,
  timeZone: string,
  options: {
    now?: Date;
    /** A booking being moved: its own slot is free to it. */
    exceptBookingId?: string;
    /** A slot not to offer (the booking's own time, on its reschedule form). */
    withoutSlot?: string;
    /** The visitor's date to start from (`?from=`); the first day with free times if left out. */
    from?: DateKey;
    /** The meeting type (decision 0050); the free consultation when left out. */
    meetingTypeId?: string;
    /** The visitor's service interest, when routing rules apply. */
    service?: string;
  } = {},
): Promise<PickerListing> {
  const now = options.now ?? new Date();
  const { settings } = await slotSettingsFor(db, options.meetingTypeId);
  const { earliest, latest } = bookableWindow(settings, now);
  const end = latest + 1;
  const dayStart = (date: DateKey) => dayRangeIn(date, timeZone).from.getTime();
  const slotsIn = async (from: number, to: number): Promise<FreeSlot[]> => {
    if (from >= to) return [];
    const slots = await findFreeSlots(db, {
      from: new Date(from),
      to: new Date(to),
      now,
      exceptBookingId: options.exceptBookingId,
      meetingTypeId: options.meetingTypeId,
      service: options.service,
    });
    return slots.filter((slot) => slot.startsAt !== options.withoutSlot);
  };
  // Read four weeks at a time: the span (three weeks from the first free day) and, usually, the
  // first free time after it come from one read; further on only when that found nothing.
  const chunk = (SPAN_DAYS + 7) * 24 * 60 * 60 * 1000;
  /** The free slots from the first at or after `from`, up to the end of the read that found it. */
  const slotsFrom = async (from: number) => {
    for (let at = Math.max(from, earliest); at < end; at += chunk) {
      const to = Math.min(at + chunk, end);
      const slots = await slotsIn(at, to);
      if (slots.length > 0) return { slots, to };
    }
    return undefined;
  };
  const lastBefore = async (before: number) => {
    for (let at = before; at > earliest; at -= chunk) {
      const slot = (await slotsIn(Math.max(at - chunk, earliest), at)).at(-1);
      if (slot) return slot;
    }
    return undefined;
  };

  const firstDay = dateKeyOf(earliest, timeZone);
  const asked = options.from && options.from > firstDay ? options.from : firstDay;
  // Past the window's end, or nothing free after it any more: the first span instead.
  const found =
    (await slotsFrom(dayStart(asked))) ??
    (asked > firstDay ? await slotsFrom(earliest) : undefined);
  const first = found?.slots[0];
  if (!found || !first) return { days: [], horizonDays: settings.horizonDays };

  const start = dateKeyOf(first.startsAt, timeZone);
  const spanEnd = Math.min(dayStart(addDaysToKey(start, SPAN_DAYS)), end);
  const read =
    found.to >= spanEnd ? found.slots : [...found.slots, ...(await slotsIn(found.to, spanEnd))];
  const slots = read.filter((slot) => Date.parse(slot.startsAt) < spanEnd);
  const next =
    read.find((slot) => Date.parse(slot.startsAt) >= spanEnd) ??
    (await slotsFrom(Math.max(spanEnd, found.to)))?.slots[0];
  const previous = await lastBefore(dayStart(start));
  // The span before ends on the day of the last free time before this one (and so does the
  // no-JavaScript list's week before); it starts at that day's first free time or later.
  const back = (days: number) => {
    if (!previous) return undefined;
    const date = addDaysToKey(dateKeyOf(previous.startsAt, timeZone), 1 - days);
    // biome-ignore lint/complexity/useMathMinMax: date keys are strings, compared as text
    return date < firstDay ? firstDay : date;
  };
  return {
    days: pickerDaysOf(slots, timeZone),
    horizonDays: settings.horizonDays,
    earlier: back(SPAN_DAYS),
    earlierWeek: back(WEEK_DAYS),
    later: next ? dateKeyOf(next.startsAt, timeZone) : undefined,
  };
}
