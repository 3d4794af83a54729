import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { eventOf, parseICalendar } from "../../../tests/support/icalendar";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { BOOKING_STATUS_LABELS } from "./booking.schema";
import {
  cancelBookingWithLink,
  moveBookingWithLink,
  setBookingOutcome,
} from "./booking-changes.server";
import { BOOKING_MESSAGES, bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  TUESDAY_10_IST,
  TUESDAY_11_IST,
} from "./booking-fixtures";
import { getBooking } from "./booking-store.server";
import { changeWindowOf } from "./change-window.server";
import { reminderSettingsSchema } from "./reminder-settings";
import { getReminderSettings, updateReminderSettings } from "./reminder-settings.server";

/*
 * The visitor's cut-off, the reminders' VALARMs and settings, and what a no-show sets off
 * (decision 0046).
 */

const HOUR = 3_600_000;
const START = Date.parse(TUESDAY_10_IST);
const tokenOf = (url: string) => decodeURIComponent(url.split("/book/manage/")[1] ?? "");

describe.each(DIALECTS)("cut-off, reminders' settings and attendance, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
    await consultantFixture(t.db);
  });

  const book = async (startsAt = TUESDAY_10_IST) => {
    const outcome = await bookConsultation(t.db, bookingRequest(startsAt), bookingContext());
    if (outcome.status !== "booked") throw new Error(outcome.status);
    return outcome;
  };

  it("lets the visitor cancel or move through their link only until the cut-off", async () => {
    const { booking, manageUrl } = await book();
    const token = tokenOf(manageUrl);
    const late = bookingContext(new Date(START - 4 * HOUR));
    expect(await cancelBookingWithLink(t.db, token, late)).toEqual({
      ok: false,
      reason: "cut_off",
    });
    expect(await moveBookingWithLink(t.db, token, { startsAt: TUESDAY_11_IST }, late)).toEqual({
      ok: false,
      reason: "cut_off",
    });
    expect((await getBooking(t.db, booking.id))?.status).toBe("booked");
    expect(await changeWindowOf(t.db, booking, late.now)).toMatchObject({
      open: false,
      cutoffHours: 4,
    });
    expect(BOOKING_MESSAGES.cut_off).toMatch(/e-mail or call us/);

    const inTime = bookingContext(new Date(START - 4 * HOUR - 60_000));
    expect((await changeWindowOf(t.db, booking, inTime.now)).open).toBe(true);
    expect(await cancelBookingWithLink(t.db, token, inTime)).toMatchObject({ ok: true });
  });

  it("follows the cut-off staff set", async () => {
    await updateReminderSettings(t.db, SYSTEM_ACTOR, {
      reminderHours: "24, 1",
      visitorCutoffHours: 0,
    });
    const { manageUrl } = await book();
    const justBefore = bookingContext(new Date(START - 60_000));
    expect(await cancelBookingWithLink(t.db, tokenOf(manageUrl), justBefore)).toMatchObject({
      ok: true,
    });
  });

  it("validates and audits the reminder settings", async () => {
    expect(
      reminderSettingsSchema.parse({ reminderHours: "1, 24,24", visitorCutoffHours: "6" }),
    ).toEqual({ reminderHours: "24, 1", visitorCutoffHours: 6 });
    const bad = reminderSettingsSchema.safeParse({
      reminderHours: "24, soon",
      visitorCutoffHours: "-1",
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    expect(messages).toContain(
      "reminderHours: Reminders must be whole hours from 1 to 168, separated by commas, such as 24, 1",
    );
    expect(messages).toContain("visitorCutoffHours: Cut-off must be at least 0");
    expect(
      reminderSettingsSchema.safeParse({ reminderHours: "48, 24, 2, 1", visitorCutoffHours: 4 })
        .error?.issues[0]?.message,
    ).toBe("At most 3 reminders");

    expect(await getReminderSettings(t.db)).toEqual({
      reminderHours: "24, 1",
      visitorCutoffHours: 4,
    });
    await updateReminderSettings(t.db, SYSTEM_ACTOR, {
      reminderHours: "48, 2",
      visitorCutoffHours: 8,
    });
    expect(await getReminderSettings(t.db)).toEqual({
      reminderHours: "48, 2",
      visitorCutoffHours: 8,
    });
    // Saving the same again records nothing more.
    await updateReminderSettings(t.db, SYSTEM_ACTOR, {
      reminderHours: "48, 2",
      visitorCutoffHours: 8,
    });
    const audit = await t.db
      .selectFrom("auditLog")
      .select("summary")
      .where("entityId", "=", "bookings")
      .execute();
    expect(audit.map((row) => row.summary)).toEqual([
      "Updated the reminders (48, 2 hours before) and the visitor's cut-off (8 h before)",
    ]);
  });

  it("puts one VALARM per reminder in the visitor's invitation, none in a cancellation", async () => {
    const { booking, manageUrl } = await book();
    const invite = await t.db
      .selectFrom("mailOutbox")
      .select(["calendarEvent", "textBody"])
      .where("kind", "=", "booking_booked_visitor")
      .executeTakeFirstOrThrow();
    expect(invite.textBody).toContain("(it works until 4 hours before the meeting)");
    const event = eventOf(parseICalendar(JSON.parse(invite.calendarEvent ?? "{}").content));
    const alarms = event.components.filter((component) => component.type === "VALARM");
    expect(alarms.map((alarm) => [alarm.get("ACTION"), alarm.get("TRIGGER")])).toEqual([
      ["DISPLAY", "-PT24H"],
      ["DISPLAY", "-PT1H"],
    ]);
    expect(alarms.every((alarm) => (alarm.get("DESCRIPTION") ?? "").length > 0)).toBe(true);

    await cancelBookingWithLink(t.db, tokenOf(manageUrl), bookingContext());
    const cancel = await t.db
      .selectFrom("mailOutbox")
      .select("calendarEvent")
      .where("kind", "=", "booking_cancelled_visitor")
      .where("relatedId", "=", booking.id)
      .executeTakeFirstOrThrow();
    const cancelled = eventOf(parseICalendar(JSON.parse(cancel.calendarEvent ?? "{}").content));
    expect(cancelled.components.filter((c) => c.type === "VALARM")).toEqual([]);
  });

  it("marks a past meeting held or no-show, audited; a no-show is mailed a way to book again, once", async () => {
    const { booking } = await book();
    const after = new Date(START + HOUR);
    const mail = bookingContext().mail;
    const held = await setBookingOutcome(
      t.db,
      SYSTEM_ACTOR,
      { bookingId: booking.id, outcome: "completed" },
      after,
      mail,
    );
    expect(held).toMatchObject({ ok: true, booking: { status: "completed" } });
    expect(BOOKING_STATUS_LABELS.completed).toBe("Held");
    const noShow = await setBookingOutcome(
      t.db,
      SYSTEM_ACTOR,
      { bookingId: booking.id, outcome: "no_show" },
      after,
      mail,
    );
    expect(noShow).toMatchObject({ ok: true, booking: { status: "no_show" } });
    await setBookingOutcome(
      t.db,
      SYSTEM_ACTOR,
      { bookingId: booking.id, outcome: "no_show" },
      after,
      mail,
    );
    const mails = await t.db
      .selectFrom("mailOutbox")
      .select(["toAddress", "subject", "textBody", "htmlBody"])
      .where("kind", "=", "booking_no_show_visitor")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe(booking.visitorEmail);
    expect(mails[0]?.subject).toMatch(/^We missed you: book another time with /);
    expect(mails[0]?.textBody).toContain("https://trc.example.in/book");
    expect(mails[0]?.htmlBody).toContain('href="https://trc.example.in/book"');
    const audit = await t.db
      .selectFrom("auditLog")
      .select("summary")
      .where("entityId", "=", booking.id)
      .where("action", "=", "status")
      .orderBy("createdAt")
      .execute();
    expect(audit.map((row) => row.summary.replace(/ on .* as /, " as "))).toEqual([
      `Marked the consultation of ${booking.visitorName} as held`,
      `Marked the consultation of ${booking.visitorName} as a no-show`,
    ]);
  });
});
