import type { DB } from "~/db/client.server";
import { inTransaction } from "~/db/transaction.server";
import { bumpAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { type CalendarWriter, COPY_UID_PREFIX, writeBookingCopies } from "./booking-copies.server";
import { type BusyInterval, busyTimesOf, joined } from "./busy-times";
import { openSecret } from "./calendar-secrets.server";
import { CalendarReadError, type CalendarReader, readCalendar } from "./calendar-sources.server";
import {
  getCalendar,
  replaceBusyTimes,
  sealedSecretOf,
  storedBusyTimes,
} from "./calendar-store.server";

/*
 * One sync of one calendar (decision 0048). A calendar is synced by one instance at a time: the
 * instance first takes the row's lease (an update that only succeeds when no unexpired lease is
 * there), reads the calendar outside any transaction (it may take seconds), then stores the busy
 * times, the sync's outcome and the lease's release in one transaction, raising the availability
 * version only when the busy times changed. A failure keeps the busy times of the last good sync
 * (booking goes on with what was known) and records why, for the admin page.
 */

/** How often a calendar is read: with the job's one-minute tick, a change shows within 5 minutes. */
export const SYNC_EVERY_MS = 3 * 60 * 1000;
/** Longer than a read can take (30 s a request): a crashed instance's lease runs out. */
export const LEASE_MS = 5 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
/** Past the longest booking window (365 days), and the day before today for late-night slots. */
const WINDOW_BEFORE = DAY;
const WINDOW_AFTER = 367 * DAY;

export interface SyncOptions {
  /** The key from AUTH_SECRET (calendarKey). */
  key: Buffer;
  /** Who holds the lease: one id per running job. */
  owner: string;
  now?: Date;
  reader?: CalendarReader;
  writer?: CalendarWriter;
}

export type SyncOutcome =
  | { status: "synced"; changed: boolean; busyTimes: number }
  | { status: "failed"; error: string }
  | { status: "skipped" };

const sameTimes = (a: BusyInterval[], b: BusyInterval[]) =>
  a.length === b.length &&
  a.every((x, i) => x.startsAt === b[i]?.startsAt && x.endsAt === b[i]?.endsAt);

/** Takes the calendar's lease for `owner`; false when another instance holds it. */
async function takeLease(db: DB, id: string, owner: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("consultantCalendars")
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a failure tells staff: never a credential, never the secret address. */
function messageOf(error: unknown): string {
  if (error instanceof CalendarReadError) return error.message;
  if (
    error instanceof Error &&
    /unsupported state or unable to authenticate/i.test(error.message)
  ) {
    return "The saved credentials can no longer be read (was AUTH_SECRET changed?). Replace them.";
  }
  return "The calendar's events could not be read as iCalendar data.";
}

export async function syncCalendar(db: DB, id: string, options: SyncOptions): Promise<SyncOutcome> {
  const now = options.now ?? new Date();
  if (!(await takeLease(db, id, options.owner, now))) return { status: "skipped" };
  const calendar = await getCalendar(db, id);
  const sealed = await sealedSecretOf(db, id);
  if (!calendar || sealed === undefined) return { status: "skipped" };

  let busy: BusyInterval[];
  let writeError: string | null = null;
  try {
    const secret = openSecret(options.key, sealed);
    const source =
      calendar.kind === "ics"
        ? { kind: calendar.kind, url: secret, username: "", password: "" }
        : {
            kind: calendar.kind,
            url: calendar.address,
            username: calendar.username,
            password: secret,
          };
    const from = new Date(now.getTime() - WINDOW_BEFORE);
    const to = new Date(now.getTime() + WINDOW_AFTER);
    const texts = await (options.reader ?? readCalendar)(source, { from, to });
    busy = joined(
      texts
        .flatMap((text) => busyTimesOf(text, from, to, (uid) => uid.startsWith(COPY_UID_PREFIX)))
        .map((i): [number, number] => [Date.parse(i.startsAt), Date.parse(i.endsAt)]),
    );
    if (calendar.kind === "caldav" && calendar.writeBookings) {
      // The busy times read stand even when writing the bookings in fails.
      await writeBookingCopies(db, calendar, source, { now, writer: options.writer }).catch(
        (error: unknown) => {
          writeError = `The busy times were read, but the bookings could not be written into the calendar: ${messageOf(error)}`;
        },
      );
    }
  } catch (error) {
    const message = messageOf(error);
    await db
      .updateTable("consultantCalendars")
      .set({
        lastAttemptAt: now.toISOString(),
        lastError: message,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where("id", "=", id)
      .where("leaseOwner", "=", options.owner)
      .execute();
    return { status: "failed", error: message };
  }

  return inTransaction(db, async (trx) => {
    // Still ours (not removed, and no other instance took over a lease that ran out)?
    const held = await trx
      .updateTable("consultantCalendars")
      .set({
        lastAttemptAt: now.toISOString(),
        lastSyncedAt: now.toISOString(),
        lastError: writeError,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where("id", "=", id)
      .where("leaseOwner", "=", options.owner)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) return { status: "skipped" } as const;
    const changed = !sameTimes(await storedBusyTimes(trx, id), busy);
    if (changed) {
      await replaceBusyTimes(trx, calendar, busy);
      // /book is cached per availability version: its free times just changed.
      await bumpAvailabilityVersion(trx);
    }
    return { status: "synced", changed, busyTimes: busy.length } as const;
  });
}

/** The calendars whose last attempt is older than SYNC_EVERY_MS (or that never had one). */
export async function dueCalendarIds(db: DB, now: Date): Promise<string[]> {
  const before = new Date(now.getTime() - SYNC_EVERY_MS).toISOString();
  const rows = await db
    .selectFrom("consultantCalendars")
    .select("id")
    .where((eb) => eb.or([eb("lastAttemptAt", "is", null), eb("lastAttemptAt", "<=", before)]))
    .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now.toISOString())]))
    .orderBy("lastAttemptAt")
    .execute();
  return rows.map((row) => row.id);
}

/** Syncs every due calendar, one after another; returns each one's outcome. */
export async function syncDueCalendars(
  db: DB,
  options: SyncOptions,
): Promise<Array<{ id: string; outcome: SyncOutcome }>> {
  const now = options.now ?? new Date();
  const outcomes: Array<{ id: string; outcome: SyncOutcome }> = [];
  for (const id of await dueCalendarIds(db, now)) {
    outcomes.push({ id, outcome: await syncCalendar(db, id, options) });
  }
  return outcomes;
}
