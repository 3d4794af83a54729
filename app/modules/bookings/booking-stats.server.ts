import type { DB } from "~/db/client.server";
import {
  BOOKING_STATS_WEEKS,
  type BookingStats,
  type BookingWeek,
  type ConsultantLoad,
  type MeetingTypeLoad,
} from "./booking-stats";
import { addDaysToKey, type DateKey, dateKeyOf, instantOf, weekdayOf } from "./booking-time";

/*
 * The bookings' figures on the dashboard (issue 25): meetings per week (IST weeks from Monday)
 * by what became of them, how many of the meetings held so far staff marked held or no-show,
 * and the bookings of each consultant. Counted from the bookings themselves, over the same
 * weeks, so every figure can be traced to rows on the Bookings page.
 */

const mondayOf = (key: DateKey) => addDaysToKey(key, 1 - weekdayOf(key));

export async function getBookingStats(db: DB, now: Date = new Date()): Promise<BookingStats> {
  const thisMonday = mondayOf(dateKeyOf(now));
  const firstMonday = addDaysToKey(thisMonday, -7 * (BOOKING_STATS_WEEKS - 1));
  const from = instantOf(firstMonday, "00:00").toISOString();
  const to = instantOf(addDaysToKey(thisMonday, 7), "00:00").toISOString();
  const rows = await db
    .selectFrom("bookings")
    .leftJoin("consultants", "consultants.id", "bookings.consultantId")
    .leftJoin("meetingTypes", "meetingTypes.id", "bookings.meetingTypeId")
    .select([
      "bookings.startsAt",
      "bookings.status",
      "bookings.consultantId",
      "consultants.displayName",
      "bookings.meetingTypeId",
      "meetingTypes.title as meetingTypeTitle",
    ])
    .where("bookings.startsAt", ">=", from)
    .where("bookings.startsAt", "<", to)
    .execute();

  const weeks = new Map<DateKey, BookingWeek>();
  for (let week = 0; week < BOOKING_STATS_WEEKS; week += 1) {
    const weekStart = addDaysToKey(firstMonday, 7 * week);
    weeks.set(weekStart, { weekStart, meetings: 0, held: 0, noShow: 0, cancelled: 0 });
  }
  const past = { total: 0, held: 0, noShow: 0, unmarked: 0 };
  const consultants = new Map<string, ConsultantLoad>();
  const types = new Map<string, MeetingTypeLoad>();
  for (const row of rows) {
    const week = weeks.get(mondayOf(dateKeyOf(row.startsAt)));
    if (!week) continue;
    if (row.status === "cancelled") {
      week.cancelled += 1;
      continue;
    }
    week.meetings += 1;
    const held = row.status === "completed";
    const noShow = row.status === "no_show";
    if (held) week.held += 1;
    if (noShow) week.noShow += 1;
    if (Date.parse(row.startsAt) <= now.getTime()) {
      past.total += 1;
      if (held) past.held += 1;
      else if (noShow) past.noShow += 1;
      else past.unmarked += 1;
    }
    const load = consultants.get(row.consultantId) ?? {
      consultantId: row.consultantId,
      name: row.displayName ?? "A removed consultant",
      meetings: 0,
      held: 0,
      noShow: 0,
    };
    load.meetings += 1;
    if (held) load.held += 1;
    if (noShow) load.noShow += 1;
    consultants.set(row.consultantId, load);
    const ofType = types.get(row.meetingTypeId) ?? {
      meetingTypeId: row.meetingTypeId,
      name: row.meetingTypeTitle ?? "A removed meeting type",
      meetings: 0,
      held: 0,
      noShow: 0,
    };
    ofType.meetings += 1;
    if (held) ofType.held += 1;
    if (noShow) ofType.noShow += 1;
    types.set(row.meetingTypeId, ofType);
  }
  return {
    weeks: [...weeks.values()],
    past,
    consultants: [...consultants.values()].sort(
      (a, b) => b.meetings - a.meetings || a.name.localeCompare(b.name),
    ),
    meetingTypes: [...types.values()].sort(
      (a, b) => b.meetings - a.meetings || a.name.localeCompare(b.name),
    ),
  };
}
