import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";
import {
  type BookingSettings,
  type ConsultantInput,
  DEFAULT_BOOKING_SETTINGS,
  type ExtraHoursInput,
  type WeeklyHours,
} from "./booking.schema";
import type { DateKey } from "./booking-time";
import type { ConsultantSchedule } from "./free-slots";

/*
 * Consultants and their availability (data access): a consultant is a staff account marked as
 * one, with a display name, a daily limit and an active switch; their weekly hours, blocked
 * dates and extra hours are IST. Also the booking settings (one row, defaults until saved).
 */

export interface Consultant {
  id: string;
  userId: string;
  displayName: string;
  /** The staff account's e-mail: the consultant's invitations go there. */
  email: string;
  /** The staff account's username: never shown to visitors (consultantNameForVisitors). */
  username: string | null;
  active: boolean;
  /** Active, and the staff account still exists and is not disabled: gets bookings. */
  bookable: boolean;
  dailyLimit: number;
  createdAt: string;
}

export interface ConsultantAvailability {
  weeklyHours: WeeklyHours[];
  blockedDates: Array<{ date: DateKey; note: string }>;
  extraHours: Array<ExtraHoursInput & { id: string }>;
}

function consultantQuery(db: DB) {
  return db
    .selectFrom("consultants")
    .leftJoin("user", "user.id", "consultants.userId")
    .select([
      "consultants.id",
      "consultants.userId",
      "consultants.displayName",
      "consultants.active",
      "consultants.dailyLimit",
      "consultants.createdAt",
      "user.email",
      "user.username",
      "user.banned",
      "user.id as accountId",
    ]);
}

type ConsultantRecord = Awaited<ReturnType<ReturnType<typeof consultantQuery>["execute"]>>[number];

const toConsultant = (row: ConsultantRecord): Consultant => ({
  id: row.id,
  userId: row.userId,
  displayName: row.displayName,
  email: row.email ?? "",
  username: row.username ?? null,
  active: Boolean(row.active),
  bookable: Boolean(row.active) && row.accountId !== null && !row.banned,
  dailyLimit: Number(row.dailyLimit),
  createdAt: row.createdAt,
});

/** Every consultant, in the order they were added (the order bookings prefer on a tie). */
export async function listConsultants(db: DB): Promise<Consultant[]> {
  const rows = await consultantQuery(db)
    .orderBy("consultants.createdAt")
    .orderBy("consultants.id")
    .execute();
  return rows.map(toConsultant);
}

export async function getConsultant(db: DB, id: string): Promise<Consultant | undefined> {
  const row = await consultantQuery(db).where("consultants.id", "=", id).executeTakeFirst();
  return row && toConsultant(row);
}

export async function consultantOfUser(db: DB, userId: string): Promise<Consultant | undefined> {
  const row = await consultantQuery(db).where("consultants.userId", "=", userId).executeTakeFirst();
  return row && toConsultant(row);
}

export async function insertConsultant(
  db: DB,
  userId: string,
  input: ConsultantInput,
): Promise<string> {
  const id = sortableId("cns");
  const at = nowIso();
  await db
    .insertInto("consultants")
    .values({ id, userId, ...input, createdAt: at, updatedAt: at })
    .execute();
  return id;
}

export async function updateConsultant(db: DB, id: string, input: ConsultantInput) {
  await db
    .updateTable("consultants")
    .set({ ...input, updatedAt: nowIso() })
    .where("id", "=", id)
    .execute();
}

/** A consultant's hours, blocked dates and extra hours (from `fromDate` on, when given). */
export async function getAvailability(
  db: DB,
  consultantId: string,
  fromDate?: DateKey,
): Promise<ConsultantAvailability> {
  const weekly = await db
    .selectFrom("consultantWeeklyHours")
    .selectAll()
    .where("consultantId", "=", consultantId)
    .orderBy("weekday")
    .orderBy("startTime")
    .execute();
  let blocked = db
    .selectFrom("consultantBlockedDates")
    .select(["date", "note"])
    .where("consultantId", "=", consultantId);
  let extra = db
    .selectFrom("consultantExtraHours")
    .selectAll()
    .where("consultantId", "=", consultantId);
  if (fromDate) {
    blocked = blocked.where("date", ">=", fromDate);
    extra = extra.where("date", ">=", fromDate);
  }
  return {
    weeklyHours: weekly.map((row) => ({
      weekday: Number(row.weekday),
      start: row.startTime,
      end: row.endTime,
    })),
    blockedDates: await blocked.orderBy("date").execute(),
    extraHours: (await extra.orderBy("date").orderBy("startTime").execute()).map((row) => ({
      id: row.id,
      date: row.date,
      start: row.startTime,
      end: row.endTime,
    })),
  };
}

