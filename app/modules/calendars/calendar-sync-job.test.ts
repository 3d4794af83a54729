import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearBookings, consultantFixture, NOW } from "~/modules/bookings/booking-fixtures";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { addCalendar } from "./calendar-commands.server";
import { calendarKey } from "./calendar-secrets.server";
import type { CalendarReader } from "./calendar-sources.server";
import { SYNC_EVERY_MS } from "./calendar-sync.server";
import { startCalendarSyncJob } from "./calendar-sync-job.server";

/*
 * The sync job's schedule with a clock the test moves: a calendar is read by the first run, not
 * again until it is due, and two instances' jobs running at once read it once. The calendar's
 * text comes from a reader of the test's own (the reading itself is tested against radicale in
 * calendar-sync.test.ts).
 */

const AUTH_SECRET = "test-auth-secret-for-calendar-job-0123456789";
const NEVER = 24 * 60 * 60 * 1000;

const EVENT = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//test//EN",
  "BEGIN:VEVENT",
  "UID:busy",
  "DTSTAMP:20260301T000000Z",
  "DTSTART:20260303T053000Z",
  "DTEND:20260303T063000Z",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

describe.each(DIALECTS)("the calendar sync job, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("consultantBusyIntervals").execute();
    await t.db.deleteFrom("consultantCalendars").execute();
    await clearBookings(t.db);
  });

  it("reads a new calendar on its next run, and again only once it is due", async () => {
    const { consultant } = await consultantFixture(t.db);
    await addCalendar(t.db, SYSTEM_ACTOR, calendarKey(AUTH_SECRET), {
      kind: "ics",
      consultantId: consultant.id,
      label: "Google",
      secretAddress: "https://calendar.example.com/private/basic.ics",
    });
    let clock = NOW;
    const reads: string[] = [];
    const reader: CalendarReader = async (source) => {
      reads.push(source.url);
      return [EVENT];
    };
    const job = startCalendarSyncJob(t.db, AUTH_SECRET, {
      firstRunMs: NEVER,
      intervalMs: NEVER,
      now: () => clock,
      reader,
    });
    try {
      await job.runNow();
      // The secret address was opened with the key derived from AUTH_SECRET.
      expect(reads).toEqual(["https://calendar.example.com/private/basic.ics"]);
      expect(
        await t.db.selectFrom("consultantBusyIntervals").select(["startsAt", "endsAt"]).execute(),
      ).toEqual([{ startsAt: "2026-03-03T05:30:00.000Z", endsAt: "2026-03-03T06:30:00.000Z" }]);

      clock = new Date(NOW.getTime() + SYNC_EVERY_MS - 1);
      await job.runNow();
      expect(reads).toHaveLength(1);

      clock = new Date(NOW.getTime() + SYNC_EVERY_MS);
      await job.runNow();
      expect(reads).toHaveLength(2);
    } finally {
      await job.stop();
    }
  });

  it("reads a calendar once when two instances' jobs run at the same moment", async () => {
    const { consultant } = await consultantFixture(t.db);
    await addCalendar(t.db, SYSTEM_ACTOR, calendarKey(AUTH_SECRET), {
      kind: "ics",
      consultantId: consultant.id,
      label: "Outlook",
      secretAddress: "https://outlook.example.com/owa/calendar/secret/calendar.ics",
    });
    let reads = 0;
    const reader: CalendarReader = async () => {
      reads += 1;
      return [EVENT];
    };
    const options = { firstRunMs: NEVER, intervalMs: NEVER, now: () => NOW, reader };
    const jobs = [
      startCalendarSyncJob(t.db, AUTH_SECRET, options),
      startCalendarSyncJob(t.db, AUTH_SECRET, options),
    ];
    try {
      await Promise.all(jobs.map((job) => job.runNow()));
      expect(reads).toBe(1);
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
  });
});
