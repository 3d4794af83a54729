import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  NOW,
  TUESDAY_10_IST,
} from "~/modules/bookings/booking-fixtures";
import { dayRangeIn } from "~/modules/bookings/booking-time";
import { readAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { type Radicale, startRadicale } from "../../../tests/integration/calendars/radicale";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { addCalendar, removeCalendar, replaceCalendarSecret } from "./calendar-commands.server";
import { calendarKey } from "./calendar-secrets.server";
import { getCalendar, listCalendars } from "./calendar-store.server";
import { SYNC_EVERY_MS, syncCalendar, syncDueCalendars } from "./calendar-sync.server";

/*
 * Consultants' calendars against a real CalDAV server (radicale, started here) and a secret
 * address served by a small HTTP server: an event put in the calendar leaves /book's free times
 * after a sync. The clock is Monday 2 March 2026, 05:30 IST; the consultant works weekdays
 * 10:00-18:00 IST with the default 15-minute buffer.
 */

const KEY = calendarKey("test-auth-secret-for-calendars-0123456789");
const USER = "anna";
const PASSWORD = "correct horse battery staple";

const ics = (...lines: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    "BEGIN:VEVENT",
    "DTSTAMP:20260301T000000Z",
    ...lines,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

/** The IST times ("11:00") of a day's free slots. */
async function freeTimes(db: TestDatabase["db"], date: string, now = NOW) {
  const slots = await findFreeSlots(db, { ...dayRangeIn(date, "Asia/Kolkata"), now });
  return slots.map((slot) =>
    new Date(slot.startsAt).toLocaleTimeString("en-GB", {
      timeZone: "Asia/Kolkata",
      hour: "2-digit",
      minute: "2-digit",
    }),
  );
}

const ALL_DAY = [
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
  "17:30",
];

describe.each(DIALECTS)("consultants' calendars, on %s", (dialect) => {
  let t: TestDatabase;
  let radicale: Radicale;
  let feed: Server;
  let feedText = "";
  let feedUrl = "";

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    radicale = await startRadicale({ [USER]: PASSWORD });
    feed = createServer((request, response) => {
      if (request.url !== "/private-3f9a1c/basic.ics") {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "content-type": "text/calendar" }).end(feedText);
    });
    await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
    feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/private-3f9a1c/basic.ics`;
  });
  afterAll(async () => {
    await radicale?.stop();
    await new Promise((resolve) => feed?.close(resolve));
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("calendarBookingCopies").execute();
    await t.db.deleteFrom("consultantBusyIntervals").execute();
    await t.db.deleteFrom("consultantCalendars").execute();
    await clearBookings(t.db);
  });

  async function caldavCalendar(name: string, writeBookings = false) {
    const { consultant } = await consultantFixture(t.db);
    const url = await radicale.makeCalendar(USER, PASSWORD, name);
    const added = await addCalendar(t.db, SYSTEM_ACTOR, KEY, {
      kind: "caldav",
      consultantId: consultant.id,
      label: "Work",
      url,
      username: USER,
      password: PASSWORD,
      writeBookings,
    });
    if (!added.ok) throw new Error(added.error);
    return { consultant, url, calendar: added.value };
  }

  it("takes a busy event and a weekly series in the CalDAV calendar out of the free times", async () => {
    const { url } = await caldavCalendar("busy-and-series");
    expect(await freeTimes(t.db, "2026-03-03")).toEqual(ALL_DAY);
    await radicale.putEvent(
      url,
      USER,
      PASSWORD,
      "board",
      ics(
        "UID:board-meeting",
        "SUMMARY:Board meeting",
        "DTSTART;TZID=Asia/Kolkata:20260303T110000",
        "DTEND;TZID=Asia/Kolkata:20260303T120000",
      ),
    );
    // Every Wednesday 09:30-10:30 in London (GMT in March): 15:00-16:00 IST.
    await radicale.putEvent(
      url,
      USER,
      PASSWORD,
      "weekly",
      ics(
        "UID:weekly-review",
        "SUMMARY:Weekly review",
        "DTSTART;TZID=Europe/London:20260304T093000",
        "DTEND;TZID=Europe/London:20260304T103000",
        "RRULE:FREQ=WEEKLY",
      ),
    );
    const before = await readAvailabilityVersion(t.db);

    const outcomes = await syncDueCalendars(t.db, { key: KEY, owner: "instance-a", now: NOW });
    expect(outcomes.map((o) => o.outcome.status)).toEqual(["synced"]);

    // 11:00-12:00 and the 15-minute buffer either side: 10:30 to 12:00 go.
    expect(await freeTimes(t.db, "2026-03-03")).toEqual(
      ALL_DAY.filter((time) => !["10:30", "11:00", "11:30", "12:00"].includes(time)),
    );
    const wednesdayWithout = ALL_DAY.filter(
      (time) => !["14:30", "15:00", "15:30", "16:00"].includes(time),
    );
    expect(await freeTimes(t.db, "2026-03-04")).toEqual(wednesdayWithout);
    expect(await freeTimes(t.db, "2026-03-11")).toEqual(wednesdayWithout);
    expect(await freeTimes(t.db, "2026-03-05")).toEqual(ALL_DAY);
    // The /book cache sees the change.
    expect(await readAvailabilityVersion(t.db)).toBeGreaterThan(before);

    // The meeting is cancelled in the calendar: the time comes back with the next sync.
    await radicale.deleteEvent(url, USER, PASSWORD, "board");
    const later = new Date(NOW.getTime() + SYNC_EVERY_MS);
    expect(
      await syncDueCalendars(t.db, { key: KEY, owner: "instance-a", now: later }),
    ).toHaveLength(1);
    expect(await freeTimes(t.db, "2026-03-03", later)).toEqual(ALL_DAY);
  });

  it("shows a refused password with the last good sync, and keeps the busy times it knew", async () => {
    const { url, calendar } = await caldavCalendar("wrong-password");
    await radicale.putEvent(
      url,
      USER,
      PASSWORD,
      "busy",
      ics("UID:busy", "DTSTART:20260303T053000Z", "DTEND:20260303T063000Z"),
    );
    await syncCalendar(t.db, calendar.id, { key: KEY, owner: "a", now: NOW });
    const withBusy = await freeTimes(t.db, "2026-03-03");
    expect(withBusy).not.toContain("11:00");

    await replaceCalendarSecret(t.db, SYSTEM_ACTOR, KEY, calendar.id, "not the password");
    const later = new Date(NOW.getTime() + 60_000);
    const outcome = await syncCalendar(t.db, calendar.id, { key: KEY, owner: "a", now: later });
    expect(outcome).toEqual({
      status: "failed",
      error: "The calendar server refused the user name or password (HTTP 401).",
    });
    expect(await getCalendar(t.db, calendar.id)).toMatchObject({
      lastError: "The calendar server refused the user name or password (HTTP 401).",
      lastSyncedAt: NOW.toISOString(),
      lastAttemptAt: later.toISOString(),
    });
    expect(await freeTimes(t.db, "2026-03-03", later)).toEqual(withBusy);
  });

  it("lets one instance at a time sync a calendar", async () => {
    const { calendar } = await caldavCalendar("one-at-a-time");
    const outcomes = await Promise.all([
      syncCalendar(t.db, calendar.id, { key: KEY, owner: "instance-a", now: NOW }),
      syncCalendar(t.db, calendar.id, { key: KEY, owner: "instance-b", now: NOW }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["skipped", "synced"]);
  });

  it("reads a secret address: all-day events block the day, cancelled and free ones do not", async () => {
    const { consultant } = await consultantFixture(t.db);
    feedText = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
      "BEGIN:VEVENT",
      "UID:holiday",
      "DTSTAMP:20260301T000000Z",
      "DTSTART;VALUE=DATE:20260305",
      "DTEND;VALUE=DATE:20260306",
      "SUMMARY:Holi",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:called-off",
      "DTSTAMP:20260301T000000Z",
      "DTSTART:20260303T053000Z",
      "DTEND:20260303T063000Z",
      "STATUS:CANCELLED",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:reminder",
      "DTSTAMP:20260301T000000Z",
      "DTSTART:20260303T083000Z",
      "DTEND:20260303T093000Z",
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const added = await addCalendar(t.db, SYSTEM_ACTOR, KEY, {
      kind: "ics",
      consultantId: consultant.id,
      label: "Google",
      secretAddress: feedUrl,
    });
    if (!added.ok) throw new Error(added.error);
    await syncDueCalendars(t.db, { key: KEY, owner: "a", now: NOW });
    expect(await freeTimes(t.db, "2026-03-05")).toEqual([]);
    expect(await freeTimes(t.db, "2026-03-03")).toEqual(ALL_DAY);
    expect(await freeTimes(t.db, "2026-03-06")).toEqual(ALL_DAY);
  });

  it("stores the credentials encrypted and never hands them out", async () => {
    const { consultant } = await consultantFixture(t.db);
    await addCalendar(t.db, SYSTEM_ACTOR, KEY, {
      kind: "ics",
      consultantId: consultant.id,
      label: "Outlook",
      secretAddress: feedUrl,
    });
    const [stored] = await t.db.selectFrom("consultantCalendars").selectAll().execute();
    expect(stored?.secret).not.toContain("private-3f9a1c");
    expect(stored?.address).toBe("127.0.0.1 (secret address saved)");
    const listed = await listCalendars(t.db, consultant.id);
    expect(JSON.stringify(listed)).not.toContain("private-3f9a1c");
    expect(listed[0]).not.toHaveProperty("secret");
  });

  it("frees the calendar's busy times when it is removed", async () => {
    const { url, calendar } = await caldavCalendar("removed");
    await radicale.putEvent(
      url,
      USER,
      PASSWORD,
      "busy",
      ics("UID:busy", "DTSTART:20260303T053000Z", "DTEND:20260303T063000Z"),
    );
    await syncCalendar(t.db, calendar.id, { key: KEY, owner: "a", now: NOW });
    expect(await freeTimes(t.db, "2026-03-03")).not.toContain("11:00");
    const before = await readAvailabilityVersion(t.db);
    await removeCalendar(t.db, SYSTEM_ACTOR, calendar.id);
    expect(await freeTimes(t.db, "2026-03-03")).toEqual(ALL_DAY);
    expect(await readAvailabilityVersion(t.db)).toBeGreaterThan(before);
  });

  it("writes the consultant's bookings into the calendar, and takes a cancelled one out", async () => {
    const { url, calendar } = await caldavCalendar("bookings-written", true);
    const booked = await bookConsultation(
      t.db,
      bookingRequest(TUESDAY_10_IST, { firstName: "Meera", lastName: "Shah", company: "Acme" }),
      bookingContext(NOW),
    );
    if (booked.status !== "booked") throw new Error(booked.status);
    const objectUrl = `${url}trc-consultation-${booked.booking.id}.ics`;
    const read = () =>
      fetch(objectUrl, {
        headers: {
          authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`,
        },
      });

    expect(await syncCalendar(t.db, calendar.id, { key: KEY, owner: "a", now: NOW })).toEqual({
      status: "synced",
      changed: false,
      busyTimes: 0,
    });
    const copy = await (await read()).text();
    expect(copy).toContain("SUMMARY:Consultation: Meera Shah (Acme)");
    expect(copy).toContain("DTSTART:20260303T043000Z");
    // Our own copy is not read back as a busy time: the booking holds its time by itself.
    expect(await t.db.selectFrom("consultantBusyIntervals").selectAll().execute()).toEqual([]);

    // Cancelled (as cancelBookingAs leaves it): the next sync deletes the copy.
    await t.db
      .updateTable("bookings")
      .set({ status: "cancelled", icsSequence: booked.booking.icsSequence + 1 })
      .where("id", "=", booked.booking.id)
      .execute();
    const later = new Date(NOW.getTime() + SYNC_EVERY_MS);
    await syncCalendar(t.db, calendar.id, { key: KEY, owner: "a", now: later });
    expect((await read()).status).toBe(404);
    // The copy read in that same sync (before its deletion) did not block the time freed.
    expect(await t.db.selectFrom("consultantBusyIntervals").selectAll().execute()).toEqual([]);
    expect(await getCalendar(t.db, calendar.id)).toMatchObject({ lastError: null });
  });
});
