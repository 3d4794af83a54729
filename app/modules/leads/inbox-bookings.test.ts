import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import type { BookingRequest } from "~/modules/bookings/booking.schema";
import { cancelBooking, moveBooking } from "~/modules/bookings/booking-changes.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  NOW,
  TUESDAY_10_IST,
  TUESDAY_11_IST,
} from "~/modules/bookings/booking-fixtures";
import { getBooking } from "~/modules/bookings/booking-store.server";
import { consultationsOfEnquiries } from "~/modules/bookings/enquiry-consultations.server";
import type { StaffActor } from "~/modules/commands/command.server";
import { numberedEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import { getEnquiryDetail } from "./enquiry-detail.server";
import { ENQUIRY_CSV_COLUMNS, enquiryCsvStream } from "./enquiry-export.server";
import { erasePerson } from "./erasure.server";

/*
 * A booking is an enquiry too (issue 15): the inbox reads its slot (a page of them in one
 * query), the detail page its consultant and mails, the CSV export two columns more; erasing
 * the address deletes the bookings with their cells, day counts and mails, so the time is free.
 */

/** Tuesday 3 March 2026, 12:00 IST (slots need the 15 minutes' buffer between them). */
const TUESDAY_NOON_IST = "2026-03-03T06:30:00.000Z";

async function csvOf(stream: NodeJS.ReadableStream): Promise<string[][]> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return parse(text, { bom: true });
}

