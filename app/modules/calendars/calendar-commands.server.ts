import { randomUUID } from "node:crypto";
import type { DB } from "~/db/client.server";
import type { CalendarKind } from "~/db/schema/calendars";
import { nowIso } from "~/lib/time";
import { bumpAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { done, refused, type StaffResult } from "~/modules/staff/staff.server";
import { addressHint } from "./calendar.schema";
import { sealSecret } from "./calendar-secrets.server";
import { type CalendarSummary, getCalendar } from "./calendar-store.server";

/*
 * Staff adding, re-keying and removing a consultant's calendars. The secret (a CalDAV password or
 * the whole secret address) is sealed before it reaches the database and never read back here. A
 * new or re-keyed calendar is due at once: the sync job reads it within a minute.
 */

const NO_CONSULTANT = "This consultant no longer exists";
const NO_CALENDAR = "This calendar no longer exists";

export type NewCalendar =
  | {
      kind: "caldav";
      consultantId: string;
      label: string;
      url: string;
      username: string;
      password: string;
      /** Write the consultant's bookings into it too. */
      writeBookings: boolean;
    }
  | { kind: "ics"; consultantId: string; label: string; secretAddress: string };

/** The staff account of a consultant (who may manage their own calendars), if they exist. */
export async function consultantAccountOf(db: DB, consultantId: string) {
  return db
    .selectFrom("consultants")
    .select(["id", "userId", "displayName"])
    .where("id", "=", consultantId)
    .executeTakeFirst();
}

const KIND_WORDS: Record<CalendarKind, string> = {
  caldav: "CalDAV calendar",
  ics: "calendar address",
};

export function addCalendar(
  db: DB,
  actor: Actor,
  key: Buffer,
  input: NewCalendar,
): Promise<StaffResult<CalendarSummary>> {
  const sealed = sealSecret(key, input.kind === "caldav" ? input.password : input.secretAddress);
  return runCommand(db, actor, async (trx) => {
    const consultant = await consultantAccountOf(trx, input.consultantId);
    if (!consultant) return { result: refused(NO_CONSULTANT, "consultantId") };
    const row = {
      id: randomUUID(),
      consultantId: consultant.id,
      kind: input.kind,
      label: input.label,
      address: input.kind === "caldav" ? input.url : addressHint(input.secretAddress),
      username: input.kind === "caldav" ? input.username : "",
      secret: sealed,
      writeBookings: input.kind === "caldav" && input.writeBookings,
      createdAt: nowIso(),
      lastAttemptAt: null,
      lastSyncedAt: null,
      lastError: null,
      leaseOwner: null,
      leaseUntil: null,
    };
    await trx.insertInto("consultantCalendars").values(row).execute();
    const { secret: _sealed, leaseOwner: _owner, leaseUntil: _until, ...summary } = row;
    return {
      result: done(summary),
      audit: {
        action: "create",
        entityType: "consultant",
        entityId: consultant.id,
        summary: `Added the ${KIND_WORDS[input.kind]} "${input.label}" of ${consultant.displayName}`,
      },
    };
  });
}

/** New credentials for a calendar (a changed password, a re-issued secret address). */
export function replaceCalendarSecret(
  db: DB,
  actor: Actor,
  key: Buffer,
  calendarId: string,
  secret: string,
): Promise<StaffResult<CalendarSummary>> {
  const sealed = sealSecret(key, secret);
  return runCommand(db, actor, async (trx) => {
    const calendar = await getCalendar(trx, calendarId);
    if (!calendar) return { result: refused(NO_CALENDAR) };
    const address = calendar.kind === "ics" ? addressHint(secret) : calendar.address;
    // Due at once; the busy times of the last good sync stay until the next one succeeds.
    await trx
      .updateTable("consultantCalendars")
      .set({ secret: sealed, address, lastAttemptAt: null })
      .where("id", "=", calendarId)
      .execute();
    return {
      result: done({ ...calendar, address, lastAttemptAt: null }),
      audit: {
        action: "update",
        entityType: "consultant",
        entityId: calendar.consultantId,
        summary: `Replaced the ${calendar.kind === "caldav" ? "password" : "secret address"} of the calendar "${calendar.label}"`,
      },
    };
  });
}

/** Removes a calendar and its busy times, which frees those times on /book. */
export function removeCalendar(
  db: DB,
  actor: Actor,
  calendarId: string,
): Promise<StaffResult<CalendarSummary>> {
  return runCommand(db, actor, async (trx) => {
    const calendar = await getCalendar(trx, calendarId);
    if (!calendar) return { result: refused(NO_CALENDAR) };
    const freed = await trx
      .deleteFrom("consultantBusyIntervals")
      .where("calendarId", "=", calendarId)
      .executeTakeFirst();
    await trx.deleteFrom("consultantCalendars").where("id", "=", calendarId).execute();
    if (Number(freed.numDeletedRows) > 0) await bumpAvailabilityVersion(trx);
    return {
      result: done(calendar),
      audit: {
        action: "delete",
        entityType: "consultant",
        entityId: calendar.consultantId,
        summary: `Removed the calendar "${calendar.label}"`,
      },
    };
  });
}
