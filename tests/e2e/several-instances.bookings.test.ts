import { beforeAll, describe, expect, it } from "vitest";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import {
  cluster,
  freshAddress,
  one,
  startClusterAroundTests,
  timeout,
  tokens,
  two,
} from "./several-instances-cluster";

/*
 * Issue 15: no double booking, also when two visitors race for one slot through two instances
 * on one PostgreSQL database. Each instance checks the slot is free and tries to take it; only
 * the database's occupied cells (decision 0030) can stop the second, and they must.
 */

startClusterAroundTests();

const RACERS = 10;

/** Posts the booking form as a browser without JavaScript does; resolves with the answer. */
async function postBooking(at: string, startsAt: string, index: number) {
  const body = new URLSearchParams({
    firstName: "Racer",
    lastName: `Number ${index}`,
    email: `racer${index}@cluster.example.com`,
    company: "Race Condition Pvt Ltd",
    message: "We would like to talk about our salary bands.",
    startsAt,
    timeZone: "Asia/Kolkata",
    formToken: await tokens.take(),
    hp_comment: "",
  });
  const response = await fetch(`${at}/book`, {
    method: "POST",
    body,
    headers: { "x-forwarded-for": freshAddress() },
    redirect: "manual",
    signal: timeout(),
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: await response.text(),
  };
}

describe("two instances on one PostgreSQL: booking one slot", () => {
  let startsAt: string;

  beforeAll(async () => {
    const db = cluster.database.db;
    await consultantFixture(db, { name: "Cluster Consultant" });
    const from = new Date();
    const slots = await findFreeSlots(db, {
      from,
      to: new Date(from.getTime() + 30 * 24 * 60 * 60 * 1000),
    });
    startsAt = slots[0]?.startsAt ?? "";
    expect(startsAt).not.toBe("");
    // Tokens must be a few seconds old before a post counts as a person's.
    await tokens.fetch(RACERS);
  });

  it("gives exactly one visitor the slot and every other one the nearest free times (409)", async () => {
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        postBooking(index % 2 === 0 ? one.url : two.url, startsAt, index),
      ),
    );
    const booked = answers.filter((answer) => answer.status === 303);
    const taken = answers.filter((answer) => answer.status === 409);
    expect(booked, JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
    expect(taken).toHaveLength(RACERS - 1);
    expect(booked[0]?.location).toMatch(/^\/book\/manage\/[^/]+\?booked=1$/);
    for (const answer of taken) {
      expect(answer.body).toContain("That time was just taken. Here are the nearest free times.");
    }

    const rows = await cluster.database.db
      .selectFrom("bookings")
      .select(["id", "visitorEmail", "status"])
      .where("startsAt", "=", startsAt)
      .execute();
    expect(rows).toHaveLength(1);
    const enquiries = await cluster.database.db
      .selectFrom("enquiries")
      .select("email")
      .where("email", "like", "racer%@cluster.example.com")
      .execute();
    // One enquiry: the losers' transactions rolled back whole.
    expect(enquiries.map((row) => row.email)).toEqual([rows[0]?.visitorEmail]);
  });
});
