import type { DB } from "~/db/client.server";
import { INDIA_TIME_ZONE } from "~/lib/india-format";
import { calendarBusyTimes } from "~/modules/calendars/calendar-store.server";
import type { BookingSettings } from "./booking.schema";
import { busyBookings } from "./booking-store.server";
import { addDaysToKey, type DateKey, dateKeyOf, dayRangeIn, groupByLocalDay } from "./booking-time";
import { getBookingSettings, loadSchedules } from "./consultants.server";
import {
  bookableWindow,
  type FreeSlot,
  freeSlotsOf,
  nearestOf,
  type SlotSettings,
} from "./free-slots";
import { type MeetingType, slotSettingsOf } from "./meeting-types";
import { meetingTypeOrDefault, routingRules } from "./meeting-types.server";

/*
 * Free slots from the database: the schedules and bookings around a range, handed to the pure
 * computation in free-slots.ts, for one meeting type and, when routing rules apply, the
 * consultants who cover the visitor's service (decision 0050). /book is stored per availability
 * version (decision 0049), so every write that changes these raises it.
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
  /** Read once by the caller already (inside a command): the booking settings. */
  settings?: BookingSettings;
  /** The meeting type (decision 0050); the free consultation when left out. */
  meetingTypeId?: string;
  /** The visitor's service interest: routed to the consultants who cover it, if a rule says. */
  service?: string;
}

/** A type's settings over the booking settings: what its slots are computed with. */
export async function slotSettingsFor(
  db: DB,
  meetingTypeId: string | undefined,
  settings?: BookingSettings,
): Promise<{ type: MeetingType; settings: SlotSettings }> {
  const type = await meetingTypeOrDefault(db, meetingTypeId);
  return { type, settings: slotSettingsOf(type, settings ?? (await getBookingSettings(db))) };
}

/**
 * Who may take a booking of the type for the visitor's service interest: the type's consultants
 * (everyone when it names none), narrowed to those a routing rule names for the service. When no
 * one the rule names takes the type, the type's consultants. `routed`: a rule applied, so the
 * least loaded (fewest upcoming bookings) goes first.
 */
export async function routedConsultants(
  db: DB,
  type: MeetingType,
  service: string | undefined,
): Promise<{ consultantIds?: string[]; routed: boolean }> {
  const ofType = type.consultantIds.length > 0 ? type.consultantIds : undefined;
  const rule = service ? (await routingRules(db)).get(service) : undefined;
  if (!rule) return { consultantIds: ofType, routed: false };
  const covering = ofType ? rule.filter((id) => ofType.includes(id)) : rule;
  if (covering.length === 0) return { consultantIds: ofType, routed: false };
  return { consultantIds: covering, routed: true };
}

/** How many bookings still to come each consultant has (routing's "least loaded"). */
export async function upcomingCounts(db: DB, consultantIds: string[], now: Date) {
  if (consultantIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("bookings")
    .select(["consultantId", (eb) => eb.fn.countAll<number>().as("count")])
    .where("consultantId", "in", consultantIds)
    .where("status", "=", "booked")
    .where("startsAt", ">=", now.toISOString())
    .groupBy("consultantId")
    .execute();
  return new Map(rows.map((row) => [row.consultantId, Number(row.count)]));
}

/** Free slots of a type starting in [from, to), as UTC instants, soonest first. */
export async function findFreeSlots(db: DB, query: SlotQuery): Promise<FreeSlot[]> {
  const now = query.now ?? new Date();
  const { type, settings } = await slotSettingsFor(db, query.meetingTypeId, query.settings);
  const { earliest, latest } = bookableWindow(settings, now, query.ignoreNotice);
  const from = Math.max(query.from.getTime(), earliest);
  const to = Math.min(query.to.getTime(), latest + 1);
  if (from >= to) return [];
  const fromDate = dateKeyOf(from);
  const toDate = dateKeyOf(to);
  const { consultantIds, routed } = await routedConsultants(db, type, query.service);
  const schedules = (
    await loadSchedules(db, { fromDate, toDate, consultantId: query.consultantId })
  ).filter((schedule) => !consultantIds || consultantIds.includes(schedule.consultantId));
  // Whole IST days and a day either side: the daily limit counts the whole day, and a buffer
  // reaches over midnight.
  const around = {
    from: new Date(dayRangeIn(addDaysToKey(fromDate, -1), INDIA_TIME_ZONE).from).toISOString(),
    to: new Date(dayRangeIn(addDaysToKey(toDate, 1), INDIA_TIME_ZONE).to).toISOString(),
    consultantIds: schedules.map((schedule) => schedule.consultantId),
  };
  const base = query.settings ?? (await getBookingSettings(db));
  const busy = (await busyBookings(db, { ...around, exceptBookingId: query.exceptBookingId })).map(
    (booking) => ({
      ...booking,
      bufferBeforeMinutes: booking.bufferBeforeMinutes ?? 0,
      bufferAfterMinutes: booking.bufferAfterMinutes ?? base.bufferMinutes,
    }),
  );
  // What the consultants' own calendars hold, as their last good sync read it (decision 0048).
  const calendarBusy = await calendarBusyTimes(db, around);
  const slots = freeSlotsOf(
    schedules,
    busy,
    settings,
    { from: new Date(from), to: new Date(to), now, ignoreNotice: query.ignoreNotice },
    calendarBusy,
  );
  if (!routed) return slots;
  // Routed by a rule: the consultant with the fewest bookings to come first (ties as before).
  const upcoming = await upcomingCounts(
    db,
    schedules.map((schedule) => schedule.consultantId),
    now,
  );
  const countOf = (id: string) => upcoming.get(id) ?? 0;
  return slots.map((slot) => ({
    ...slot,
    consultantIds: [...slot.consultantIds].sort((a, b) => countOf(a) - countOf(b)),
  }));
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
  options: {
    now?: Date;
    count?: number;
    consultantId?: string;
    exceptBookingId?: string;
    meetingTypeId?: string;
    service?: string;
  } = {},
): Promise<FreeSlot[]> {
  const slots = await findFreeSlots(db, {
    from: new Date(around.getTime() - 7 * DAY),
    to: new Date(around.getTime() + 7 * DAY),
    now: options.now,
    consultantId: options.consultantId,
    exceptBookingId: options.exceptBookingId,
    meetingTypeId: options.meetingTypeId,
    service: options.service,
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
  meetingTypeId?: string,
): Promise<Array<{ date: DateKey; slots: FreeSlot[] }>> {
  const { settings } = await slotSettingsFor(db, meetingTypeId);
  const { latest } = bookableWindow(settings, now);
  const slots = await findFreeSlots(db, {
    from: now,
    to: new Date(latest + 1),
    now,
    meetingTypeId,
  });
  return groupByLocalDay(slots, timeZone).map(({ date, items }) => ({ date, slots: items }));
}
