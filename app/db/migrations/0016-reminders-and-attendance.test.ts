import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import {
  DIALECTS,
  databaseMigratedTo,
  type TestDatabase,
} from "../../../tests/support/test-database";

describe.each(DIALECTS)("migration 0016 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("gives saved booking settings the default reminders and cut-off, and one claim per reminder", async () => {
    database = await databaseMigratedTo(dialect, "0015-sample-guides");
    const { db } = database;
    const raw = db as unknown as import("kysely").Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto("bookingSettings")
      .values({
        id: "default",
        bufferMinutes: 10,
        minimumNoticeHours: 6,
        horizonDays: 14,
        updatedAt: "2026-11-01T10:00:00.000Z",
      })
      .execute();

    await migrateToLatest(db);

    expect(
      await db
        .selectFrom("bookingSettings")
        .select(["bufferMinutes", "reminderMinutes", "visitorCutoffHours"])
        .execute(),
    ).toEqual([{ bufferMinutes: 10, reminderMinutes: "1440,60", visitorCutoffHours: 4 }]);
    const claim = {
      bookingId: "bkg_1",
      offsetMinutes: 60,
      bookingVersion: 0,
      outcome: "sent",
      claimedAt: "2026-11-01T10:00:00.000Z",
    };
    await db.insertInto("bookingReminders").values(claim).execute();
    // A moved booking (version 1) has reminders of its own.
    await db
      .insertInto("bookingReminders")
      .values({ ...claim, bookingVersion: 1 })
      .execute();
    await expect(db.insertInto("bookingReminders").values(claim).execute()).rejects.toThrow();
  });
});
