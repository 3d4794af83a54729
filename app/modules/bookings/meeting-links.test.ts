import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CalendarInvite } from "~/modules/mail/outbox.server";
import { generalSettingsSchema } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { updateGeneralSettings } from "~/modules/settings/settings-commands.server";
import { parseForm } from "~/web/parse-form";
import { eventOf, parseICalendar } from "../../../tests/support/icalendar";
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
  TUESDAY_10_IST,
  TUESDAY_11_IST,
} from "./booking-fixtures";
import { currentInvitation } from "./manage-page.server";
import { meetingRoomFormSchema } from "./meeting-link";
import { consultantRoomOf, joinLinkOf } from "./meeting-links.server";
import { setConsultantRoom } from "./meeting-room-commands.server";

/*
 * Issue 25, meeting links (decision 0047): a consultant's own room is checked and saved through
 * a command; a booking is joined in that room, else in a room generated for it on the Jitsi Meet
 * server of Settings; the link is the same in every mail and invitation of the booking, moved or
 * not, and the invitations carry it as LOCATION and URL.
 */

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const ROOM_MESSAGE = "Enter the https address of a Google Meet, Zoom or Microsoft Teams meeting";

describe.each(DIALECTS)("meeting links, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
    await t.db.deleteFrom("consultantMeetingRooms").execute();
    await t.db.deleteFrom("bookingMeetingRooms").execute();
    await t.db.deleteFrom("settings").where("id", "=", "general").execute();
  });

  const mailsOf = (bookingId: string) =>
    t.db
      .selectFrom("mailOutbox")
      .select(["kind", "textBody", "htmlBody", "calendarEvent"])
      .where("relatedId", "=", bookingId)
      .orderBy("id")
      .execute();

  const eventIn = (calendarEvent: string | null) => {
    const invite = JSON.parse(calendarEvent ?? "null") as CalendarInvite;
    return eventOf(parseICalendar(invite.content));
  };

  it("checks a consultant's own room on the server and saves it through a command", async () => {
    const { consultant, actor } = await consultantFixture(t.db);
    for (const refused of [
      "http://meet.google.com/abc-defg-hij",
      "https://meet.google.com.evil.example/abc",
      "https://example.com/meeting",
      "javascript:alert(1)",
      "https://user:pass@acme.zoom.us/j/123",
      "meet.google.com/abc-defg-hij",
    ]) {
      const parsed = parseForm(meetingRoomFormSchema, form({ meetingUrl: refused }));
      expect(parsed.success, refused).toBe(false);
      if (!parsed.success) expect(parsed.errors.meetingUrl).toBe(ROOM_MESSAGE);
    }
    for (const accepted of [
      "https://meet.google.com/abc-defg-hij",
      "https://acme.zoom.us/j/1234567890?pwd=abc",
      "https://teams.microsoft.com/l/meetup-join/19%3ameeting",
    ]) {
      expect(parseForm(meetingRoomFormSchema, form({ meetingUrl: accepted })).success).toBe(true);
    }

    const parsed = parseForm(
      meetingRoomFormSchema,
      form({ meetingUrl: " https://acme.zoom.us/j/1 " }),
    );
    if (!parsed.success) throw new Error("refused");
    const saved = await setConsultantRoom(t.db, actor, consultant.id, parsed.data.meetingUrl);
    expect(saved.ok).toBe(true);
    expect(await consultantRoomOf(t.db, consultant.id)).toBe("https://acme.zoom.us/j/1");
    const audit = await t.db
      .selectFrom("auditLog")
      .select("summary")
      .where("entityId", "=", consultant.id)
      .orderBy("createdAt", "desc")
      .executeTakeFirst();
    expect(audit?.summary).toContain("https://acme.zoom.us/j/1");

    // Empty gives the consultant's bookings generated rooms again.
    expect((await setConsultantRoom(t.db, actor, consultant.id, "")).ok).toBe(true);
    expect(await consultantRoomOf(t.db, consultant.id)).toBe("");
    // A consultant removed meanwhile is refused, with nothing stored.
    expect(await setConsultantRoom(t.db, actor, "cns_gone", "https://meet.google.com/x")).toEqual({
      ok: false,
      error: "This consultant no longer exists",
    });
  });

  it("joins in the consultant's room when they have one, else in a Jitsi room on the server of Settings", async () => {
    const own = await consultantFixture(t.db);
    const room = "https://meet.google.com/abc-defg-hij";
    await setConsultantRoom(t.db, own.actor, own.consultant.id, room);
    const first = await bookConsultation(t.db, bookingRequest(TUESDAY_10_IST), bookingContext());
    if (first.status !== "booked") throw new Error(first.status);
    // Both consultants are free at 10:00; the one with the room took it (the first added).
    expect(first.booking.consultantId).toBe(own.consultant.id);
    expect(await joinLinkOf(t.db, first.booking)).toEqual({ url: room, kind: "consultant" });

    // The public Jitsi server until Settings name another.
    const other = await consultantFixture(t.db);
    const second = await bookConsultation(t.db, bookingRequest(TUESDAY_10_IST), bookingContext());
    if (second.status !== "booked") throw new Error(second.status);
    expect(second.booking.consultantId).toBe(other.consultant.id);
    const generated = await joinLinkOf(t.db, second.booking);
    expect(generated.kind).toBe("generated");
    expect(generated.url).toMatch(/^https:\/\/meet\.jit\.si\/Consultation-[0-9a-f]{32}$/);
    // Nothing a visitor sees (the booking's id or UID) names the room.
    expect(generated.url).not.toContain(second.booking.id);

    const settings = await getGeneralSettings(t.db);
    const refused = generalSettingsSchema.safeParse({
      ...settings,
      meetingServerUrl: "http://jitsi.example.in",
    });
    expect(refused.success).toBe(false);
    await updateGeneralSettings(t.db, other.actor, {
      ...settings,
      meetingServerUrl: generalSettingsSchema.shape.meetingServerUrl.parse(
        "https://jitsi.example.in/",
      ),
    });
    const onOwnServer = await joinLinkOf(t.db, second.booking);
    // The same room on the firm's server: only the server changed.
    expect(onOwnServer.url).toBe(
      generated.url.replace("https://meet.jit.si", "https://jitsi.example.in"),
    );
    // Read again (a restart, another instance): the same room.
    expect(await joinLinkOf(t.db, second.booking)).toEqual(onOwnServer);
  });

  it("gives the same link in the booked and moved mails and invitations, and none when cancelled", async () => {
    const { actor } = await consultantFixture(t.db);
    const context = bookingContext();
    const outcome = await bookConsultation(t.db, bookingRequest(TUESDAY_10_IST), context);
    if (outcome.status !== "booked") throw new Error(outcome.status);
    const { url } = await joinLinkOf(t.db, outcome.booking);
    const moved = await moveBooking(
      t.db,
      actor,
      { bookingId: outcome.booking.id, startsAt: TUESDAY_11_IST },
      context,
    );
    expect(moved.ok).toBe(true);

    const beforeCancel = await mailsOf(outcome.booking.id);
    expect(beforeCancel.map((mail) => mail.kind).sort()).toEqual(
      [
        "booking_booked_consultant",
        "booking_booked_firm",
        "booking_booked_visitor",
        "booking_moved_consultant",
        "booking_moved_firm",
        "booking_moved_visitor",
      ].sort(),
    );
    for (const mail of beforeCancel) {
      expect(mail.textBody, mail.kind).toContain(`To join the meeting at its time, open: ${url}`);
      // A button on the mail layout, not a bare address.
      const button = new RegExp(`<a[^>]*href="${url}"[^>]*>(?:(?!</a>)[\\s\\S])*Join the meeting`);
      expect(button.test(mail.htmlBody), mail.kind).toBe(true);
      const event = eventIn(mail.calendarEvent);
      expect(event.get("LOCATION"), mail.kind).toBe(url);
      expect(event.get("URL"), mail.kind).toBe(url);
      expect(event.get("DESCRIPTION"), mail.kind).toContain(`Join: ${url}`);
    }
    // The moved booking kept its room, and the private page's invitation names it too.
    expect(await joinLinkOf(t.db, outcome.booking)).toEqual({ url, kind: "generated" });
    const invitation = await currentInvitation(t.db, outcome.booking, "https://trc.example.in/m");
    const current = eventOf(parseICalendar(invitation.content));
    expect(current.get("LOCATION")).toBe(url);
    expect(current.get("URL")).toBe(url);

    expect((await cancelBooking(t.db, actor, outcome.booking.id, context)).ok).toBe(true);
    const cancelled = (await mailsOf(outcome.booking.id)).filter((mail) =>
      mail.kind.startsWith("booking_cancelled"),
    );
    expect(cancelled).toHaveLength(3);
    for (const mail of cancelled) {
      expect(mail.textBody).not.toContain(url);
      expect(eventIn(mail.calendarEvent).get("LOCATION")).toBeUndefined();
    }
  });
});