export async function replaceWeeklyHours(db: DB, consultantId: string, hours: WeeklyHours[]) {
  await db.deleteFrom("consultantWeeklyHours").where("consultantId", "=", consultantId).execute();
  if (hours.length === 0) return;
  await db
    .insertInto("consultantWeeklyHours")
    .values(
      hours.map((interval) => ({
        consultantId,
        weekday: interval.weekday,
        startTime: interval.start,
        endTime: interval.end,
      })),
    )
    .execute();
}

/** Blocks a date; false when it was blocked already. */
export async function insertBlockedDate(
  db: DB,
  consultantId: string,
  input: { date: DateKey; note: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("consultantBlockedDates")
    .values({ consultantId, ...input })
    .onConflict((oc) => oc.columns(["consultantId", "date"]).doNothing())
    .returning("date")
    .execute();
  return inserted.length > 0;
}

export async function deleteBlockedDate(db: DB, consultantId: string, date: DateKey) {
  const result = await db
    .deleteFrom("consultantBlockedDates")
    .where("consultantId", "=", consultantId)
    .where("date", "=", date)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertExtraHours(db: DB, consultantId: string, input: ExtraHoursInput) {
  const id = sortableId("xhr");
  await db
    .insertInto("consultantExtraHours")
    .values({
      id,
      consultantId,
      date: input.date,
      startTime: input.start,
      endTime: input.end,
    })
    .execute();
  return id;
}

export async function deleteExtraHours(db: DB, consultantId: string, id: string) {
  const result = await db
    .deleteFrom("consultantExtraHours")
    .where("consultantId", "=", consultantId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The schedules of the consultants who take bookings (one, or all), with their blocked dates
 * and extra hours between two IST dates.
 */
export async function loadSchedules(
  db: DB,
  range: { fromDate: DateKey; toDate: DateKey; consultantId?: string },
): Promise<ConsultantSchedule[]> {
  const consultants = (await listConsultants(db)).filter(
    (consultant) =>
      consultant.bookable && (!range.consultantId || consultant.id === range.consultantId),
  );
  if (consultants.length === 0) return [];
  const ids = consultants.map((consultant) => consultant.id);
  const [weekly, blocked, extra] = await Promise.all([
    db.selectFrom("consultantWeeklyHours").selectAll().where("consultantId", "in", ids).execute(),
    db
      .selectFrom("consultantBlockedDates")
      .select(["consultantId", "date"])
      .where("consultantId", "in", ids)
      .where("date", ">=", range.fromDate)
      .where("date", "<=", range.toDate)
      .execute(),
    db
      .selectFrom("consultantExtraHours")
      .selectAll()
      .where("consultantId", "in", ids)
      .where("date", ">=", range.fromDate)
      .where("date", "<=", range.toDate)
      .execute(),
  ]);
  return consultants.map((consultant) => ({
    consultantId: consultant.id,
    dailyLimit: consultant.dailyLimit,
    weeklyHours: weekly
      .filter((row) => row.consultantId === consultant.id)
      .map((row) => ({ weekday: Number(row.weekday), start: row.startTime, end: row.endTime })),
    blockedDates: new Set(
      blocked.filter((row) => row.consultantId === consultant.id).map((row) => row.date),
    ),
    extraHours: extra
      .filter((row) => row.consultantId === consultant.id)
      .map((row) => ({ date: row.date, start: row.startTime, end: row.endTime })),
  }));
}

const SETTINGS_ID = "default";

/** The booking settings; the defaults until staff save them. */
export async function getBookingSettings(db: DB): Promise<BookingSettings> {
  const row = await db
    .selectFrom("bookingSettings")
    .select(["bufferMinutes", "minimumNoticeHours", "horizonDays"])
    .where("id", "=", SETTINGS_ID)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_BOOKING_SETTINGS };
  return {
    bufferMinutes: Number(row.bufferMinutes),
    minimumNoticeHours: Number(row.minimumNoticeHours),
    horizonDays: Number(row.horizonDays),
  };
}

export async function saveBookingSettings(db: DB, settings: BookingSettings) {
  const updatedAt = nowIso();
  await db
    .insertInto("bookingSettings")
    .values({ id: SETTINGS_ID, ...settings, updatedAt })
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...settings, updatedAt }))
    .execute();
}
