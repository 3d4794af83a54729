import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViewSchema } from "~/modules/analytics/analytics.schema";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import {
  BOOKING_MESSAGES,
  type BookingContext,
  bookConsultation,
} from "~/modules/bookings/booking-commands.server";
import { bookingRequest, consultantFixture } from "~/modules/bookings/booking-fixtures";
import { currentMonday } from "~/modules/bookings/booking-query";
import type { Booking } from "~/modules/bookings/booking-store.server";
import { addDaysToKey, instantOf } from "~/modules/bookings/booking-time";
import { manageLinkPath, manageToken } from "~/modules/bookings/manage-link.server";
import type { PickerDay } from "~/modules/bookings/slot-listing";
import { leadMailOptions } from "~/modules/mail/options.server";
import type { CalendarInvite } from "~/modules/mail/outbox.server";
import * as manage from "~/routes/public/book-manage";
import * as layout from "~/routes/public/layout";
import * as invite from "~/routes/resources/booking-invite";
import { eventOf, parseICalendar, utcOf } from "../../support/icalendar";
import { renderedText } from "../../support/render-route";
import { BASE_URL, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * The visitor's private link page (/book/manage/:token) through its loader and action, on both
 * dialects: the booking in the visitor's zone with IST beside, never stored by the page cache;
 * links that are not ours (404, never a 500); a move to a free time (a new link, the old one
 * superseded, the invitation's UID kept and SEQUENCE raised), to a taken one (409 with the
 * nearest free times); a cancel (the time free again, a CANCEL mailed); a link whose meeting has
 * started; and "Add to calendar" (the current invitation).
 */

const DAY = 24 * 60 * 60 * 1000;

type OkData = {
  state: "ok";
  flash: string | null;
  path: string;
  booking: { startsAt: string; when: string; whenIst: string; visitorEmail: string };
  consultantName: string;
  timeZone: string;
  days: PickerDay[];
};
type StateData = { state: string; flash: string | null };
type ActionData = {
  intent: string;
  state?: string;
  error?: string;
  nearest?: PickerDay[];
};

describe.each(DIALECTS)("the private link page (%s)", (dialect) => {
  let h: RouteHarness;
  let context: () => BookingContext;
  /** Next week's weekdays (IST), all bookable with the default notice and window. */
  const monday = addDaysToKey(currentMonday(), 7);
  const at = (dayOffset: number, time: string) =>
    instantOf(addDaysToKey(monday, dayOffset), time).toISOString();

  const book = async (startsAt: string, overrides = {}, now = new Date()) => {
    const outcome = await bookConsultation(h.db, bookingRequest(startsAt, overrides), {
      ...context(),
      now,
    });
    if (outcome.status !== "booked") throw new Error(`Not booked: ${outcome.status}`);
    return outcome.booking;
  };
  const pathOf = (booking: Pick<Booking, "id" | "manageLinkVersion">) =>
    manageLinkPath(h.config.authSecret, booking);
  const tokenOf = (booking: Pick<Booking, "id" | "manageLinkVersion">) =>
    manageToken(h.config.authSecret, booking);
  const open = async <T = OkData>(token: string, search = "") =>
    h.loader<T>(manage, h.get(`/book/manage/${token}${search}`), {
      params: { token },
      context: await h.publicContext(),
    });
  const post = async (token: string, fields: Record<string, string>, origin?: string) =>
    h.action<ActionData>(manage, h.post(`/book/manage/${token}`, fields, { origin }), {
      params: { token },
      context: await h.publicContext(),
    });
  const invitationOf = async (token: string) =>
    h.loader(invite, h.get(`/book/manage/${token}/invite.ics`), { params: { token } });
  /** The invitations queued for a booking, oldest first: to whom, and the calendar. */
  const mailsOf = async (booking: Booking) => {
    const rows = await h.db
      .selectFrom("mailOutbox")
      .select(["kind", "toAddress", "calendarEvent", "createdAt", "id"])
      .where("relatedId", "=", booking.id)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    return rows.map((row) => {
      const calendar = JSON.parse(row.calendarEvent ?? "null") as CalendarInvite | null;
      const parsed = parseICalendar(calendar?.content ?? "");
      return { kind: row.kind, to: row.toAddress, calendar: parsed, event: eventOf(parsed) };
    });
  };

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    context = () => ({ secret: h.config.authSecret, mail: leadMailOptions(h.config) });
    await consultantFixture(h.db, { name: "Asha Rao" });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("shows the booking in the visitor's zone with IST beside, and is never stored", async () => {
    // Friday 10:00 IST is Thursday 8:30 pm in Los Angeles (daylight or not: 9:30 pm in winter).
    const booking = await book(at(4, "10:00"), { timeZone: "America/Los_Angeles" });
    const token = tokenOf(booking);
    const out = await open(token, "?booked=1");
    expect(out.status).toBe(200);
    expect(out.data.state).toBe("ok");
    expect(out.data.flash).toBe("booked");
    expect(out.data.consultantName).toBe("Asha Rao");
    expect(out.data.booking.when).toMatch(/^Thu .+, (8|9):30 pm \(America\/Los_Angeles\)$/);
    expect(out.data.booking.whenIst).toMatch(/^Fri .+, 10:00 am IST$/);
    // The times to move to are on the visitor's clock, IST beside: not the booking's own time,
    // but the one right after it, which only its own buffer would have blocked.
    expect(out.data.timeZone).toBe("America/Los_Angeles");
    const slots = out.data.days.flatMap((day) => day.slots);
    expect(slots.map((slot) => slot.startsAt)).not.toContain(booking.startsAt);
    const next = slots.find((slot) => slot.startsAt === at(4, "10:30"));
    expect(next?.istTime).toBe("10:30 am IST");
    expect(next?.time).toMatch(/^(9|10):00 pm$/);
    // ?tz= shows them on another clock.
    const inTokyo = await open(token, "?tz=Asia/Tokyo");
    const tokyoSlot = inTokyo.data.days
      .flatMap((day) => day.slots)
      .find((slot) => slot.startsAt === at(4, "10:30"));
    expect(tokyoSlot?.time).toBe("2:00 pm");
    const garbledZone = await open(token, "?tz=Mars/Olympus");
    expect(garbledZone.data.timeZone).toBe("America/Los_Angeles");

    // Never stored: not by the page cache, not by a browser; never indexed; no referrer leaves.
    expect(manage.handle.pageCache).toBe(false);
    const headers = new Headers(manage.headers({} as never) as HeadersInit);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("referrer-policy")).toBe("same-origin");
    expect(headers.get("x-robots-tag")).toBe("noindex");

    const text = renderedText(manage, `/book/manage/${token}?booked=1`, out.data);
    expect(text).toContain("You're booked");
    expect(text).toContain(`We have e-mailed an invitation to ${booking.visitorEmail}`);
    expect(text).toContain("30-minute consultation with Asha Rao");
    expect(text).toContain(out.data.booking.when);
    expect(text).toContain(out.data.booking.whenIst);
    expect(text).toContain("Move my consultation");
    expect(text).toContain("Yes, cancel my consultation");
    expect(text).toContain("Add to calendar");

    // The meta tags: noindex, no canonical address, the token nowhere.
    const site = (
      await h.loader<{ site: unknown }>(layout, h.get("/"), {
        context: await h.publicContext(),
      })
    ).data.site;
    const tags = manage.meta({
      matches: [{ id: "routes/public/layout", loaderData: { site } }],
      loaderData: out.data,
    } as never);
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ name: "referrer", content: "same-origin" });
    expect(tags.some((tag) => "rel" in tag && tag.rel === "canonical")).toBe(false);
    expect(JSON.stringify(tags)).not.toContain(token);
    // The page-view count keeps the page, not its key.
    expect(pageViewSchema.parse({ path: `/book/manage/${token}` }).path).toBe("/book/manage");
  });

  it("answers a forged or garbled link with the 'not valid' page (404), never a 500", async () => {
    const booking = await book(at(4, "12:00"));
    const real = tokenOf(booking);
    const forged = [
      "garbage",
      `${booking.id}.1.${"A".repeat(43)}`,
      // A real signature with another version or booking does not verify.
      real.replace(`.${booking.manageLinkVersion}.`, ".7."),
      `bkg_other.1.${real.split(".")[2]}`,
      "..%2F..%2Fetc",
      `${real}x`,
    ];
    for (const token of forged) {
      const page = await open<StateData>(token);
      expect(page.status, token).toBe(404);
      expect(page.data.state, token).toBe("invalid");
      const moved = await post(token, { intent: "move", startsAt: at(4, "15:00") });
      expect(moved.status, token).toBe(404);
      expect(moved.data).toEqual({ intent: "refused", state: "invalid" });
      const cancelled = await post(token, { intent: "cancel", confirm: "yes" });
      expect(cancelled.status, token).toBe(404);
      expect((await invitationOf(token)).status, token).toBe(404);
    }
    const text = renderedText(manage, `/book/manage/${forged[0]}`, {
      state: "invalid",
      flash: null,
    });
    expect(text).toContain("This link is not valid");
    expect(text).toContain("Book a new time");
    // Nothing changed the real booking.
    expect((await open(real)).data.booking.startsAt).toBe(booking.startsAt);
    // A post from another site is refused before anything is read.
    const crossSite = await post(
      real,
      { intent: "cancel", confirm: "yes" },
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    expect((await open(real)).data.state).toBe("ok");
  });

  it("moves to a free time: a new link, the old one superseded, the invitation updated", async () => {
    const booking = await book(at(1, "10:00"), { timeZone: "Asia/Kolkata" });
    const oldToken = tokenOf(booking);
    const target = at(1, "14:00");
    const out = await post(oldToken, {
      intent: "move",
      startsAt: target,
      timeZone: "Asia/Kolkata",
    });
    expect(out.status).toBe(303);
    const moved = { id: booking.id, manageLinkVersion: booking.manageLinkVersion + 1 };
    expect(out.location).toBe(`${pathOf(moved)}?moved=1#manage-status`);

    const page = await open(tokenOf(moved), "?moved=1");
    expect(page.data.state).toBe("ok");
    expect(page.data.flash).toBe("moved");
    expect(page.data.booking.startsAt).toBe(target);
    expect(page.data.booking.whenIst).toMatch(/, 2:00 pm IST$/);
    expect(renderedText(manage, `/book/manage/${tokenOf(moved)}?moved=1`, page.data)).toContain(
      `Your consultation was moved to ${page.data.booking.when}`,
    );
    const old = await open<StateData>(oldToken);
    expect(old.data.state).toBe("superseded");
    expect(renderedText(manage, `/book/manage/${oldToken}`, old.data)).toContain(
      "This booking was moved; use the link in the latest e-mail",
    );
    // The old link changes nothing any more.
    const again = await post(oldToken, { intent: "cancel", confirm: "yes" });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ intent: "refused", state: "superseded" });

    const mails = await mailsOf(booking);
    const visitor = mails.filter((mail) => mail.to === booking.visitorEmail);
    expect(visitor.map((mail) => mail.kind)).toEqual([
      "booking_booked_visitor",
      "booking_moved_visitor",
    ]);
    const [first, second] = visitor;
    expect(second?.calendar.get("METHOD")).toBe("REQUEST");
    expect(second?.event.get("UID")).toBe(first?.event.get("UID"));
    expect(second?.event.get("UID")).toBe(booking.icsUid);
    expect(Number(second?.event.get("SEQUENCE"))).toBe(Number(first?.event.get("SEQUENCE")) + 1);
    expect(utcOf(second?.event.get("DTSTART"))).toBe(target);
    // The new mail carries the new link; its URL is still where the meeting is joined (issue 25).
    expect(second?.event.get("DESCRIPTION")).toContain(`${BASE_URL}${pathOf(moved)}`);
    expect(second?.event.get("URL")).toBe(first?.event.get("URL"));
    expect(second?.event.get("URL")).toMatch(/^https:\/\/meet\.jit\.si\/Consultation-/);
    expect(mails.some((mail) => mail.kind === "booking_moved_consultant")).toBe(true);
  });

  it("answers a taken time with 409 and the nearest free times, and keeps the booking", async () => {
    const mine = await book(at(2, "10:00"), { timeZone: "Asia/Tokyo" });
    const theirs = await book(at(2, "11:00"));
    const token = tokenOf(mine);
    const out = await post(token, {
      intent: "move",
      startsAt: theirs.startsAt,
      timeZone: "Asia/Tokyo",
    });
    expect(out.status).toBe(409);
    expect(out.data.error).toBe(BOOKING_MESSAGES.taken);
    const nearest = out.data.nearest?.flatMap((day) => day.slots) ?? [];
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.map((slot) => slot.startsAt)).not.toContain(theirs.startsAt);
    expect(nearest.map((slot) => slot.startsAt)).not.toContain(mine.startsAt);
    // On the visitor's clock (Tokyo is IST + 3:30), IST beside.
    const noon = nearest.find((slot) => slot.startsAt === at(2, "12:00"));
    expect(noon).toEqual(expect.objectContaining({ time: "3:30 pm", istTime: "12:00 pm IST" }));
    const page = await open(token);
    expect(page.data.booking.startsAt).toBe(mine.startsAt);

    // No time, or not a time: 400 with the message, nothing changed.
    const empty = await post(token, { intent: "move", startsAt: "" });
    expect(empty.status).toBe(400);
    expect(empty.data.error).toBe("Choose a time");
    const nonsense = await post(token, { intent: "move", startsAt: "tomorrow at ten" });
    expect(nonsense.status).toBe(400);
    expect(nonsense.data.error).toBe("Choose a time from the list");
    const same = await post(token, { intent: "move", startsAt: mine.startsAt });
    expect(same.status).toBe(400);
    expect(same.data.error).toBe("That is your current time. Choose another time to move to.");
    expect((await open(token)).data.booking.startsAt).toBe(mine.startsAt);
  });

  it("cancels after the tick: the cancelled page, the time free again, a CANCEL mailed", async () => {
    const booking = await book(at(3, "10:00"));
    const token = tokenOf(booking);
    const unticked = await post(token, { intent: "cancel" });
    expect(unticked.status).toBe(400);
    expect(unticked.data.error).toBe("Tick “Yes, cancel my consultation” to cancel.");
    expect((await open(token)).data.state).toBe("ok");

    const out = await post(token, { intent: "cancel", confirm: "yes" });
    expect(out.status).toBe(303);
    expect(out.location).toBe(`${pathOf(booking)}?cancelled=1#manage-status`);
    const page = await open<StateData>(token, "?cancelled=1");
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ state: "cancelled", flash: "cancelled" });
    const text = renderedText(manage, `/book/manage/${token}?cancelled=1`, page.data);
    expect(text).toContain("Your consultation was cancelled. We have e-mailed you a cancellation.");
    expect(text).toContain("Book a new time");

    const free = await findFreeSlots(h.db, {
      from: new Date(booking.startsAt),
      to: new Date(Date.parse(booking.startsAt) + 1),
    });
    expect(free.map((slot) => slot.startsAt)).toEqual([booking.startsAt]);

    const visitor = (await mailsOf(booking)).filter((mail) => mail.to === booking.visitorEmail);
    const cancel = visitor.at(-1);
    expect(cancel?.kind).toBe("booking_cancelled_visitor");
    expect(cancel?.calendar.get("METHOD")).toBe("CANCEL");
    expect(cancel?.event.get("STATUS")).toBe("CANCELLED");
    expect(cancel?.event.get("UID")).toBe(booking.icsUid);
    expect(Number(cancel?.event.get("SEQUENCE"))).toBe(booking.icsSequence + 1);

    // Cancelling again, or moving, is refused with the cancelled page; the file is gone.
    const again = await post(token, { intent: "cancel", confirm: "yes" });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ intent: "refused", state: "cancelled" });
    expect((await invitationOf(token)).status).toBe(410);
  });

  it("says the meeting has started once it has, and changes nothing", async () => {
    const then = new Date(Date.now() - 10 * DAY);
    const [slot] = await findFreeSlots(h.db, {
      from: then,
      to: new Date(then.getTime() + 8 * DAY),
      now: then,
    });
    const booking = await book(slot!.startsAt, {}, then);
    const token = tokenOf(booking);
    const page = await open<StateData>(token);
    expect(page.data.state).toBe("started");
    expect(renderedText(manage, `/book/manage/${token}`, page.data)).toContain(
      "This meeting has already started or taken place",
    );
    const moved = await post(token, { intent: "move", startsAt: at(3, "15:00") });
    expect(moved.status).toBe(409);
    expect(moved.data).toEqual({ intent: "refused", state: "started" });
    const cancelled = await post(token, { intent: "cancel", confirm: "yes" });
    expect(cancelled.data).toEqual({ intent: "refused", state: "started" });
    expect((await invitationOf(token)).status).toBe(410);
  });

  it("gives the current invitation to add to a calendar", async () => {
    const booking = await book(at(0, "16:00"));
    const first = await invitationOf(tokenOf(booking));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(first.headers.get("content-disposition")).toBe('attachment; filename="invite.ics"');
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const calendar = parseICalendar((await first.response?.text()) ?? "");
    expect(calendar.get("METHOD")).toBe("REQUEST");
    const event = eventOf(calendar);
    expect(event.get("UID")).toBe(booking.icsUid);
    expect(event.get("SEQUENCE")).toBe("0");
    expect(utcOf(event.get("DTSTART"))).toBe(booking.startsAt);

    // After a move: the new time, the same UID, the sequence of the last mail.
    const target = at(0, "17:00");
    await post(tokenOf(booking), { intent: "move", startsAt: target });
    const moved = { id: booking.id, manageLinkVersion: booking.manageLinkVersion + 1 };
    const second = await invitationOf(tokenOf(moved));
    const movedEvent = eventOf(parseICalendar((await second.response?.text()) ?? ""));
    expect(movedEvent.get("UID")).toBe(booking.icsUid);
    expect(movedEvent.get("SEQUENCE")).toBe("1");
    expect(utcOf(movedEvent.get("DTSTART"))).toBe(target);
    expect((await invitationOf(tokenOf(booking))).status).toBe(410);
  });
});
