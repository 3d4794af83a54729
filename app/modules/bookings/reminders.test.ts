import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { openDatabase } from "~/db/client.server";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { cancelBooking, moveBooking } from "./booking-changes.server";
import { bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  NOW,
  TUESDAY_10_IST,
} from "./booking-fixtures";
import { startReminderJob } from "./reminder-job.server";
import { updateReminderSettings } from "./reminder-settings.server";
import { sendDueReminders } from "./reminders.server";

/*
 * The reminder job with a clock the test moves (decision 0046): each reminder once, at its
 * moment, for the booking's current time only, never for a cancelled booking, and once across
 * two runners at the same time.
 */

const HOUR = 3_600_000;
/** The booking's start, Tuesday 3 March 2026 10:00 IST, booked Monday 05:30 IST (NOW). */
const START = Date.parse(TUESDAY_10_IST);
const hoursBefore = (hours: number, minutes = 0) =>
  new Date(START - hours * HOUR - minutes * 60_000);

async function reminders(db: DB) {
  return db
    .selectFrom("mailOutbox")
    .select(["toAddress", "subject", "textBody", "relatedId"])
    .where("kind", "=", "booking_reminder_visitor")
    .orderBy("createdAt")
    .execute();
}

/** A job whose clock reads `clock.now`; run once and stopped. */
async function runJobAt(db: DB, now: Date) {
  const job = startReminderJob(db, { context: bookingContext(), now: () => now });
  try {
    return await job.runNow();
  } finally {
    await job.stop();
  }
}

