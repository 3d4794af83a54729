import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { getEnquiry } from "~/modules/enquiries/enquiries.server";
import { describeSource } from "~/modules/enquiries/enquiry.schema";
import type { MailTransport, TransportMessage } from "~/modules/mail/outbox.server";
import { processOutbox } from "~/modules/mail/outbox-sender.server";
import { eventOf, parseICalendar, utcOf } from "../../../tests/support/icalendar";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { findFreeSlots } from "./availability.server";
import { cancelBooking, moveBooking, setBookingOutcome } from "./booking-changes.server";
import { bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  NOW,
  TUESDAY_10_IST,
  TUESDAY_11_IST,
} from "./booking-fixtures";
import { bookingOfEnquiry, getBooking } from "./booking-store.server";
import { dayRangeIn } from "./booking-time";

/*
 * Booking, moving and cancelling: the booking is an enquiry too, every change is audited, and
 * each mail carries an invitation calendar programs accept, with one UID and a rising SEQUENCE.
 */

/** A transport that keeps what it was given, as the SMTP server would receive it. */
function capturingTransport() {
  const sent: TransportMessage[] = [];
  const transport: MailTransport = {
    async send(message) {
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return { transport, sent };
}

async function sendAll(db: DB) {
  const smtp = capturingTransport();
  await processOutbox(db, { transport: smtp.transport, from: "TRC <no-reply@example.in>" });
  return smtp.sent;
}

describe.each(DIALECTS)("booking commands, on %s", (dialect) => {
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

  const book = async (startsAt = TUESDAY_10_IST, timeZone = "America/Los_Angeles") => {
    const outcome = await bookConsultation(
      t.db,
      bookingRequest(startsAt, { timeZone }),
      bookingContext(),
    );
    if (outcome.status !== "booked") throw new Error(`Not booked: ${outcome.status}`);
    return outcome;
  };

  it("stores the booking as an enquiry with its slot, audited, and mails three invitations", async () => {
    const { consultant } = await consultantFixture(t.db, { name: "Meera Rao" });
    const { booking, enquiry, manageUrl } = await book();

    const stored = await getEnquiry(t.db, booking.enquiryId);
    expect(stored).toMatchObject({
      id: enquiry.id,
      source: "booking",
      email: booking.visitorEmail,
    });
    expect(describeSource(stored?.source ?? "")).toBe("Consultation booking");
    expect(await bookingOfEnquiry(t.db, enquiry.id)).toMatchObject({
      startsAt: TUESDAY_10_IST,
      endsAt: "2026-03-03T05:00:00.000Z",
      consultantId: consultant.id,
      status: "booked",
      visitorTimeZone: "America/Los_Angeles",
    });
    expect(manageUrl).toMatch(/^https:\/\/trc\.example\.in\/book\/manage\//);
    const audit = await t.db.selectFrom("auditLog").select(["entityType", "summary"]).execute();
    expect(audit.filter((row) => row.entityType === "booking").map((row) => row.summary)).toEqual([
      `${booking.visitorName} booked a consultation with Meera Rao for Tue 3 Mar 2026, 10:00 am IST`,
    ]);

    const sent = await sendAll(t.db);
    expect(sent.map((mail) => mail.to).sort()).toEqual(
      [booking.visitorEmail, consultant.email, "firm@example.in"].sort(),
    );
    const visitorMail = sent.find((mail) => mail.to === booking.visitorEmail);
    expect(visitorMail?.text).toContain("Mon 2 Mar 2026, 8:30 pm (America/Los_Angeles)");
    expect(visitorMail?.text).toContain("Tue 3 Mar 2026, 10:00 am IST");
    expect(visitorMail?.text).toContain(manageUrl);
    for (const mail of sent) {
      expect(mail.calendar?.method).toBe("REQUEST");
      const calendar = parseICalendar(mail.calendar?.content ?? "");
      expect(calendar.get("METHOD")).toBe("REQUEST");
      expect(calendar.get("VERSION")).toBe("2.0");
      const event = eventOf(calendar);
      expect(event.get("UID")).toBe(booking.icsUid);
      expect(event.get("SEQUENCE")).toBe("0");
      expect(utcOf(event.get("DTSTART"))).toBe(TUESDAY_10_IST);
      expect(utcOf(event.get("DTEND"))).toBe("2026-03-03T05:00:00.000Z");
      expect(event.property("ORGANIZER")?.value.toLowerCase()).toMatch(/^mailto:/);
      const attendees = event.all("ATTENDEE").map((a) => a.value.toLowerCase());
      expect(attendees).toContain(`mailto:${booking.visitorEmail}`);
      expect(attendees).toContain(`mailto:${consultant.email}`);
    }
    // Only the visitor's copy carries their private link.
    const staffMail = sent.find((mail) => mail.to === "firm@example.in");
    expect(staffMail?.calendar?.content).not.toContain("/book/manage/");
    expect(visitorMail?.calendar?.content.replace(/\r?\n[ \t]/g, "")).toContain(manageUrl);
  });

  it("moves a booking: same UID, sequence + 1, the old time free again, the visitor told", async () => {
    const { actor } = await consultantFixture(t.db);
    const { booking } = await book();
    await sendAll(t.db);

    const moved = await moveBooking(
      t.db,
      actor,
      { bookingId: booking.id, startsAt: TUESDAY_11_IST },
      bookingContext(),
    );
    expect(moved).toMatchObject({
      ok: true,
      booking: { id: booking.id, startsAt: TUESDAY_11_IST, icsUid: booking.icsUid, icsSequence: 1 },
    });
    const tuesday = await findFreeSlots(t.db, {
      ...dayRangeIn("2026-03-03", "Asia/Kolkata"),
      now: NOW,
    });
    expect(tuesday.map((slot) => slot.startsAt)).toContain(TUESDAY_10_IST);
    expect(tuesday.map((slot) => slot.startsAt)).not.toContain(TUESDAY_11_IST);

    const sent = await sendAll(t.db);
    expect(sent.map((mail) => mail.to)).toContain(booking.visitorEmail);
    for (const mail of sent) {
      const calendar = parseICalendar(mail.calendar?.content ?? "");
      expect(calendar.get("METHOD")).toBe("REQUEST");
      const event = eventOf(calendar);
      expect(event.get("UID")).toBe(booking.icsUid);
      expect(event.get("SEQUENCE")).toBe("1");
      expect(utcOf(event.get("DTSTART"))).toBe(TUESDAY_11_IST);
    }
  });

  it("cancels a booking: METHOD:CANCEL with the same UID and a higher sequence, the slot freed", async () => {
    const { actor } = await consultantFixture(t.db);
    const { booking } = await book();
    await moveBooking(
      t.db,
      actor,
      { bookingId: booking.id, startsAt: TUESDAY_11_IST },
      bookingContext(),
    );
    await sendAll(t.db);

    const cancelled = await cancelBooking(t.db, actor, booking.id, bookingContext());
    expect(cancelled).toMatchObject({ ok: true, booking: { status: "cancelled", icsSequence: 2 } });
    expect(await cancelBooking(t.db, actor, booking.id, bookingContext())).toEqual({
      ok: false,
      reason: "not_booked",
    });
    const cells = await t.db.selectFrom("bookingCells").select("bookingId").execute();
    expect(cells).toEqual([]);

    const sent = await sendAll(t.db);
    expect(sent.map((mail) => mail.to)).toContain(booking.visitorEmail);
    for (const mail of sent) {
      expect(mail.calendar?.method).toBe("CANCEL");
      const calendar = parseICalendar(mail.calendar?.content ?? "");
      expect(calendar.get("METHOD")).toBe("CANCEL");
      const event = eventOf(calendar);
      expect(event.get("UID")).toBe(booking.icsUid);
      expect(event.get("SEQUENCE")).toBe("2");
      expect(event.get("STATUS")).toBe("CANCELLED");
    }
    // The time can be booked again.
    expect(
      (await bookConsultation(t.db, bookingRequest(TUESDAY_11_IST), bookingContext())).status,
    ).toBe("booked");
  });

  it("refuses a move to a taken time with the nearest free ones, and leaves the booking as it was", async () => {
    const { actor } = await consultantFixture(t.db);
    const first = await book(TUESDAY_10_IST);
    const second = await book(TUESDAY_11_IST);
    const refused = await moveBooking(
      t.db,
      actor,
      { bookingId: second.booking.id, startsAt: TUESDAY_10_IST },
      bookingContext(),
    );
    expect(refused.ok).toBe(false);
    if (refused.ok || refused.reason !== "taken") throw new Error("expected taken");
    expect(refused.nearest.length).toBeGreaterThan(0);
    expect(await getBooking(t.db, second.booking.id)).toMatchObject({
      startsAt: TUESDAY_11_IST,
      icsSequence: 0,
    });
    expect(await getBooking(t.db, first.booking.id)).toMatchObject({ startsAt: TUESDAY_10_IST });
    const cells = await t.db.selectFrom("bookingCells").select("bookingId").execute();
    expect(new Set(cells.map((cell) => cell.bookingId))).toEqual(
      new Set([first.booking.id, second.booking.id]),
    );
  });

  it("marks a meeting completed or a no-show once it has started, not before", async () => {
    const { actor } = await consultantFixture(t.db);
    const { booking } = await book();
    const before = await setBookingOutcome(
      t.db,
      actor,
      { bookingId: booking.id, outcome: "completed" },
      NOW,
    );
    expect(before).toEqual({ ok: false, reason: "not_started" });
    const after = new Date("2026-03-03T05:00:00.000Z");
    const done = await setBookingOutcome(
      t.db,
      actor,
      { bookingId: booking.id, outcome: "no_show" },
      after,
    );
    expect(done).toMatchObject({ ok: true, booking: { status: "no_show" } });
    expect((await getBooking(t.db, booking.id))?.status).toBe("no_show");
  });

  it("files a booking that trips the spam defence as a spam enquiry, with no booking and no mail", async () => {
    await consultantFixture(t.db);
    const outcome = await bookConsultation(t.db, bookingRequest(TUESDAY_10_IST), {
      ...bookingContext(),
      admit: async () => ({ spamReason: "honeypot" }),
    });
    expect(outcome.status).toBe("held_as_spam");
    expect(await t.db.selectFrom("bookings").select("id").execute()).toEqual([]);
    expect(await t.db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
    const enquiries = await t.db.selectFrom("enquiries").select(["spamReason", "source"]).execute();
    expect(enquiries).toEqual([{ spamReason: "honeypot", source: "booking" }]);
  });
});
