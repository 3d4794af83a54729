import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { purgeOldActivity } from "./activity-retention.server";

/*
 * The activity log is kept at least a year (Rules 2025 r.6(1)(e), r.8(3); decision 0063): the
 * Settings period, never less than 365 days, even when a stored setting says less.
 */

const NOW = new Date("2027-06-01T00:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

describe.each(DIALECTS)("the activity log's retention on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("auditLog").execute();
    for (const [id, age] of [
      ["a_100", 100],
      ["a_364", 364],
      ["a_366", 366],
      ["a_800", 800],
    ] as const) {
      await t.db
        .insertInto("auditLog")
        .values({
          id,
          actorId: null,
          actorName: "Asha",
          action: "update",
          entityType: "settings",
          entityId: null,
          summary: `Entry ${age} days old`,
          createdAt: daysAgo(age),
        })
        .execute();
    }
  });
  const left = async () =>
    (await t.db.selectFrom("auditLog").select("id").orderBy("id").execute()).map((r) => r.id);

  it("deletes entries older than 365 days by default, and records how many", async () => {
    await saveGeneralSettings(t.db, DEFAULT_GENERAL_SETTINGS);
    expect(await purgeOldActivity(t.db, NOW)).toBe(2);
    const ids = await left();
    expect(ids.filter((id) => id.startsWith("a_"))).toEqual(["a_100", "a_364"]);
    const record = await t.db
      .selectFrom("auditLog")
      .select(["actorName", "summary"])
      .where("entityType", "=", "activity")
      .executeTakeFirstOrThrow();
    expect(record).toEqual({
      actorName: "System",
      summary: "Deleted 2 activity entries older than 365 days (activity log period)",
    });
    // Nothing more is old enough: nothing deleted, nothing recorded.
    expect(await purgeOldActivity(t.db, NOW)).toBe(0);
  });

  it("keeps entries for the longer period Settings gives", async () => {
    await saveGeneralSettings(t.db, { ...DEFAULT_GENERAL_SETTINGS, activityLogRetentionDays: 730 });
    expect(await purgeOldActivity(t.db, NOW)).toBe(1);
    expect((await left()).filter((id) => id.startsWith("a_"))).toEqual(["a_100", "a_364", "a_366"]);
  });

  it("never keeps less than a year, whatever a stored setting says", async () => {
    // Written past the form's check, as an old or hand-edited settings row could be.
    await t.db
      .updateTable("settings")
      .set({
        value: JSON.stringify({ ...DEFAULT_GENERAL_SETTINGS, activityLogRetentionDays: 30 }),
      })
      .where("id", "=", "general")
      .execute();
    await purgeOldActivity(t.db, NOW);
    expect((await left()).filter((id) => id.startsWith("a_"))).toEqual(["a_100", "a_364"]);
  });
});