describe.each(DIALECTS)("bookings in the inbox, export and erasure, on %s", (dialect) => {
  let t: TestDatabase;
  let staff: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    staff = await staffAccount(t.db, { username: "inbox.staff" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
  });

  const book = async (startsAt: string, overrides: Partial<BookingRequest> = {}) => {
    const outcome = await bookConsultation(
      t.db,
      bookingRequest(startsAt, overrides),
      bookingContext(),
    );
    if (outcome.status !== "booked") throw new Error(`Not booked: ${outcome.status}`);
    return outcome;
  };

  it("gives a page's enquiries their slots, moved and cancelled ones included", async () => {
    await consultantFixture(t.db, { name: "Meera Rao" });
    const kept = await book(TUESDAY_10_IST);
    const moved = await book(TUESDAY_11_IST);
    const cancelled = await book(TUESDAY_NOON_IST);
    await moveBooking(
      t.db,
      staff,
      { bookingId: moved.booking.id, startsAt: "2026-03-04T05:30:00.000Z" },
      bookingContext(),
    );
    await cancelBooking(t.db, staff, cancelled.booking.id, bookingContext());
    await t.db.insertInto("enquiries").values(numberedEnquiry(1)).execute();

    const slots = await consultationsOfEnquiries(t.db, [
      kept.enquiry,
      moved.enquiry,
      cancelled.enquiry,
      { id: "enq_t_001", source: "contact_form" },
    ]);
    expect(slots).toEqual({
      [kept.enquiry.id]: {
        bookingId: kept.booking.id,
        startsAt: TUESDAY_10_IST,
        endsAt: "2026-03-03T05:00:00.000Z",
        status: "booked",
        moved: false,
        visitorTimeZone: "Asia/Kolkata",
      },
      [moved.enquiry.id]: expect.objectContaining({
        startsAt: "2026-03-04T05:30:00.000Z",
        status: "booked",
        moved: true,
      }),
      [cancelled.enquiry.id]: expect.objectContaining({ status: "cancelled", moved: false }),
    });
    expect(await consultationsOfEnquiries(t.db, [])).toEqual({});
  });

  it("shows the slot, its consultant and the booking's mails on the enquiry's page", async () => {
    await consultantFixture(t.db, { name: "Meera Rao" });
    const { booking, enquiry } = await book(TUESDAY_10_IST, { timeZone: "America/Los_Angeles" });
    await t.db.insertInto("enquiries").values(numberedEnquiry(1)).execute();

    const detail = await getEnquiryDetail(t.db, enquiry.id);
    expect(detail?.consultation).toEqual({
      bookingId: booking.id,
      startsAt: TUESDAY_10_IST,
      endsAt: "2026-03-03T05:00:00.000Z",
      status: "booked",
      moved: false,
      visitorTimeZone: "America/Los_Angeles",
      consultantName: "Meera Rao",
    });
    // The visitor's confirmation, the consultant's and the firm's invitations.
    expect(detail?.mails.map((mail) => mail.kind).sort()).toEqual([
      "booking_booked_consultant",
      "booking_booked_firm",
      "booking_booked_visitor",
    ]);
    expect((await getEnquiryDetail(t.db, "enq_t_001"))?.consultation).toBeNull();
  });

  it("exports the slot in IST and its status, empty for other enquiries, formulas still inert", async () => {
    await consultantFixture(t.db);
    const booked = await book(TUESDAY_10_IST, { company: "=SUM(A1)" });
    const cancelled = await book(TUESDAY_11_IST);
    await cancelBooking(t.db, staff, cancelled.booking.id, bookingContext());
    await t.db
      .insertInto("enquiries")
      .values(numberedEnquiry(1, { company: "@Plain" }))
      .execute();

    const records = await csvOf(enquiryCsvStream(t.db, { sort: "submittedAt", dir: "asc" }));
    expect(records[0]).toEqual([...ENQUIRY_CSV_COLUMNS]);
    expect(records[0]?.slice(-2)).toEqual(["Consultation (IST)", "Consultation status"]);
    const byEmail = new Map(records.slice(1).map((record) => [record[1], record]));
    expect(byEmail.get(booked.enquiry.email)?.slice(2, 3)).toEqual(["'=SUM(A1)"]);
    expect(byEmail.get(booked.enquiry.email)?.slice(-2)).toEqual([
      "3 Mar 2026, 10:00 am IST",
      "Booked",
    ]);
    expect(byEmail.get(cancelled.enquiry.email)?.slice(-2)).toEqual([
      "3 Mar 2026, 11:00 am IST",
      "Cancelled",
    ]);
    expect(byEmail.get("person1@example.com")?.slice(-3)).toEqual(["", "", ""]);
    expect(byEmail.get("person1@example.com")?.[2]).toBe("'@Plain");
  });

  it("erases the address's bookings with their cells, day counts and mails: the time is free again", async () => {
    // A daily limit of one: the day is full until the erased booking gives its count back.
    const { consultant } = await consultantFixture(t.db, { dailyLimit: 1 });
    const { booking } = await book(TUESDAY_10_IST, { email: "Erase.Me@Example.com" });
    // Another day, cancelled already: its count was given back by the cancel, not twice.
    const earlier = await book("2026-03-04T04:30:00.000Z", { email: "erase.me@example.com" });
    await cancelBooking(t.db, staff, earlier.booking.id, bookingContext());
    const other = await book("2026-03-05T04:30:00.000Z", { email: "ravi@example.in" });
    const dayLoads = () =>
      t.db
        .selectFrom("consultantDayLoads")
        .select(["day", "booked"])
        .where("consultantId", "=", consultant.id)
        .orderBy("day")
        .execute()
        .then((rows) => rows.map((row) => [row.day, Number(row.booked)]));
    expect(await dayLoads()).toEqual([
      ["2026-03-03", 1],
      ["2026-03-04", 0],
      ["2026-03-05", 1],
    ]);
    const tuesday = { from: new Date(TUESDAY_10_IST), to: new Date("2026-03-03T12:30:00.000Z") };
    expect(await findFreeSlots(t.db, { ...tuesday, now: NOW })).toEqual([]);
    // Mails still queued (never sent) to and about the visitor, and their invitations.
    const queued = await t.db
      .selectFrom("mailOutbox")
      .select("id")
      .where("relatedId", "in", [booking.id, earlier.booking.id])
      .execute();
    expect(queued.length).toBeGreaterThan(0);
    // A reminder already claimed for it, and its meeting room (made with its mails).
    await t.db
      .insertInto("bookingReminders")
      .values({
        bookingId: booking.id,
        offsetMinutes: 1440,
        bookingVersion: 0,
        outcome: "sent",
        claimedAt: NOW.toISOString(),
      })
      .execute();
    const heldBy = (table: "bookingReminders" | "bookingMeetingRooms") =>
      t.db
        .selectFrom(table)
        .select("bookingId")
        .where("bookingId", "in", [booking.id, earlier.booking.id])
        .execute();
    expect((await heldBy("bookingMeetingRooms")).length).toBeGreaterThan(0);

    const result = await erasePerson(t.db, " ERASE.ME@example.com", staff);
    expect(await heldBy("bookingReminders")).toEqual([]);
    expect(await heldBy("bookingMeetingRooms")).toEqual([]);

    expect(result).toMatchObject({ enquiries: 2, bookings: 2, mails: queued.length });
    expect(await getBooking(t.db, booking.id)).toBeUndefined();
    expect(await getBooking(t.db, earlier.booking.id)).toBeUndefined();
    expect(
      await t.db
        .selectFrom("bookingCells")
        .select("bookingId")
        .distinct()
        .execute()
        .then((rows) => rows.map((row) => row.bookingId)),
    ).toEqual([other.booking.id]);
    expect(await dayLoads()).toEqual([
      ["2026-03-03", 0],
      ["2026-03-04", 0],
      ["2026-03-05", 1],
    ]);
    const mailsLeft = await t.db
      .selectFrom("mailOutbox")
      .select(["relatedId", "toAddress"])
      .execute();
    expect(mailsLeft.length).toBeGreaterThan(0);
    expect(mailsLeft.every((mail) => mail.relatedId === other.booking.id)).toBe(true);
    expect((await getBooking(t.db, other.booking.id))?.status).toBe("booked");

    const after = await writePathState(t.db);
    expect(after.audit.at(-1)?.summary).toBe(
      `Erased a person's data on request: 2 enquiries, 2 consultation bookings, 0 job applications, no newsletter subscription, ${countOfMails(queued.length)}`,
    );
    expect(JSON.stringify(after.audit.at(-1)).toLowerCase()).not.toContain("erase.me");

    // The slot is free again, and the day's limit lets another visitor have it.
    expect((await findFreeSlots(t.db, { ...tuesday, now: NOW })).length).toBeGreaterThan(0);
    expect((await book(TUESDAY_10_IST)).booking.startsAt).toBe(TUESDAY_10_IST);
  });

  it("keeps every booking, cell, count and mail when the erasure cannot be recorded", async () => {
    await consultantFixture(t.db, { dailyLimit: 1 });
    const { booking } = await book(TUESDAY_10_IST, { email: "kiran@example.in" });
    const before = await writePathState(t.db);
    const state = async () => ({
      booking: await getBooking(t.db, booking.id),
      cells: (await t.db.selectFrom("bookingCells").selectAll().execute()).length,
      loads: await t.db.selectFrom("consultantDayLoads").select("booked").execute(),
      mails: (await t.db.selectFrom("mailOutbox").select("id").execute()).length,
    });
    const held = await state();

    await expect(
      erasePerson(failingOn(t.db, "auditLog"), "kiran@example.in", staff),
    ).rejects.toThrow(FORCED_FAILURE);

    expect(await state()).toEqual(held);
    expect(held.booking?.status).toBe("booked");
    expect(await writePathState(t.db)).toEqual(before);
  });
});

const countOfMails = (n: number) => `${n} e-mail${n === 1 ? "" : "s"}`;
