import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  consultantFixture,
} from "~/modules/bookings/booking-fixtures";
import { currentMonday } from "~/modules/bookings/booking-query";
import type { Booking } from "~/modules/bookings/booking-store.server";
import { addDaysToKey, instantOf } from "~/modules/bookings/booking-time";
import * as listPage from "~/routes/admin/bookings";
import * as detailPage from "~/routes/admin/bookings.$id";
import * as availabilityPage from "~/routes/admin/bookings.availability";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
  textOf,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * The staff's bookings pages through their loaders and actions, on both dialects: who may open
 * and change them, the list's views and filters, the week view placing bookings on their IST day
 * and time, cancel, move and outcome going through the module (with its refusals shown), and the
 * setup forms' messages per field with the typed values kept.
 */

const DAY = 24 * 60 * 60 * 1000;

interface ListData {
  list: { items: Array<{ id: string; status: string; consultantName: string }> } | null;
  week: {
    monday: string;
    previous: string;
    next: string;
    days: Array<{ date: string; bookings: Array<{ id: string; time: string }> }>;
  } | null;
}

describe.each(DIALECTS)("the staff's bookings pages (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  let asha: { id: string };
  let ravi: { id: string };
  /** Next week's Tuesday, 10:00 IST, with Asha. */
  let upcoming: Booking;
  /** Ten days ago with Ravi: past, its meeting started. */
  let past: Booking;
  const nextTuesday = addDaysToKey(currentMonday(), 8);

  const book = async (startsAt: string, now: Date, name: string) => {
    const outcome = await bookConsultation(
      h.db,
      bookingRequest(startsAt, { firstName: name, lastName: "Visitor" }),
      bookingContext(now),
    );
    if (outcome.status !== "booked") throw new Error(`Not booked: ${outcome.status}`);
    return outcome.booking;
  };

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor, admin } = await editorAndAdmin(h));
    asha = (await consultantFixture(h.db, { name: "Asha Rao" })).consultant;
    upcoming = await book(instantOf(nextTuesday, "10:00").toISOString(), new Date(), "Meera");
    // Ravi works Saturdays only, Asha weekdays: the past booking (a Saturday) is his.
    ravi = (
      await consultantFixture(h.db, {
        name: "Ravi Iyer",
        hours: [{ weekday: 6, start: "10:00", end: "18:00" }],
      })
    ).consultant;
    const then = new Date(Date.now() - 10 * DAY);
    const [slot] = await findFreeSlots(h.db, {
      from: then,
      to: new Date(then.getTime() + 8 * DAY),
      now: then,
      consultantId: ravi.id,
    });
    past = await book(slot!.startsAt, then, "Kiran");
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = async (search = "", staff = editor) =>
    (
      await h.loader<ListData>(
        listPage,
        h.get(`/admin/bookings${search}`, { cookie: staff.cookie }),
      )
    ).data;
  const post = (id: string, fields: Record<string, string>, staff = editor) =>
    h.action(detailPage, h.post(`/admin/bookings/${id}`, fields, { cookie: staff.cookie }), {
      params: { id },
    });
  const setup = (fields: Record<string, string>, staff = admin) =>
    h.action(
      availabilityPage,
      h.post("/admin/bookings/availability", fields, { cookie: staff.cookie }),
    );

  it("sends a signed-out visitor to sign in; editors read the setup, only admins change it", async () => {
    for (const module of [listPage, availabilityPage]) {
      const out = await h.loader(module, h.get("/admin/bookings"));
      expect(out.status).toBe(302);
      expect(out.location).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    const read = await h.loader<{ canEdit: boolean }>(
      availabilityPage,
      h.get("/admin/bookings/availability", { cookie: editor.cookie }),
    );
    expect(read.status).toBe(200);
    expect(read.data.canEdit).toBe(false);
    const change = await setup({ intent: "settings", bufferMinutes: "10" }, editor);
    expect(change.status).toBe(403);
  });

  it("lists upcoming and past bookings, filtered by consultant and status", async () => {
    const ids = (data: ListData) => data.list?.items.map((item) => item.id);
    expect(ids(await list())).toEqual([upcoming.id]);
    expect((await list()).list?.items[0]?.consultantName).toBe("Asha Rao");
    expect(ids(await list("?view=past"))).toEqual([past.id]);
    expect(ids(await list(`?consultant=${ravi.id}`))).toEqual([]);
    expect(ids(await list(`?view=past&consultant=${ravi.id}`))).toEqual([past.id]);
    expect(ids(await list("?status=cancelled"))).toEqual([]);
    expect(ids(await list("?status=booked"))).toEqual([upcoming.id]);
    // Nonsense in the URL is the default view, never an error.
    expect(ids(await list("?view=nope&status=nope"))).toEqual([upcoming.id]);
  });

  it("places a booking on its IST day and time in the week view, with the weeks either side", async () => {
    const nextMonday = addDaysToKey(nextTuesday, -1);
    const { week } = await list(`?view=week&week=${nextTuesday}`);
    expect(week?.monday).toBe(nextMonday);
    expect(week?.previous).toBe(addDaysToKey(nextMonday, -7));
    expect(week?.next).toBe(addDaysToKey(nextMonday, 7));
    expect(week?.days.map((day) => day.date)).toHaveLength(7);
    // 10:00 IST is 04:30 UTC: the week view shows IST.
    expect(week?.days[1]).toEqual(
      expect.objectContaining({
        date: nextTuesday,
        bookings: [expect.objectContaining({ id: upcoming.id, time: "10:00" })],
      }),
    );
    expect(week?.days.filter((day) => day.bookings.length > 0)).toHaveLength(1);
    const other = await list(`?view=week&week=${nextTuesday}&consultant=${ravi.id}`);
    expect(other.week?.days.every((day) => day.bookings.length === 0)).toBe(true);
  });

  it("refuses an outcome before the meeting and records it after", async () => {
    const early = await post(upcoming.id, { intent: "outcome", outcome: "completed" });
    expect(early.status).toBe(409);
    expect(textOf(early.data)).toContain("once it has started");
    const bad = await post(past.id, { intent: "outcome", outcome: "great" });
    expect(bad.status).toBe(400);
    const done = await post(past.id, { intent: "outcome", outcome: "no_show" });
    expect(done.status).toBe(200);
    expect((await list("?view=past&status=no_show")).list?.items.map((i) => i.id)).toEqual([
      past.id,
    ]);
  });

  it("moves a booking to a free slot the page offers, and refuses a time that is not free", async () => {
    const page = await h.loader<{ slots: { startsAt: string }[] }>(
      detailPage,
      h.get(`/admin/bookings/${upcoming.id}`, { cookie: editor.cookie }),
      { params: { id: upcoming.id } },
    );
    expect(page.data.slots.length).toBeGreaterThan(0);
    const missing = await post(upcoming.id, { intent: "move" });
    expect(missing.status).toBe(400);
    expect((missing.data as { moveError: string }).moveError).toBe("Choose a time");
    // Sunday: no one has hours.
    const sunday = instantOf(addDaysToKey(nextTuesday, 5), "10:00").toISOString();
    const taken = await post(upcoming.id, { intent: "move", startsAt: sunday });
    expect(taken.status).toBe(409);
    expect(textOf(taken.data)).toContain("That time was just taken");
    const target = instantOf(addDaysToKey(nextTuesday, 1), "11:30").toISOString();
    const moved = await post(upcoming.id, { intent: "move", startsAt: target });
    expect(moved.status).toBe(200);
    const { week } = await list(`?view=week&week=${nextTuesday}`);
    expect(week?.days[2]?.bookings.map((b) => [b.id, b.time])).toEqual([[upcoming.id, "11:30"]]);
  });

  it("cancels only with a confirmation, then refuses to change the cancelled booking", async () => {
    const ask = await post(upcoming.id, { intent: "cancel" });
    expect(textOf(ask.data)).toContain("Cancel booking");
    expect((await list("?status=booked")).list?.items).toHaveLength(1);
    const cancelled = await post(upcoming.id, { intent: "cancel", confirmed: "yes" });
    expect(cancelled.status).toBe(200);
    expect((await list("?status=cancelled")).list?.items.map((i) => i.id)).toEqual([upcoming.id]);
    const again = await post(upcoming.id, { intent: "cancel", confirmed: "yes" });
    expect(again.status).toBe(409);
    expect(textOf(again.data)).toContain("already cancelled");
    const gone = await post("no-such-booking", { intent: "cancel", confirmed: "yes" });
    expect(gone.status).toBe(404);
  });

  it("shows the setup forms' messages per field and keeps what was typed", async () => {
    const hours = await setup({
      intent: "hours",
      consultantId: asha.id,
      "start-1": "10:00",
      "end-1": "10:10",
      "start-2": "9:7",
      "start-3": "10:00",
      "end-3": "12:00",
      "start-3-2": "11:30",
      "end-3-2": "13:00",
    });
    expect(hours.status).toBe(400);
    expect(fieldMessage(hours.data, "start-3-2")).toBe(
      "Wednesday: the second hours overlap the first",
    );
    expect(typedValue(hours.data, "end-3-2")).toBe("13:00");
    expect(fieldMessage(hours.data, "end-1")).toContain("at least 30 minutes");
    expect(fieldMessage(hours.data, "start-2")).toContain("such as 09:30");
    expect(typedValue(hours.data, "end-1")).toBe("10:10");

    const settings = await setup({
      intent: "settings",
      bufferMinutes: "7",
      minimumNoticeHours: "x",
      horizonDays: "30",
    });
    expect(fieldMessage(settings.data, "bufferMinutes")).toContain("multiple of 5");
    expect(fieldMessage(settings.data, "minimumNoticeHours")).toContain("must be a number");
    expect(typedValue(settings.data, "bufferMinutes")).toBe("7");

    const block = await setup({ intent: "block", consultantId: asha.id, date: "2026-02-30" });
    expect(fieldMessage(block.data, "date")).toBe("Enter a real calendar date");
    const extra = await setup({
      intent: "extra",
      consultantId: asha.id,
      date: nextTuesday,
      start: "18:00",
      end: "",
    });
    expect(fieldMessage(extra.data, "end")).toBe("End time is required");
    const add = await setup({ intent: "add-consultant", displayName: "", dailyLimit: "99" });
    expect(fieldMessage(add.data, "userId")).toBe("Choose a staff member");
    expect(fieldMessage(add.data, "displayName")).toBe("Display name is required");
    expect(fieldMessage(add.data, "dailyLimit")).toContain("at most 16");
  });

  it("saves hours, blocks a date (counting that day's bookings), adds a consultant", async () => {
    const saved = await setup({
      intent: "hours",
      consultantId: ravi.id,
      "start-1": "09:00",
      "end-1": "13:00",
      // A split day: the afternoon after a lunch break.
      "start-1-2": "14:00",
      "end-1-2": "17:00",
    });
    expect(saved.status).toBe(200);
    const page = await h.loader<{ availability: { weeklyHours: unknown[] } }>(
      availabilityPage,
      h.get(`/admin/bookings/availability?consultant=${ravi.id}`, { cookie: admin.cookie }),
    );
    expect(page.data.availability.weeklyHours).toEqual([
      { weekday: 1, start: "09:00", end: "13:00" },
      { weekday: 1, start: "14:00", end: "17:00" },
    ]);
    const slot = instantOf(addDaysToKey(nextTuesday, 6), "09:30").toISOString();
    await book(slot, new Date(), "Nina");
    const blocked = await setup({
      intent: "block",
      consultantId: ravi.id,
      date: addDaysToKey(nextTuesday, 6),
      note: "Diwali",
    });
    expect(textOf(blocked.data)).toContain("1 booking is already that day");
    const twice = await setup({
      intent: "block",
      consultantId: ravi.id,
      date: addDaysToKey(nextTuesday, 6),
    });
    expect(twice.status).toBe(409);
    expect(fieldMessage(twice.data, "date")).toBe("This date is blocked already");

    const added = await setup({
      intent: "add-consultant",
      userId: editor.id,
      displayName: "Editor Consultant",
      dailyLimit: "4",
      active: "on",
    });
    expect(added.status).toBe(302);
    expect(added.location).toMatch(/^\/admin\/bookings\/availability\?consultant=.+&notice=added$/);
    const again = await setup({
      intent: "add-consultant",
      userId: editor.id,
      displayName: "Twice",
      dailyLimit: "4",
    });
    expect(fieldMessage(again.data, "userId")).toBe("This staff member is a consultant already");
  });
});
