import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES, bookConsultation } from "~/modules/bookings/booking-commands.server";
import { bookingRequest, consultantFixture } from "~/modules/bookings/booking-fixtures";
import { currentMonday } from "~/modules/bookings/booking-query";
import { getBooking } from "~/modules/bookings/booking-store.server";
import { addDaysToKey, instantOf } from "~/modules/bookings/booking-time";
import { manageToken } from "~/modules/bookings/manage-link.server";
import { getReminderSettings } from "~/modules/bookings/reminder-settings.server";
import { leadMailOptions } from "~/modules/mail/options.server";
import * as availabilityPage from "~/routes/admin/bookings.availability";
import * as manage from "~/routes/public/book-manage";
import { renderedText } from "../../support/render-route";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * Issue 25 through the routes: past the cut-off the private link page says how to reach the
 * firm and a late post (no JavaScript needed) is refused with a clear message; staff set the
 * reminders and the cut-off on the bookings setup page, checked on the server.
 */

const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)("reminders and the cut-off through the pages (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: Awaited<ReturnType<typeof editorAndAdmin>>["admin"];
  const nextWednesday = addDaysToKey(currentMonday(), 9);

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ admin } = await editorAndAdmin(h));
    await consultantFixture(h.db, { name: "Asha Rao" });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A booking whose meeting starts `hoursAhead` from now (moved there directly in the table). */
  const bookSoon = async (hoursAhead: number, time: string) => {
    const outcome = await bookConsultation(
      h.db,
      bookingRequest(instantOf(nextWednesday, time).toISOString()),
      { secret: h.config.authSecret, mail: leadMailOptions(h.config) },
    );
    if (outcome.status !== "booked") throw new Error(outcome.status);
    const startsAt = new Date(Date.now() + hoursAhead * HOUR).toISOString();
    await h.db
      .updateTable("bookings")
      .set({ startsAt, endsAt: new Date(Date.parse(startsAt) + HOUR / 2).toISOString() })
      .where("id", "=", outcome.booking.id)
      .execute();
    return outcome.booking;
  };
  const open = async (token: string) =>
    h.loader<{ state: string; changes: { open: boolean } }>(
      manage,
      h.get(`/book/manage/${token}`),
      { params: { token }, context: await h.publicContext() },
    );
  const post = async (token: string, fields: Record<string, string>) =>
    h.action<{ intent: string; error?: string }>(manage, h.post(`/book/manage/${token}`, fields), {
      params: { token },
      context: await h.publicContext(),
    });

  it("past the cut-off shows how to reach the firm and refuses a late change", async () => {
    const booking = await bookSoon(2, "10:00");
    const token = manageToken(h.config.authSecret, booking);
    const page = await open(token);
    expect(page.data.state).toBe("ok");
    expect(page.data.changes.open).toBe(false);
    const text = renderedText(manage, `/book/manage/${token}`, page.data);
    expect(text).toContain("Need to reschedule or cancel?");
    expect(text).toMatch(
      /Online changes close 4 hours before the meeting\. To reschedule or cancel now, please e-mail \S+@\S+ or call /,
    );
    expect(text).not.toContain("Yes, cancel my consultation");

    const cancelled = await post(token, { intent: "cancel", confirm: "yes" });
    expect(cancelled.status).toBe(409);
    expect(cancelled.data).toEqual({ intent: "cancel", error: BOOKING_MESSAGES.cut_off });
    const moved = await post(token, {
      intent: "move",
      startsAt: instantOf(nextWednesday, "15:00").toISOString(),
    });
    expect(moved.status).toBe(409);
    expect(moved.data).toMatchObject({ intent: "move", error: BOOKING_MESSAGES.cut_off });
    expect((await getBooking(h.db, booking.id))?.status).toBe("booked");
  });

  it("before the cut-off still offers the forms", async () => {
    const booking = await bookSoon(6, "11:00");
    const token = manageToken(h.config.authSecret, booking);
    const page = await open(token);
    expect(page.data.changes.open).toBe(true);
    expect(renderedText(manage, `/book/manage/${token}`, page.data)).not.toContain(
      "Need to reschedule or cancel?",
    );
  });

  it("lets an admin set the reminders and the cut-off, with a message per wrong field", async () => {
    const setup = (fields: Record<string, string>) =>
      h.action<{ errors?: Record<string, string>; message?: string }>(
        availabilityPage,
        h.post("/admin/bookings/availability", fields, { cookie: admin.cookie }),
      );
    const wrong = await setup({
      intent: "reminders",
      reminderHours: "a day",
      visitorCutoffHours: "x",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.errors).toEqual({
      reminderHours:
        "Reminders must be whole hours from 1 to 168, separated by commas, such as 24, 1",
      visitorCutoffHours: "Cut-off must be a number",
    });
    const saved = await setup({
      intent: "reminders",
      reminderHours: "48, 2",
      visitorCutoffHours: "6",
    });
    expect(saved.data.message).toBe("Reminder settings saved.");
    expect(await getReminderSettings(h.db)).toEqual({
      reminderHours: "48, 2",
      visitorCutoffHours: 6,
    });
    const page = await h.loader<{ reminders: unknown }>(
      availabilityPage,
      h.get("/admin/bookings/availability", { cookie: admin.cookie }),
    );
    expect(page.data.reminders).toEqual({ reminderHours: "48, 2", visitorCutoffHours: 6 });
  });
});
