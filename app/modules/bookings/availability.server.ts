import type { DB } from "~/db/client.server";
import { INDIA_TIME_ZONE } from "~/lib/india-format";
import { calendarBusyTimes } from "~/modules/calendars/calendar-store.server";
import type { BookingSettings } from "./booking.schema";
import { busyBookings } from "./booking-store.server";
import { addDaysToKey, type DateKey, dateKeyOf, dayRangeIn, groupByLocalDay } from "./booking-time";
import { getBookingSettings, loadSchedules } from "./consultants.server";
import { bookableWindow, type FreeSlot, freeSlotsOf, nearestOf } from "./free-slots";

/*
 * Free slots from the database: the schedules and bookings around a range, handed to the pure
 * computation in free-slots.ts. Pages that show them are rendered per request, never stored in
 * the page cache (decision 0030), so they are always as fresh as this read.
 */

const DAY = 24 * 60 * 60 * 1000;

export interface SlotQuery {
  from: Date;
  to: Date;
  now?: Date;
  /** One consultant's slots; all bookable consultants' merged when left out. */
  consultantId?: string;
  /** A booking being moved does not stand in its own way. */
  exceptBookingId?: string;
  /** Staff moves may be sooner than the minimum notice. */
  ignoreNotice?: boolean;
  /** Read once by the caller already (inside a command). */
  settings?: BookingSettings;
}

/** Free 30-minute slots starting in [from, to), as UTC instants, soonest first. */
export async function findFreeSlots(db: DB, query: SlotQuery): Promise<FreeSlot[]> {
  const now = query.now ?? new Date();
  const settings = query.settings ?? (await getBookingSettings(db));
  const { earliest, latest } = bookableWindow(settings, now, query.ignoreNotice);
  const from = Math.max(query.from.getTime(), earliest);
  const to = Math.min(query.to.getTime(), latest + 1);
  if (from >= to) return [];
  const fromDate = dateKeyOf(from);
  const toDate = dateKeyOf(to);
  const schedules = await loadSchedules(db, {
    fromDate,
    toDate,
    consultantId: query.consultantId,
  });
  // Whole IST days and a day either side: the daily limit counts the whole day, and a buffer
  // reaches over midnight.
  const around = {
    from: new Date(dayRangeIn(addDaysToKey(fromDate, -1), INDIA_TIME_ZONE).from).toISOString(),
    to: new Date(dayRangeIn(addDaysToKey(toDate, 1), INDIA_TIME_ZONE).to).toISOString(),
    consultantIds: schedules.map((schedule) => schedule.consultantId),
  };
  const busy = await busyBookings(db, { ...around, exceptBookingId: query.exceptBookingId });
  // What the consultants' own calendars hold, as their last good sync read it (decision 0048).
  const calendarBusy = await calendarBusyTimes(db, around);
  return freeSlotsOf(
    schedules,
    busy,
    settings,
    { from: new Date(from), to: new Date(to), now, ignoreNotice: query.ignoreNotice },
    calendarBusy,
  );
}

/** The consultants free for one slot start, the one a booking goes to first. */
export async function consultantsFreeAt(
  db: DB,
  startsAt: string,
  query: Omit<SlotQuery, "from" | "to">,
): Promise<string[]> {
  const at = new Date(startsAt);
  const slots = await findFreeSlots(db, {
    ...query,
    from: at,
    to: new Date(at.getTime() + 1),
  });
  return slots.find((slot) => slot.startsAt === at.toISOString())?.consultantIds ?? [];
}

/** The free slots nearest to a time that could not be had (a week either side), in order. */
export async function nearestFreeSlots(
  db: DB,
  around: Date,
  options: { now?: Date; count?: number; consultantId?: string; exceptBookingId?: string } = {},
): Promise<FreeSlot[]> {
  const slots = await findFreeSlots(db, {
    from: new Date(around.getTime() - 7 * DAY),
    to: new Date(around.getTime() + 7 * DAY),
    now: options.now,
    consultantId: options.consultantId,
    exceptBookingId: options.exceptBookingId,
  });
  return nearestOf(slots, around, options.count ?? 6);
}

/**
 * Everything bookable now, by the visitor's own days (a day in Los Angeles takes slots from two
 * IST dates): what the booking page lists.
 */
export async function bookableDays(
  db: DB,
  timeZone: string,
  now: Date = new Date(),
): Promise<Array<{ date: DateKey; slots: FreeSlot[] }>> {
  const settings = await getBookingSettings(db);
  const { latest } = bookableWindow(settings, now);
  const slots = await findFreeSlots(db, { from: now, to: new Date(latest + 1), now, settings });
  return groupByLocalDay(slots, timeZone).map(({ date, items }) => ({ date, slots: items }));
}
