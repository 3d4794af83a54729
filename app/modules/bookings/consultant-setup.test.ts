import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { createFirstAdmin } from "~/modules/setup/setup-token.server";
import { insertStaffAccount } from "~/modules/staff/staff.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { findFreeSlots } from "./availability.server";
import { bookingSettingsSchema, extraHoursSchema, weekScheduleSchema } from "./booking.schema";
import { clearBookings, NOW } from "./booking-fixtures";
import { dayRangeIn } from "./booking-time";
import {
  addConsultant,
  setWeeklyHours,
  updateConsultantDetails,
} from "./consultant-commands.server";
import { getAvailability, listConsultants } from "./consultants.server";
import { ensureFirstConsultant } from "./first-consultant.server";

/*
 * Consultant setup: a fresh install's first admin is bookable at once; staff set hours with
 * per-field messages; a consultant who stops taking bookings offers no slots.
 */

const tuesday = () => ({ ...dayRangeIn("2026-03-03", "Asia/Kolkata"), now: NOW });

describe("the consultant setup's messages", () => {
  it("says which field is wrong", () => {
    const overlap = weekScheduleSchema.safeParse([
      { weekday: 1, start: "10:00", end: "13:00" },
      { weekday: 1, start: "12:00", end: "18:00" },
    ]);
    expect(overlap.success).toBe(false);
    expect(overlap.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["1.start", "Overlaps other hours on Monday"],
    ]);
    const short = extraHoursSchema.safeParse({ date: "2026-02-30", start: "10:07", end: "10:15" });
    expect(short.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["date", "Enter a real calendar date"],
      ["start", "Start time must be on a 5-minute mark"],
      ["end", "End time must be at least 30 minutes after the start time"],
    ]);
    const backwards = extraHoursSchema.safeParse({
      date: "2026-03-07",
      start: "10:00",
      end: "10:15",
    });
    expect(backwards.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["end", "End time must be at least 30 minutes after the start time"],
    ]);
    const settings = bookingSettingsSchema.safeParse({
      bufferMinutes: "7",
      minimumNoticeHours: "twelve",
      horizonDays: "0",
    });
    expect(settings.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["bufferMinutes", "Buffer must be a multiple of 5 minutes"],
      ["minimumNoticeHours", "Minimum notice must be a number"],
      ["horizonDays", "Booking window must be at least 1"],
    ]);
  });
});

describe.each(DIALECTS)("consultants, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
    await t.db.deleteFrom("account").execute();
    await t.db.deleteFrom("user").execute();
  });

  it("makes the first admin a consultant with weekday hours 10:00-18:00 IST", async () => {
    const admin = await createFirstAdmin(t.db, {
      username: "priya",
      email: "priya@example.in",
      name: "Priya Sharma",
      password: "mango tractor lantern 42",
    });
    const [consultant, ...others] = await listConsultants(t.db);
    expect(others).toEqual([]);
    expect(consultant).toMatchObject({
      userId: admin?.id,
      displayName: "Priya Sharma",
      bookable: true,
    });
    expect((await getAvailability(t.db, consultant?.id ?? "")).weeklyHours).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "10:00", end: "18:00" })),
    );
    expect(await findFreeSlots(t.db, tuesday())).toHaveLength(16);
    // Nothing more at the next start.
    expect(await ensureFirstConsultant(t.db)).toBe(false);
  });

  it("gives an install whose admin predates bookings its first consultant at start, once", async () => {
    await insertStaffAccount(t.db, {
      name: "Old Admin",
      username: "oldadmin",
      email: "old@example.in",
      role: "admin",
      passwordHash: "not-a-hash",
    });
    expect(await findFreeSlots(t.db, tuesday())).toEqual([]);
    expect(await ensureFirstConsultant(t.db)).toBe(true);
    expect(await ensureFirstConsultant(t.db)).toBe(false);
    expect(await listConsultants(t.db)).toHaveLength(1);
    expect(await findFreeSlots(t.db, tuesday())).toHaveLength(16);
  });

  it("refuses to make one account a consultant twice, and a paused consultant offers nothing", async () => {
    const userId = await insertStaffAccount(t.db, {
      name: "Ravi",
      username: "ravi",
      email: "ravi@example.in",
      role: "editor",
      passwordHash: "not-a-hash",
    });
    const input = { userId, displayName: "Ravi K", dailyLimit: 4, active: true };
    const added = await addConsultant(t.db, SYSTEM_ACTOR, input);
    if (!added.ok) throw new Error(added.error);
    expect(await addConsultant(t.db, SYSTEM_ACTOR, input)).toEqual({
      ok: false,
      error: "This staff member is a consultant already",
      field: "userId",
    });
    await setWeeklyHours(t.db, SYSTEM_ACTOR, added.value.id, [
      { weekday: 2, start: "09:00", end: "12:00" },
    ]);
    expect(await findFreeSlots(t.db, tuesday())).toHaveLength(6);
    await updateConsultantDetails(t.db, SYSTEM_ACTOR, added.value.id, {
      displayName: "Ravi K",
      dailyLimit: 4,
      active: false,
    });
    expect(await findFreeSlots(t.db, tuesday())).toEqual([]);
    const summaries = (await t.db.selectFrom("auditLog").select("summary").execute()).map(
      (row) => row.summary,
    );
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Made Ravi a consultant as "Ravi K"',
        "Set the weekly hours of Ravi K (IST): Tue 09:00-12:00",
      ]),
    );
  });
});
