import { type BookingSettings, SLOT_MINUTES } from "./booking.schema";
import { addDaysToKey, type DateKey, dateKeyOf, instantOf, weekdayOf } from "./booking-time";

/*
 * The free-slot computation, without the database: consultants' IST hours (weekly, minus blocked
 * dates, plus extra hours), cut into 30-minute slots from the start of each interval, minus what
 * clashes with a booking (buffer included), days at the daily limit, and what is too soon or too
 * far ahead, and what overlaps a busy time of the consultant's own calendars (decision 0048).
 * Slots come out as UTC instants, merged across consultants: each lists the
 * consultants free for it, the least loaded that day first (the one a booking goes to).
 */

export interface IntervalOfDay {
  start: string;
  end: string;
}

export interface ConsultantSchedule {
  consultantId: string;
  dailyLimit: number;
  weeklyHours: Array<IntervalOfDay & { weekday: number }>;
  blockedDates: ReadonlySet<DateKey>;
  extraHours: Array<IntervalOfDay & { date: DateKey }>;
}

/** A booking that occupies its consultant (anything not cancelled). */
export interface BusyBooking {
  consultantId: string;
  startsAt: string;
  endsAt: string;
  /** Its type (decision 0050): counted against that type's daily cap. */
  meetingTypeId?: string;
  /** Its type's buffers; the settings' buffer after and none before when left out. */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
}

/**
 * The settings a computation runs with: the booking settings, or a meeting type's values over
 * them (meeting-types.ts `slotSettingsOf`); left out, the free consultation's 30 minutes, no
 * buffer before, no cap of the type's own.
 */
export interface SlotSettings extends BookingSettings {
  lengthMinutes?: number;
  bufferBeforeMinutes?: number;
  /** The most bookings of this type a consultant takes on an IST day. */
  dailyCap?: number | null;
  meetingTypeId?: string;
}

/** A busy time read from a consultant's own calendar: it blocks, but is no booking of the day. */
export interface CalendarBusy {
  consultantId: string;
  startsAt: string;
  endsAt: string;
}

export interface FreeSlot {
  startsAt: string;
  endsAt: string;
  /** Who is free for it, the first being the one a booking goes to. */
  consultantIds: string[];
}

export interface SlotWindow {
  /** Slots starting at or after this… */
  from: Date;
  /** …and before this. */
  to: Date;
  now: Date;
  /** Staff may book sooner than the minimum notice (a move arranged on the phone). */
  ignoreNotice?: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;

/** The day's intervals as minute ranges, overlapping or touching ones joined. */
function mergedIntervals(intervals: IntervalOfDay[]): Array<[number, number]> {
  const ranges = intervals
    .map((interval): [number, number] => [minutes(interval.start), minutes(interval.end)])
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

/** The first and last moments bookable at `now` under the settings. */
export function bookableWindow(settings: SlotSettings, now: Date, ignoreNotice = false) {
  return {
    earliest: now.getTime() + (ignoreNotice ? 0 : settings.minimumNoticeHours * HOUR),
    latest: now.getTime() + settings.horizonDays * DAY,
  };
}

/**
 * Times in start order with the longest one's length: whether any overlaps a span is read from
 * those that start within that length before it, not from the whole list for every candidate
 * slot (a list of every booking in the window, checked for each slot of each day, grew with the
 * diary: 0.5 ms of a /book render with 145 bookings, decision 0084).
 */
interface Spans {
  starts: number[];
  ends: number[];
  longest: number;
}

const NO_SPANS: Spans = { starts: [], ends: [], longest: 0 };

export function spansOf(list: ReadonlyArray<{ start: number; end: number }>): Spans {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  return {
    starts: sorted.map((span) => span.start),
    ends: sorted.map((span) => span.end),
    longest: sorted.reduce((most, span) => Math.max(most, span.end - span.start), 0),
  };
}

/** Whether any span overlaps [from, to): starts before `to` and ends after `from`. */
export function overlapsAny({ starts, ends, longest }: Spans, from: number, to: number): boolean {
  // A span that starts before from - longest ends at or before from: none of those overlaps.
  const earliest = from - longest;
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) < earliest) low = middle + 1;
    else high = middle;
  }
  for (let index = low; index < starts.length && (starts[index] as number) < to; index++) {
    if ((ends[index] as number) > from) return true;
  }
  return false;
}

