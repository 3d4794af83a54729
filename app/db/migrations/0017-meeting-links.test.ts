import { afterEach, describe, expect, it } from "vitest";
import {
  DIALECTS,
  databaseMigratedTo,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { meetingLinks } from "./0017-meeting-links";

/* Migration 0017 adds the meeting rooms' tables on an existing install and takes them away. */

describe.each(DIALECTS)("migration 0017 on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("adds the consultants' rooms and the bookings' room secrets, and removes them again", async () => {
    database = await databaseMigratedTo(dialect, "0015-sample-guides");
    const { db } = database;

    await meetingLinks.up(db as never);
    await db
      .insertInto("consultantMeetingRooms")
      .values({
        consultantId: "cns_1",
        url: "https://meet.google.com/abc-defg-hij",
        updatedAt: "x",
      })
      .execute();
    await db
      .insertInto("bookingMeetingRooms")
      .values({ bookingId: "bk_1", roomSecret: "s" })
      .execute();
    // One room per booking: a second secret for the same booking is refused by the key.
    await expect(
      db.insertInto("bookingMeetingRooms").values({ bookingId: "bk_1", roomSecret: "t" }).execute(),
    ).rejects.toThrow();
    expect(await db.selectFrom("consultantMeetingRooms").select("url").execute()).toEqual([
      { url: "https://meet.google.com/abc-defg-hij" },
    ]);

    if (!meetingLinks.down) throw new Error("0017 has no down step");
    await meetingLinks.down(db as never);
    await expect(db.selectFrom("bookingMeetingRooms").selectAll().execute()).rejects.toThrow();
  });
});