describe.each(DIALECTS)("consultation reminders, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
    await t.db.deleteFrom("bookingReminders").execute();
  });

  const book = async (startsAt = TUESDAY_10_IST, now = NOW) => {
    const outcome = await bookConsultation(t.db, bookingRequest(startsAt), bookingContext(now));
    if (outcome.status !== "booked") throw new Error(`Not booked: ${outcome.status}`);
    return outcome;
  };

  it("sends the 24-hour and the 1-hour reminder once each, at their moments", async () => {
    await consultantFixture(t.db, { name: "Meera Rao" });
    const { booking, manageUrl } = await book();

    expect(await runJobAt(t.db, hoursBefore(24, 1))).toBe(0);
    expect(await reminders(t.db)).toEqual([]);

    expect(await runJobAt(t.db, hoursBefore(24))).toBe(1);
    expect(await runJobAt(t.db, hoursBefore(23))).toBe(0);
    const [day] = await reminders(t.db);
    expect(day).toMatchObject({ toAddress: booking.visitorEmail, relatedId: booking.id });
    expect(day?.subject).toMatch(/^Reminder: your consultation with .+ is in 24 hours$/);
    expect(day?.textBody).toContain("Meera Rao will meet you by video");
    // The link to join, the one the booking's invitation carries (decision 0047).
    expect(day?.textBody).toMatch(
      /To join the meeting at its time, open: https:\/\/meet\.jit\.si\/\S+/,
    );
    // Before the cut-off (4 hours), the private link still changes the booking.
    expect(day?.textBody).toContain(manageUrl);

    expect(await runJobAt(t.db, hoursBefore(1, 1))).toBe(0);
    expect(await runJobAt(t.db, hoursBefore(1))).toBe(1);
    expect(await runJobAt(t.db, hoursBefore(0, 30))).toBe(0);
    const sent = await reminders(t.db);
    expect(sent).toHaveLength(2);
    // After the cut-off the reminder says how to reach the firm instead of offering the link.
    expect(sent[1]?.subject).toMatch(/starts soon$/);
    expect(sent[1]?.textBody).not.toContain(manageUrl);
    expect(sent[1]?.textBody).toMatch(/To change or cancel it now, write to \S+@\S+ or call /);
  });

  it("never reminds of a cancelled booking", async () => {
    await consultantFixture(t.db);
    const { booking } = await book();
    await cancelBooking(t.db, SYSTEM_ACTOR, booking.id, bookingContext());
    expect(await runJobAt(t.db, hoursBefore(24))).toBe(0);
    expect(await runJobAt(t.db, hoursBefore(1))).toBe(0);
    expect(await reminders(t.db)).toEqual([]);
  });

  it("reminds of a moved booking at its new time only", async () => {
    await consultantFixture(t.db);
    const { booking } = await book();
    expect(await runJobAt(t.db, hoursBefore(24))).toBe(1);
    // Moved a day later, an hour after its first reminder.
    const later = new Date(START + 24 * HOUR).toISOString();
    const moved = await moveBooking(
      t.db,
      SYSTEM_ACTOR,
      { bookingId: booking.id, startsAt: later },
      bookingContext(hoursBefore(23)),
    );
    expect(moved.ok).toBe(true);
    // The old time's 1-hour reminder never goes out.
    expect(await runJobAt(t.db, hoursBefore(1))).toBe(0);
    // The new time's 24-hour reminder does (its first), then its 1-hour one.
    expect(await runJobAt(t.db, new Date(START))).toBe(1);
    expect(await runJobAt(t.db, new Date(START + 23 * HOUR))).toBe(1);
    const sent = await reminders(t.db);
    expect(sent).toHaveLength(3);
    expect(sent[1]?.textBody).toContain("Wed 4 Mar 2026");
  });

  it("after a pause sends only the nearest reminder, and none once the meeting started", async () => {
    await consultantFixture(t.db);
    await book();
    // The server was down across both moments: one reminder, not two at once.
    expect(await runJobAt(t.db, hoursBefore(0, 30))).toBe(1);
    expect(await runJobAt(t.db, hoursBefore(0, 20))).toBe(0);
    const sent = await reminders(t.db);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/starts soon$/);

    await t.db.deleteFrom("bookingReminders").execute();
    await t.db.deleteFrom("mailOutbox").execute();
    // Back up after the start: nothing is sent for a meeting already under way.
    expect(await runJobAt(t.db, new Date(START + 60_000))).toBe(0);
  });

  it("sends no 24-hour reminder for a meeting booked less than 24 hours ahead", async () => {
    await consultantFixture(t.db);
    // Booked 13 hours before (the minimum notice is 12).
    await book(TUESDAY_10_IST, hoursBefore(13));
    expect(await runJobAt(t.db, hoursBefore(12))).toBe(0);
    expect(await runJobAt(t.db, hoursBefore(1))).toBe(1);
    expect(await reminders(t.db)).toHaveLength(1);
  });

  it("sends at the offsets staff set, and none when they set none", async () => {
    await consultantFixture(t.db);
    await updateReminderSettings(t.db, SYSTEM_ACTOR, { reminderHours: "2", visitorCutoffHours: 4 });
    await book();
    expect(await runJobAt(t.db, hoursBefore(24))).toBe(0);
    expect(await runJobAt(t.db, hoursBefore(2))).toBe(1);
    await updateReminderSettings(t.db, SYSTEM_ACTOR, { reminderHours: "", visitorCutoffHours: 4 });
    await book(new Date(START + HOUR).toISOString());
    expect(await runJobAt(t.db, hoursBefore(0, 30))).toBe(0);
    expect(await reminders(t.db)).toHaveLength(1);
  });

  it("reaches every due booking in one run, batch after batch", async () => {
    await consultantFixture(t.db);
    for (let slot = 0; slot < 3; slot += 1) await book(new Date(START + slot * HOUR).toISOString());
    // Half an hour before the first: each of the three has a reminder due; batches of one.
    const moment = hoursBefore(0, 30);
    expect(await sendDueReminders(t.db, bookingContext(), moment, 1)).toEqual({ sent: 3 });
    expect(await sendDueReminders(t.db, bookingContext(), moment, 1)).toEqual({ sent: 0 });
    expect(await reminders(t.db)).toHaveLength(3);
  });

  it("sends each reminder once when two runners work at the same moment", async () => {
    await consultantFixture(t.db, { dailyLimit: 16 });
    await consultantFixture(t.db, { dailyLimit: 16 });
    for (let slot = 0; slot < 6; slot += 1) {
      const startsAt = new Date(START + slot * HOUR).toISOString();
      await book(startsAt);
      await book(startsAt);
    }
    // On PostgreSQL the second runner has a connection pool of its own, as another instance would.
    const other = dialect === "postgres" ? openDatabase(t.url) : undefined;
    try {
      const moment = new Date(START + 5 * HOUR - 24 * HOUR);
      const runs = await Promise.all([
        runJobAt(t.db, moment),
        runJobAt(other?.db ?? t.db, moment),
        runJobAt(t.db, moment),
        runJobAt(other?.db ?? t.db, moment),
      ]);
      expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(12);
      const sent = await reminders(t.db);
      expect(sent).toHaveLength(12);
      expect(new Set(sent.map((mail) => mail.relatedId)).size).toBe(12);
    } finally {
      await other?.close();
    }
  });
});
