import type { DB } from "~/db/client.server";
import type { CalendarKind } from "~/db/schema/calendars";
import type { BusyInterval } from "./busy-times";

/*
 * Data access for consultants' calendars and the busy times their syncs stored. What leaves this
 * file for a page (`CalendarSummary`) never carries the sealed secret.
 */

export interface CalendarSummary {
  id: string;
  consultantId: string;
  kind: CalendarKind;
  label: string;
  address: string;
  username: string;
  /** Bookings are written into it too. */
  writeBookings: boolean;
  createdAt: string;
  lastAttemptAt: string | null;
  lastSyncedAt: string | null;
  lastError: string | null;
}

const SUMMARY_COLUMNS = [
  "id",
  "consultantId",
  "kind",
  "label",
  "address",
  "username",
  "writeBookings",
  "createdAt",
  "lastAttemptAt",
  "lastSyncedAt",
  "lastError",
] as const;

/** SQLite hands booleans back as 0 and 1. */
const summaryOf = <T extends { writeBookings: unknown }>(row: T) => ({
  ...row,
  writeBookings: Boolean(row.writeBookings),
});

export async function listCalendars(db: DB, consultantId: string): Promise<CalendarSummary[]> {
  const rows = await db
    .selectFrom("consultantCalendars")
    .select(SUMMARY_COLUMNS)
    .where("consultantId", "=", consultantId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map(summaryOf);
}

export async function getCalendar(db: DB, id: string): Promise<CalendarSummary | undefined> {
  const row = await db
    .selectFrom("consultantCalendars")
    .select(SUMMARY_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? summaryOf(row) : undefined;
}

/** The sealed credentials, for the sync only. */
export async function sealedSecretOf(db: DB, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("consultantCalendars")
    .select("secret")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.secret;
}

/** The busy times of these consultants' calendars that overlap [from, to). */
export function calendarBusyTimes(
  db: DB,
  range: { from: string; to: string; consultantIds: string[] },
): Promise<Array<BusyInterval & { consultantId: string }>> {
  if (range.consultantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("consultantBusyIntervals")
    .select(["consultantId", "startsAt", "endsAt"])
    .where("consultantId", "in", range.consultantIds)
    .where("startsAt", "<", range.to)
    .where("endsAt", ">", range.from)
    .execute();
}

export async function storedBusyTimes(db: DB, calendarId: string): Promise<BusyInterval[]> {
  return db
    .selectFrom("consultantBusyIntervals")
    .select(["startsAt", "endsAt"])
    .where("calendarId", "=", calendarId)
    .orderBy("startsAt")
    .orderBy("endsAt")
    .execute();
}

/** Replaces a calendar's busy times; call inside the sync's transaction. */
export async function replaceBusyTimes(
  trx: DB,
  calendar: { id: string; consultantId: string },
  intervals: BusyInterval[],
): Promise<void> {
  await trx.deleteFrom("consultantBusyIntervals").where("calendarId", "=", calendar.id).execute();
  // In batches: a year of a daily series is hundreds of rows, past SQLite's parameter limit.
  for (let at = 0; at < intervals.length; at += 200) {
    await trx
      .insertInto("consultantBusyIntervals")
      .values(
        intervals.slice(at, at + 200).map((interval) => ({
          calendarId: calendar.id,
          consultantId: calendar.consultantId,
          ...interval,
        })),
      )
      .execute();
  }
}
