import { afterEach, describe, expect, it } from "vitest";
import { migratorFor } from "~/db/migrate.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";

describe.each(DIALECTS)("migration 0018 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("adds consultants' calendars and their busy times, and takes them away again", async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const { db } = database;
    const migrator = await migratorFor(db);
    expect((await migrator.migrateTo("0018-consultant-calendars")).error).toBeUndefined();

    const now = "2026-11-26T10:00:00.000Z";
    await db
      .insertInto("consultants")
      .values({
        id: "c1",
        userId: "u1",
        displayName: "Asha",
        active: true,
        dailyLimit: 8,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto("consultantCalendars")
      .values({
        id: "cal1",
        consultantId: "c1",
        kind: "caldav",
        label: "Work",
        address: "https://dav.example.in/asha/work/",
        username: "asha",
        secret: "v1.sealed",
        createdAt: now,
        lastAttemptAt: null,
        lastSyncedAt: null,
        lastError: null,
        leaseOwner: null,
        leaseUntil: null,
      })
      .execute();
    await db
      .insertInto("consultantBusyIntervals")
      .values({ calendarId: "cal1", consultantId: "c1", startsAt: now, endsAt: now })
      .execute();
    await db
      .insertInto("calendarBookingCopies")
      .values({ calendarId: "cal1", bookingId: "b1", sequence: 0 })
      .execute();
    const [calendar] = await db.selectFrom("consultantCalendars").select("writeBookings").execute();
    expect(Boolean(calendar?.writeBookings)).toBe(false);
    expect(await db.selectFrom("consultantBusyIntervals").select("calendarId").execute()).toEqual([
      { calendarId: "cal1" },
    ]);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain("consultantCalendars");
    expect(tables).not.toContain("consultantBusyIntervals");
    expect(tables).not.toContain("calendarBookingCopies");
    expect(tables).toContain("consultants");
  });
});
