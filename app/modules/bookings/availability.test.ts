import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { bookableDays, findFreeSlots } from "./availability.server";
import { bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  NOW,
  TUESDAY_10_IST,
  TUESDAY_11_IST,
  TUESDAY_1030_IST,
} from "./booking-fixtures";
import { dayRangeIn, formatInZone, groupByLocalDay } from "./booking-time";
import { addExtraHours, blockDate, updateBookingSettings } from "./consultant-commands.server";

/*
 * Free slots: consultants' IST hours turned into UTC instants, and read back in the visitor's
 * zone. The clock is Monday 2 March 2026, 05:30 IST (booking-fixtures.ts).
 */

const LOS_ANGELES = "America/Los_Angeles";
const TOKYO = "Asia/Tokyo";
const DAY = 24 * 60 * 60 * 1000;
const starts = (slots: Array<{ startsAt: string }>) => slots.map((slot) => slot.startsAt);

describe.each(DIALECTS)("free consultation slots, on %s", (dialect) => {
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

  const tuesday = () => findFreeSlots(t.db, { ...dayRangeUtc("2026-03-03"), now: NOW });
  const dayRangeUtc = (date: string) => dayRangeIn(date, "Asia/Kolkata");

  it("cuts weekday hours 10:00-18:00 IST into 30-minute slots, as UTC instants", async () => {
    await consultantFixture(t.db);
    const slots = await tuesday();
    expect(slots).toHaveLength(16);
    expect(slots[0]).toMatchObject({ startsAt: TUESDAY_10_IST, endsAt: TUESDAY_1030_IST });
    expect(slots.at(-1)?.startsAt).toBe("2026-03-03T12:00:00.000Z"); // 17:30 IST
  });

  it("shows a visitor in Los Angeles one IST day over two of their days, midnight between", async () => {
    await consultantFixture(t.db);
    const slots = await tuesday();
    const days = groupByLocalDay(slots, LOS_ANGELES);
    // 10:00 IST Tuesday is 20:30 on Monday evening in Los Angeles (PST, UTC-8).
    expect(days.map((day) => [day.date, day.items.length])).toEqual([
      ["2026-03-02", 7],
      ["2026-03-03", 9],
    ]);
    expect(formatInZone(TUESDAY_10_IST, LOS_ANGELES)).toBe(
      "Mon 2 Mar 2026, 8:30 pm (America/Los_Angeles)",
    );
    expect(formatInZone(days[1]?.items[0]?.startsAt ?? "", LOS_ANGELES)).toBe(
      "Tue 3 Mar 2026, 12:00 am (America/Los_Angeles)",
    );
  });

  it("answers a Los Angeles day with slots from two IST dates, and a blocked date offers none", async () => {
    const { consultant, actor } = await consultantFixture(t.db);
    const losAngelesTuesday = dayRangeIn("2026-03-03", LOS_ANGELES);
    const both = await findFreeSlots(t.db, { ...losAngelesTuesday, now: NOW });
    // 13:30-17:30 IST on Tuesday, then 10:00-13:00 IST on Wednesday.
    expect(both).toHaveLength(16);
    expect(both[0]?.startsAt).toBe("2026-03-03T08:00:00.000Z");
    expect(both.at(-1)?.startsAt).toBe("2026-03-04T07:30:00.000Z");

    const blocked = await blockDate(t.db, actor, consultant.id, {
      date: "2026-03-04",
      note: "Holi",
    });
    expect(blocked).toEqual({ ok: true, value: { bookingsThatDay: 0 } });
    const afterBlock = await findFreeSlots(t.db, { ...losAngelesTuesday, now: NOW });
    expect(afterBlock).toHaveLength(9);
    expect(afterBlock.every((slot) => slot.startsAt < "2026-03-03T18:30:00.000Z")).toBe(true);
    const wednesday = await findFreeSlots(t.db, { ...dayRangeUtc("2026-03-04"), now: NOW });
    expect(wednesday).toEqual([]);
  });

  it("shows a visitor in Tokyo the same slots on their own afternoon", async () => {
    await consultantFixture(t.db);
    const days = groupByLocalDay(await tuesday(), TOKYO);
    expect(days.map((day) => day.date)).toEqual(["2026-03-03"]);
    expect(formatInZone(TUESDAY_10_IST, TOKYO)).toBe("Tue 3 Mar 2026, 1:30 pm (Asia/Tokyo)");
  });

  it("keeps a Los Angeles day right across the change to daylight saving (23 hours)", async () => {
    const { from, to } = dayRangeIn("2026-03-08", LOS_ANGELES);
    expect(to.getTime() - from.getTime()).toBe(23 * 60 * 60 * 1000);
    expect(from.toISOString()).toBe("2026-03-08T08:00:00.000Z");
  });

  it("offers nothing sooner than the minimum notice or beyond the booking window", async () => {
    await consultantFixture(t.db);
    const all = await findFreeSlots(t.db, {
      from: NOW,
      to: new Date(NOW.getTime() + 60 * DAY),
      now: NOW,
    });
    // 12 hours' notice from 05:30 IST Monday: 17:30 IST Monday is the first.
    expect(all[0]?.startsAt).toBe("2026-03-02T12:00:00.000Z");
    // 30 days ahead ends at 05:30 IST on Wednesday 1 April: Tuesday 31 March 17:30 is the last.
    expect(all.at(-1)?.startsAt).toBe("2026-03-31T12:00:00.000Z");

    await updateBookingSettings(t.db, SYSTEM_ACTOR, {
      bufferMinutes: 15,
      minimumNoticeHours: 0,
      horizonDays: 7,
    });
    const sooner = await findFreeSlots(t.db, {
      from: NOW,
      to: new Date(NOW.getTime() + 60 * DAY),
      now: NOW,
    });
    expect(sooner[0]?.startsAt).toBe("2026-03-02T04:30:00.000Z"); // 10:00 IST Monday
    expect(sooner.at(-1)?.startsAt).toBe("2026-03-06T12:00:00.000Z"); // Friday 17:30 IST
  });

  it("keeps the buffer after each booking", async () => {
    await consultantFixture(t.db);
    const booked = await bookConsultation(t.db, bookingRequest(TUESDAY_10_IST), bookingContext());
    expect(booked.status).toBe("booked");
    // A 15-minute buffer: 10:30 would start 0 minutes after the meeting ends; 11:00 is next.
    expect(starts(await tuesday()).slice(0, 2)).toEqual([
      TUESDAY_11_IST,
      "2026-03-03T06:00:00.000Z",
    ]);

    await updateBookingSettings(t.db, SYSTEM_ACTOR, {
      bufferMinutes: 0,
      minimumNoticeHours: 12,
      horizonDays: 30,
    });
    expect(starts(await tuesday())[0]).toBe(TUESDAY_1030_IST);
  });

  it("stops offering a consultant's day at their daily limit", async () => {
    await consultantFixture(t.db, { dailyLimit: 2 });
    for (const at of [TUESDAY_10_IST, TUESDAY_11_IST]) {
      expect((await bookConsultation(t.db, bookingRequest(at), bookingContext())).status).toBe(
        "booked",
      );
    }
    expect(await tuesday()).toEqual([]);
    const wednesday = await findFreeSlots(t.db, { ...dayRangeUtc("2026-03-04"), now: NOW });
    expect(wednesday).toHaveLength(16);
  });

  it("adds one-off extra hours, also on a day without weekly hours", async () => {
    const { consultant, actor } = await consultantFixture(t.db);
    const saturday = dayRangeUtc("2026-03-07");
    expect(await findFreeSlots(t.db, { ...saturday, now: NOW })).toEqual([]);
    const added = await addExtraHours(t.db, actor, consultant.id, {
      date: "2026-03-07",
      start: "09:00",
      end: "10:00",
    });
    expect(added.ok).toBe(true);
    expect(starts(await findFreeSlots(t.db, { ...saturday, now: NOW }))).toEqual([
      "2026-03-07T03:30:00.000Z",
      "2026-03-07T04:00:00.000Z",
    ]);
  });

  it("merges consultants: each slot lists who is free, the least busy that day first", async () => {
    const first = await consultantFixture(t.db, { name: "Meera" });
    const second = await consultantFixture(t.db, {
      name: "Arjun",
      hours: [{ weekday: 2, start: "14:00", end: "20:00" }],
    });
    const slots = await tuesday();
    // Meera 10:00-18:00, Arjun 14:00-20:00: 10:00-19:30 starts, 20 in all.
    expect(slots).toHaveLength(20);
    const twoPm = slots.find((slot) => slot.startsAt === "2026-03-03T08:30:00.000Z");
    expect(twoPm?.consultantIds).toEqual([first.consultant.id, second.consultant.id]);

    const booked = await bookConsultation(t.db, bookingRequest(TUESDAY_10_IST), bookingContext());
    expect(booked.status === "booked" && booked.booking.consultantId).toBe(first.consultant.id);
    const after = (await tuesday()).find((slot) => slot.startsAt === "2026-03-03T08:30:00.000Z");
    expect(after?.consultantIds).toEqual([second.consultant.id, first.consultant.id]);
  });

  it("lists the bookable days in the visitor's zone", async () => {
    await consultantFixture(t.db);
    const days = await bookableDays(t.db, LOS_ANGELES, NOW);
    // Monday 17:30 IST is Monday 4:00 am in Los Angeles; the window ends on 31 March.
    expect(days[0]?.date).toBe("2026-03-02");
    expect(days[0]?.slots[0]?.startsAt).toBe("2026-03-02T12:00:00.000Z");
    expect(days.at(-1)?.date).toBe("2026-03-31");
  });
});
