import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { readAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { findFreeSlots } from "./availability.server";
import { bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  NOW,
  TUESDAY_10_IST,
} from "./booking-fixtures";
import { getBookingStats } from "./booking-stats.server";
import { dayRangeIn, instantOf } from "./booking-time";
import { blockDate } from "./consultant-commands.server";
import { saveMeetingTypeAs, saveRoutingRuleAs } from "./meeting-type-commands.server";
import { DEFAULT_MEETING_TYPE_ID, type MeetingTypeInput } from "./meeting-types";
import { meetingTypeBySlug } from "./meeting-types.server";

/*
 * Meeting types and routing (decision 0050): a type's length, buffers either side, notice,
 * window, daily cap and consultants shape its free times, and the database's guards hold them
 * when booking; a visitor's service interest routes the booking to the consultants who cover it,
 * the one with the fewest bookings to come first. The clock is Monday 2 March 2026, 05:30 IST.
 */

const ist = (date: string, time: string) => instantOf(date, time).toISOString();
const WEDNESDAY = "2026-03-04";
const starts = (slots: Array<{ startsAt: string }>) => slots.map((slot) => slot.startsAt);
const clock = (slots: Array<{ startsAt: string }>) =>
  starts(slots).map((at) =>
    new Date(at).toLocaleTimeString("en-GB", {
      timeZone: "Asia/Kolkata",
      hour: "2-digit",
      minute: "2-digit",
    }),
  );

const STRATEGY_CALL: MeetingTypeInput = {
  title: "Strategy call",
  slug: "strategy-call",
  description: "An hour on your pay strategy.",
  lengthMinutes: 60,
  bufferBeforeMinutes: 15,
  bufferAfterMinutes: 15,
  minimumNoticeHours: 48,
  horizonDays: 3,
  dailyCap: null,
  feeNote: "₹15,000 + GST, invoiced after the call",
  active: true,
  sortOrder: 1,
  consultantIds: [],
};

async function resetTypes(db: DB) {
  await db.deleteFrom("meetingTypeConsultants").execute();
  await db.deleteFrom("bookingRoutingRules").execute();
  await db.deleteFrom("meetingTypes").where("id", "!=", DEFAULT_MEETING_TYPE_ID).execute();
  await db
    .updateTable("meetingTypes")
    .set({ active: true, dailyCap: null, lengthMinutes: 30, bufferBeforeMinutes: 0 })
    .execute();
}

describe.each(DIALECTS)("meeting types and routing, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
    await resetTypes(t.db);
  });

  const addType = async (input: Partial<MeetingTypeInput> = {}) => {
    const saved = await saveMeetingTypeAs(t.db, SYSTEM_ACTOR, { ...STRATEGY_CALL, ...input });
    if (!saved.ok) throw new Error(saved.error);
    return saved.value.id;
  };
  const slotsOn = (date: string, query: { meetingTypeId?: string; service?: string } = {}) =>
    findFreeSlots(t.db, { ...dayRangeIn(date, "Asia/Kolkata"), now: NOW, ...query });
  const book = (startsAt: string, overrides: Parameters<typeof bookingRequest>[1] = {}) =>
    bookConsultation(t.db, bookingRequest(startsAt, overrides), bookingContext());

  it("cuts a type's hours into meetings of its length, after its notice and within its window", async () => {
    await consultantFixture(t.db);
    const meetingTypeId = await addType();
    // 48 hours' notice from Monday 05:30 IST: nothing on Tuesday, Wednesday from 10:00.
    expect(await slotsOn("2026-03-03", { meetingTypeId })).toEqual([]);
    const wednesday = await slotsOn(WEDNESDAY, { meetingTypeId });
    expect(clock(wednesday)).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
    ]);
    expect(wednesday[0]?.endsAt).toBe(ist(WEDNESDAY, "11:00"));
    // A window of 3 days ends on Thursday 05:30 IST: no Thursday times.
    expect(await slotsOn("2026-03-05", { meetingTypeId })).toEqual([]);
    // The free consultation keeps the booking settings: Tuesday is open, in 30 minutes.
    const tuesday = await slotsOn("2026-03-03");
    expect(tuesday).toHaveLength(16);
    expect(tuesday[0]?.endsAt).toBe(ist("2026-03-03", "10:30"));
  });

  it("keeps each booking's own buffers either side, and the database refuses a clash", async () => {
    await consultantFixture(t.db);
    const meetingTypeId = await addType();
    // A free consultation at 12:00 holds 12:00-12:45 (15 minutes after, from the settings).
    const first = await book(ist(WEDNESDAY, "12:00"));
    expect(first.status).toBe("booked");
    // An hour's call with 15 minutes either side fits before 10:45 or from 12:45 on.
    expect(clock(await slotsOn(WEDNESDAY, { meetingTypeId }))).toEqual([
      "10:00",
      "10:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
    ]);
    const clash = await book(ist(WEDNESDAY, "11:00"), { meetingType: "strategy-call" });
    expect(clash.status).toBe("taken");
    const call = await book(ist(WEDNESDAY, "15:00"), { meetingType: "strategy-call" });
    if (call.status !== "booked") throw new Error(call.status);
    expect(call.booking).toMatchObject({ meetingTypeId, endsAt: ist(WEDNESDAY, "16:00") });
    // The call holds 14:45-16:15: the free consultation fits up to 14:00 and from 16:30.
    const free = clock(await slotsOn(WEDNESDAY));
    expect(free).toContain("14:00");
    expect(free).not.toContain("14:30");
    expect(free).not.toContain("16:00");
    expect(free).toContain("16:30");
    expect((await book(ist(WEDNESDAY, "16:00"))).status).toBe("taken");
  });

  it("stops offering a type on a consultant's day at its daily cap, and refuses one more", async () => {
    await consultantFixture(t.db);
    const meetingTypeId = await addType({ dailyCap: 1 });
    const first = await book(ist(WEDNESDAY, "10:00"), { meetingType: "strategy-call" });
    expect(first.status).toBe("booked");
    expect(await slotsOn(WEDNESDAY, { meetingTypeId })).toEqual([]);
    expect((await book(ist(WEDNESDAY, "14:00"), { meetingType: "strategy-call" })).status).toBe(
      "taken",
    );
    // Another type's times that day are untouched by this type's cap.
    expect((await slotsOn(WEDNESDAY)).length).toBeGreaterThan(0);
    expect((await book(ist(WEDNESDAY, "15:00"))).status).toBe("booked");
    // The dashboard counts the meetings of each type.
    const stats = await getBookingStats(t.db, NOW);
    expect(stats.meetingTypes.map(({ name, meetings }) => [name, meetings])).toEqual([
      ["Free consultation", 1],
      ["Strategy call", 1],
    ]);
  });

  it("offers a type only with its consultants, and an inactive type not at all", async () => {
    await consultantFixture(t.db, { name: "Asha" });
    const { consultant: ravi } = await consultantFixture(t.db, { name: "Ravi" });
    const meetingTypeId = await addType({ consultantIds: [ravi.id] });
    const slots = await slotsOn(WEDNESDAY, { meetingTypeId });
    expect(slots.every((slot) => slot.consultantIds.join() === ravi.id)).toBe(true);
    const call = await book(ist(WEDNESDAY, "10:00"), { meetingType: "strategy-call" });
    expect(call.status === "booked" && call.booking.consultantId).toBe(ravi.id);

    const off = await saveMeetingTypeAs(
      t.db,
      SYSTEM_ACTOR,
      { ...STRATEGY_CALL, consultantIds: [ravi.id], active: false },
      meetingTypeId,
    );
    expect(off.ok).toBe(true);
    expect((await book(ist(WEDNESDAY, "14:00"), { meetingType: "strategy-call" })).status).toBe(
      "taken",
    );
  });

  it("routes a booking to the consultants who cover its service, and only offers their times", async () => {
    const { consultant: asha, actor } = await consultantFixture(t.db, { name: "Asha" });
    const { consultant: ravi } = await consultantFixture(t.db, { name: "Ravi" });
    expect(
      (await saveRoutingRuleAs(t.db, SYSTEM_ACTOR, { service: "equity", consultantIds: [ravi.id] }))
        .ok,
    ).toBe(true);
    // Equity goes to Ravi, though Asha (added first) would get it without the rule.
    const routed = await book(TUESDAY_10_IST, { service: "equity" });
    expect(routed.status === "booked" && routed.booking.consultantId).toBe(ravi.id);
    // Without an answer, or for a service without a rule, it is today's: the least busy that
    // day, then the first added.
    const plain = await book(ist("2026-03-03", "11:00"));
    expect(plain.status === "booked" && plain.booking.consultantId).toBe(asha.id);
    const other = await book(ist("2026-03-03", "12:00"), { service: "benefits" });
    expect(other.status === "booked" && other.booking.consultantId).toBe(asha.id);

    // Ravi's day off: equity has no times that day, though Asha is free.
    expect((await blockDate(t.db, actor, ravi.id, { date: WEDNESDAY, note: "" })).ok).toBe(true);
    expect(await slotsOn(WEDNESDAY, { service: "equity" })).toEqual([]);
    expect((await slotsOn(WEDNESDAY)).length).toBeGreaterThan(0);
    expect((await book(ist(WEDNESDAY, "12:00"), { service: "equity" })).status).toBe("taken");
  });

  it("gives a routed booking to the covering consultant with the fewest bookings to come", async () => {
    const { consultant: asha } = await consultantFixture(t.db, { name: "Asha" });
    const { consultant: ravi } = await consultantFixture(t.db, { name: "Ravi" });
    // Asha has two bookings to come (Wednesday and Thursday); Ravi none. Tuesday's loads are equal.
    for (const date of [WEDNESDAY, "2026-03-05"]) {
      const booked = await book(ist(date, "10:00"));
      expect(booked.status === "booked" && booked.booking.consultantId).toBe(asha.id);
    }
    // Without a rule the day's load decides (both 0 on Tuesday), then the order: Asha.
    const [tuesday] = await slotsOn("2026-03-03");
    expect(tuesday?.consultantIds).toEqual([asha.id, ravi.id]);
    await saveRoutingRuleAs(t.db, SYSTEM_ACTOR, {
      service: "benchmarking",
      consultantIds: [asha.id, ravi.id],
    });
    const [routedSlot] = await slotsOn("2026-03-03", { service: "benchmarking" });
    expect(routedSlot?.consultantIds).toEqual([ravi.id, asha.id]);
    const routed = await book(TUESDAY_10_IST, { service: "benchmarking" });
    expect(routed.status === "booked" && routed.booking.consultantId).toBe(ravi.id);
  });

  it("audits type and rule changes, raises the availability version, and says what is wrong", async () => {
    const { consultant } = await consultantFixture(t.db);
    const before = await readAvailabilityVersion(t.db);
    const id = await addType();
    expect(await readAvailabilityVersion(t.db)).toBeGreaterThan(before);
    expect((await meetingTypeBySlug(t.db, "strategy-call"))?.id).toBe(id);

    const duplicate = await saveMeetingTypeAs(t.db, SYSTEM_ACTOR, {
      ...STRATEGY_CALL,
      title: "Again",
    });
    expect(duplicate).toEqual({
      ok: false,
      error: "Another meeting type has this address",
      field: "slug",
    });
    const stranger = await saveMeetingTypeAs(t.db, SYSTEM_ACTOR, {
      ...STRATEGY_CALL,
      slug: "other",
      consultantIds: ["cns_nobody"],
    });
    expect(stranger).toMatchObject({ ok: false, field: "consultantIds" });

    // Of two active types one may go; the last may not.
    expect(
      (await saveMeetingTypeAs(t.db, SYSTEM_ACTOR, { ...STRATEGY_CALL, active: false }, id)).ok,
    ).toBe(true);
    const free = await meetingTypeBySlug(t.db, "free-consultation");
    if (!free) throw new Error("The seeded type is missing");
    const last = await saveMeetingTypeAs(
      t.db,
      SYSTEM_ACTOR,
      { ...free, description: free.description, active: false },
      free.id,
    );
    expect(last).toMatchObject({ ok: false, field: "active" });

    const version = await readAvailabilityVersion(t.db);
    await saveRoutingRuleAs(t.db, SYSTEM_ACTOR, {
      service: "equity",
      consultantIds: [consultant.id],
    });
    expect(await readAvailabilityVersion(t.db)).toBeGreaterThan(version);
    // The same rule again changes nothing and raises nothing.
    const unchanged = await readAvailabilityVersion(t.db);
    await saveRoutingRuleAs(t.db, SYSTEM_ACTOR, {
      service: "equity",
      consultantIds: [consultant.id],
    });
    expect(await readAvailabilityVersion(t.db)).toBe(unchanged);

    const audit = await t.db
      .selectFrom("auditLog")
      .select(["entityType", "summary"])
      .where("entityType", "in", ["meeting_type", "booking_routing"])
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    expect(audit.map((row) => row.entityType)).toEqual([
      "meeting_type",
      "meeting_type",
      "booking_routing",
    ]);
    expect(audit[0]?.summary).toContain("Created the meeting type Strategy call");
  });
});
