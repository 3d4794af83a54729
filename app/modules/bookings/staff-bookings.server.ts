import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import type { DB } from "~/db/client.server";
import { INDIA_TIME_ZONE } from "~/lib/india-format";
import type { BookingStatus } from "./booking.schema";
import { type BookingQuery, currentMonday } from "./booking-query";
import { type BookingFilters, listBookings } from "./booking-store.server";
import { addDaysToKey, type DateKey, dateKeyOf, dayRangeIn, minutesOfDay } from "./booking-time";
import { type Consultant, listConsultants } from "./consultants.server";
import { meetingTypeTitles } from "./meeting-types.server";

/*
 * What the staff's bookings pages read: a list (upcoming ones nearest first, past newest first) and
 * one IST week, Monday to Sunday, each booking placed on its IST day at its IST time. The
 * consultant's display name comes with each row.
 */

/** The list shows this many at most; it says so when there are more. */
export const LIST_LIMIT = 200;

export interface StaffBookingRow {
  id: string;
  startsAt: string;
  endsAt: string;
  visitorName: string;
  visitorEmail: string;
  visitorCompany: string;
  status: BookingStatus;
  enquiryId: string;
  consultantId: string;
  consultantName: string;
  /** The meeting type's title (decision 0050). */
  meetingType: string;
}

export interface WeekDay {
  date: DateKey;
  bookings: Array<StaffBookingRow & { startMinute: number; time: string }>;
}

export interface StaffWeek {
  monday: DateKey;
  previous: DateKey;
  next: DateKey;
  days: WeekDay[];
}

/** The IST wall-clock "HH:mm" of an instant (where the week view places it). */
const istTimeOf = (at: string) => format(new Date(at), "HH:mm", { in: tz(INDIA_TIME_ZONE) });

const nameOf = (consultants: Consultant[], id: string) =>
  consultants.find((consultant) => consultant.id === id)?.displayName ?? "A removed consultant";

async function rows(db: DB, filters: BookingFilters): Promise<StaffBookingRow[]> {
  const [bookings, consultants, typeTitles] = await Promise.all([
    listBookings(db, filters),
    listConsultants(db),
    meetingTypeTitles(db),
  ]);
  return bookings.map((booking) => ({
    id: booking.id,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    visitorName: booking.visitorName,
    visitorEmail: booking.visitorEmail,
    visitorCompany: booking.visitorCompany,
    status: booking.status,
    enquiryId: booking.enquiryId,
    consultantId: booking.consultantId,
    consultantName: nameOf(consultants, booking.consultantId),
    meetingType: typeTitles.get(booking.meetingTypeId) ?? "A removed meeting type",
  }));
}

const filtersOf = (query: BookingQuery): BookingFilters => ({
  consultantId: query.consultant || undefined,
  status: query.status === "all" ? undefined : query.status,
  leadSource: { source: query.source || undefined, campaign: query.campaign || undefined },
});

/** Upcoming (from now, soonest first) or past (before now, newest first) bookings. */
export async function staffBookingList(
  db: DB,
  query: BookingQuery,
  now: Date = new Date(),
): Promise<{ items: StaffBookingRow[]; more: boolean }> {
  const at = now.toISOString();
  const past = query.view === "past";
  const items = await rows(db, {
    ...filtersOf(query),
    ...(past ? { to: at, descending: true } : { from: at }),
    limit: LIST_LIMIT + 1,
  });
  return { items: items.slice(0, LIST_LIMIT), more: items.length > LIST_LIMIT };
}

/** One IST week of bookings, Monday first, each day's bookings in time order. */
export async function staffBookingWeek(
  db: DB,
  query: BookingQuery,
  now: Date = new Date(),
): Promise<StaffWeek> {
  const monday = query.week || currentMonday(now);
  const from = dayRangeIn(monday, INDIA_TIME_ZONE).from;
  const to = dayRangeIn(addDaysToKey(monday, 7), INDIA_TIME_ZONE).from;
  const bookings = await rows(db, {
    ...filtersOf(query),
    from: from.toISOString(),
    to: to.toISOString(),
  });
  const days: WeekDay[] = Array.from({ length: 7 }, (_, index) => ({
    date: addDaysToKey(monday, index),
    bookings: [],
  }));
  for (const booking of bookings) {
    const day = days.find((candidate) => candidate.date === dateKeyOf(booking.startsAt));
    const time = istTimeOf(booking.startsAt);
    day?.bookings.push({ ...booking, time, startMinute: minutesOfDay(time) });
  }
  return {
    monday,
    previous: addDaysToKey(monday, -7),
    next: addDaysToKey(monday, 7),
    days,
  };
}