export function freeSlotsOf(
  schedules: ConsultantSchedule[],
  busy: BusyBooking[],
  settings: SlotSettings,
  window: SlotWindow,
  calendarBusy: CalendarBusy[] = [],
): FreeSlot[] {
  const { earliest, latest } = bookableWindow(settings, window.now, window.ignoreNotice);
  const first = Math.max(window.from.getTime(), earliest);
  const last = Math.min(window.to.getTime() - 1, latest);
  if (first > last) return [];
  const length = settings.lengthMinutes ?? SLOT_MINUTES;
  // Starts every 30 minutes, or every `length` for a shorter meeting (decision 0050).
  const step = Math.min(length, SLOT_MINUTES);
  const buffer = settings.bufferMinutes * MINUTE;
  const before = (settings.bufferBeforeMinutes ?? 0) * MINUTE;
  const cap = settings.dailyCap ?? Number.POSITIVE_INFINITY;
  // Each booking holds its meeting and its own buffers either side.
  const busyOf = new Map<
    string,
    Array<{ start: number; end: number; day: DateKey; sameType: boolean }>
  >();
  for (const booking of busy) {
    const list = busyOf.get(booking.consultantId) ?? [];
    list.push({
      start: Date.parse(booking.startsAt) - (booking.bufferBeforeMinutes ?? 0) * MINUTE,
      end:
        Date.parse(booking.endsAt) +
        (booking.bufferAfterMinutes ?? settings.bufferMinutes) * MINUTE,
      day: dateKeyOf(booking.startsAt),
      sameType:
        settings.meetingTypeId !== undefined && booking.meetingTypeId === settings.meetingTypeId,
    });
    busyOf.set(booking.consultantId, list);
  }

  const blockedOf = new Map<string, Array<{ start: number; end: number }>>();
  for (const busyTime of calendarBusy) {
    const list = blockedOf.get(busyTime.consultantId) ?? [];
    list.push({ start: Date.parse(busyTime.startsAt), end: Date.parse(busyTime.endsAt) });
    blockedOf.set(busyTime.consultantId, list);
  }

  // Each consultant's held and blocked times in start order, for the overlap checks below.
  const heldOf = new Map([...busyOf].map(([id, list]) => [id, spansOf(list)]));
  const blockedSpansOf = new Map([...blockedOf].map(([id, list]) => [id, spansOf(list)]));

  const slots = new Map<number, { load: number; order: number; consultantId: string }[]>();
  const lastDate = dateKeyOf(last);
  for (let date = dateKeyOf(first); date <= lastDate; date = addDaysToKey(date, 1)) {
    const weekday = weekdayOf(date);
    schedules.forEach((schedule, order) => {
      if (schedule.blockedDates.has(date)) return;
      const bookings = busyOf.get(schedule.consultantId) ?? [];
      const held = heldOf.get(schedule.consultantId) ?? NO_SPANS;
      const blockedSpans = blockedSpansOf.get(schedule.consultantId) ?? NO_SPANS;
      const ofDay = bookings.filter((booking) => booking.day === date);
      const load = ofDay.length;
      if (load >= schedule.dailyLimit) return;
      if (ofDay.filter((booking) => booking.sameType).length >= cap) return;
      const intervals = mergedIntervals([
        ...schedule.weeklyHours.filter((hours) => hours.weekday === weekday),
        ...schedule.extraHours.filter((hours) => hours.date === date),
      ]);
      for (const [open, close] of intervals) {
        for (let at = open; at + length <= close; at += step) {
          const start = instantOf(date, clock(at)).getTime();
          if (start < first || start > last) continue;
          const end = start + length * MINUTE;
          // This meeting with its buffers may not overlap a booking with its own.
          if (overlapsAny(held, start - before, end + buffer)) continue;
          // A meeting in their own calendar holds them too, with the type's buffers.
          if (overlapsAny(blockedSpans, start - before - buffer, end + buffer)) continue;
          const free = slots.get(start) ?? [];
          free.push({ load, order, consultantId: schedule.consultantId });
          slots.set(start, free);
        }
      }
    });
  }
  return [...slots.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, free]) => ({
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + length * MINUTE).toISOString(),
      consultantIds: free
        .sort((a, b) => a.load - b.load || a.order - b.order)
        .map((entry) => entry.consultantId),
    }));
}

/** The `count` slots nearest to a moment (before or after), in time order. */
export function nearestOf(slots: FreeSlot[], around: Date, count: number): FreeSlot[] {
  const target = around.getTime();
  return [...slots]
    .sort(
      (a, b) =>
        Math.abs(Date.parse(a.startsAt) - target) - Math.abs(Date.parse(b.startsAt) - target) ||
        a.startsAt.localeCompare(b.startsAt),
    )
    .slice(0, count)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
