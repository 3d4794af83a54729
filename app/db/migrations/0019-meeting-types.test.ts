import { afterEach, describe, expect, it } from "vitest";
import { migratorFor } from "~/db/migrate.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { DEFAULT_MEETING_TYPE_ID, meetingTypes } from "./0019-meeting-types";

/*
 * Migration 0019 seeds the free consultation as the first meeting type, gives existing bookings
 * to it, and takes it all away again.
 */

describe.each(DIALECTS)("migration 0019 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("seeds the free consultation, gives it the existing bookings, and removes it again", async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const db = database.db as never as import("kysely").Kysely<
      Record<string, Record<string, unknown>>
    >;
    const migrator = await migratorFor(db);
    expect((await migrator.migrateTo("0018-consultant-calendars")).error).toBeUndefined();
    await db
      .insertInto("bookings")
      .values({
        id: "bkg_old",
        consultantId: "cns_1",
        startsAt: "2026-03-02T04:30:00.000Z",
        endsAt: "2026-03-02T05:00:00.000Z",
        visitorName: "Asha",
        visitorEmail: "asha@example.com",
        visitorCompany: "Acme",
        visitorPhone: "",
        visitorTimeZone: "Asia/Kolkata",
        status: "booked",
        enquiryId: "enq_1",
        icsUid: "bkg_old@example.com",
        icsSequence: 0,
        manageLinkVersion: 1,
        createdAt: "2026-03-01T00:00:00.000Z",
        updatedAt: "2026-03-01T00:00:00.000Z",
      })
      .execute();

    await meetingTypes.up(db as never);
    const types = await db.selectFrom("meetingTypes").selectAll().execute();
    expect(types).toHaveLength(1);
    expect(types[0]).toMatchObject({
      id: DEFAULT_MEETING_TYPE_ID,
      slug: "free-consultation",
      lengthMinutes: 30,
      bufferAfterMinutes: null,
      minimumNoticeHours: null,
      horizonDays: null,
      dailyCap: null,
      feeNote: "",
    });
    expect(Boolean(types[0]?.active)).toBe(true);
    expect(await db.selectFrom("bookings").select(["id", "meetingTypeId"]).execute()).toEqual([
      { id: "bkg_old", meetingTypeId: DEFAULT_MEETING_TYPE_ID },
    ]);
    // One rule row per service and consultant.
    await db
      .insertInto("bookingRoutingRules")
      .values({ service: "equity", consultantId: "c" })
      .execute();
    await expect(
      db
        .insertInto("bookingRoutingRules")
        .values({ service: "equity", consultantId: "c" })
        .execute(),
    ).rejects.toThrow();

    if (!meetingTypes.down) throw new Error("0019 has no down step");
    await meetingTypes.down(db as never);
    await expect(db.selectFrom("meetingTypes").selectAll().execute()).rejects.toThrow();
    expect(await db.selectFrom("bookings").selectAll().execute()).toHaveLength(1);
  });
});
