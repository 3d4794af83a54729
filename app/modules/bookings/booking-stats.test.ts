import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { cancelBooking, setBookingOutcome } from "./booking-changes.server";
import { bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  TUESDAY_10_IST,
  TUESDAY_11_IST,
} from "./booking-fixtures";
import { attendanceRates } from "./booking-stats";
import { getBookingStats } from "./booking-stats.server";

/* The dashboard's booking figures: per IST week, attendance of the meetings marked, by consultant. */

const WEDNESDAY_10_IST = "2026-03-04T04:30:00.000Z";
const THURSDAY = new Date("2026-03-05T06:00:00.000Z");

describe.each(DIALECTS)("booking figures for the dashboard, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
  });

  const book = async (startsAt: string) => {
    const outcome = await bookConsultation(t.db, bookingRequest(startsAt), bookingContext());
    if (outcome.status !== "booked") throw new Error(outcome.status);
    return outcome.booking;
  };

  it("counts meetings per week, the held and no-show rates, and each consultant's meetings", async () => {
    await consultantFixture(t.db, { name: "Meera Rao" });
    const held = await book(TUESDAY_10_IST);
    const missed = await book(TUESDAY_11_IST);
    const cancelled = await book(WEDNESDAY_10_IST);
    const unmarked = await book("2026-03-04T05:30:00.000Z");
    await setBookingOutcome(
      t.db,
      SYSTEM_ACTOR,
      { bookingId: held.id, outcome: "completed" },
      THURSDAY,
    );
    await setBookingOutcome(
      t.db,
      SYSTEM_ACTOR,
      { bookingId: missed.id, outcome: "no_show" },
      THURSDAY,
    );
    await cancelBooking(t.db, SYSTEM_ACTOR, cancelled.id, bookingContext());
    expect(unmarked.status).toBe("booked");

    const stats = await getBookingStats(t.db, THURSDAY);
    expect(stats.weeks).toHaveLength(8);
    expect(stats.weeks.at(-1)).toEqual({
      weekStart: "2026-03-02",
      meetings: 3,
      held: 1,
      noShow: 1,
      cancelled: 1,
    });
    expect(stats.weeks[0]?.weekStart).toBe("2026-01-12");
    expect(stats.weeks.slice(0, -1).every((week) => week.meetings === 0)).toBe(true);
    expect(stats.past).toEqual({ total: 3, held: 1, noShow: 1, unmarked: 1 });
    expect(attendanceRates(stats.past)).toEqual({ marked: 2, held: 50, noShow: 50 });
    expect(stats.consultants).toEqual([
      expect.objectContaining({ name: "Meera Rao", meetings: 3, held: 1, noShow: 1 }),
    ]);
  });

  it("shows no rate before any meeting is marked", async () => {
    const stats = await getBookingStats(t.db, THURSDAY);
    expect(stats.past.total).toBe(0);
    expect(attendanceRates(stats.past)).toBeNull();
    expect(stats.consultants).toEqual([]);
  });
});
