import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  TUESDAY_10_IST,
} from "./booking-fixtures";

/*
 * Issue 15, "no double booking, ever": 20 visitors ask for the same slot at once. The database
 * decides (occupied cells under a primary key), not a check before the insert. On PostgreSQL the
 * requests go through four separate pools, as through several instances, so that their
 * transactions really overlap; SQLite is the one-process setup (decision 0010).
 */

const RACERS = 20;

describe.each(DIALECTS)("twenty visitors racing for one slot, on %s", (dialect) => {
  let t: TestDatabase;
  const instances: DatabaseHandle[] = [];
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    if (dialect === "postgres") {
      for (let index = 0; index < 4; index++) instances.push(openDatabase(t.url));
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
  });

  const dbFor = (index: number) =>
    instances.length > 0 ? (instances[index % instances.length]?.db ?? t.db) : t.db;

  const race = () =>
    Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        bookConsultation(dbFor(index), bookingRequest(TUESDAY_10_IST), bookingContext()),
      ),
    );

  it("gives one consultant's slot to exactly one; the others hear it was taken, with the nearest free times", async () => {
    const { consultant } = await consultantFixture(t.db);
    const outcomes = await race();

    const booked = outcomes.filter((outcome) => outcome.status === "booked");
    const taken = outcomes.filter((outcome) => outcome.status === "taken");
    expect(booked).toHaveLength(1);
    expect(taken).toHaveLength(RACERS - 1);
    for (const outcome of taken) {
      if (outcome.status !== "taken") continue;
      expect(outcome.nearest.length).toBeGreaterThan(0);
      expect(outcome.nearest.map((slot) => slot.startsAt)).not.toContain(TUESDAY_10_IST);
      // The nearest after 10:00 with a 15-minute buffer is 11:00 IST.
      expect(outcome.nearest.map((slot) => slot.startsAt)).toContain("2026-03-03T05:30:00.000Z");
    }

    const bookings = await t.db.selectFrom("bookings").selectAll().execute();
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ consultantId: consultant.id, startsAt: TUESDAY_10_IST });
    // The losers' enquiries and mails were rolled back with their bookings.
    const enquiries = await t.db.selectFrom("enquiries").select("id").execute();
    expect(enquiries.map((row) => row.id)).toEqual([bookings[0]?.enquiryId]);
    const mails = await t.db.selectFrom("mailOutbox").select("toAddress").execute();
    expect(mails).toHaveLength(3);
    const load = await t.db.selectFrom("consultantDayLoads").selectAll().execute();
    expect(load.map((row) => Number(row.booked))).toEqual([1]);
  });

  it("with two consultants free, gives the slot to both, one each, and no more", async () => {
    const meera = await consultantFixture(t.db, { name: "Meera" });
    const arjun = await consultantFixture(t.db, { name: "Arjun" });
    const outcomes = await race();

    expect(outcomes.filter((outcome) => outcome.status === "booked")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome.status === "taken")).toHaveLength(RACERS - 2);
    const bookings = await t.db
      .selectFrom("bookings")
      .select(["consultantId", "startsAt"])
      .execute();
    expect(bookings.map((row) => row.consultantId).sort()).toEqual(
      [meera.consultant.id, arjun.consultant.id].sort(),
    );
    expect(new Set(bookings.map((row) => row.startsAt))).toEqual(new Set([TUESDAY_10_IST]));
  });
});
