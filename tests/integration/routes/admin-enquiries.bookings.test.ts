import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { cancelBooking } from "~/modules/bookings/booking-changes.server";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  consultantFixture,
} from "~/modules/bookings/booking-fixtures";
import { getBooking } from "~/modules/bookings/booking-store.server";
import { formatInZone, formatIst } from "~/modules/bookings/booking-time";
import type { EnquiryConsultation } from "~/modules/bookings/enquiry-consultations.server";
import * as list from "~/routes/admin/enquiries";
import * as detail from "~/routes/admin/enquiries.$id";
import * as erase from "~/routes/admin/enquiries.erase";
import * as users from "~/routes/admin/users";
import { renderedText } from "../../support/render-route";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
  textOf,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * Issue 15, what staff see of bookings outside the bookings pages: the inbox's list and an
 * enquiry's page show the slot, the erase page's answer names the bookings it removed, and the
 * Users page says what disabling or removing a consultant's account does to their bookings.
 */

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("bookings in the inbox and on the Users page (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  /** The next free slots of one consultant, from now on (a meeting still to come). */
  let slots: string[];
  let consultant: { id: string; userId: string };

  const book = async (startsAt: string, email: string, timeZone = "Asia/Kolkata") => {
    const outcome = await bookConsultation(
      h.db,
      bookingRequest(startsAt, { email, timeZone }),
      bookingContext(new Date()),
    );
    if (outcome.status !== "booked") throw new Error(`Not booked: ${outcome.status}`);
    return outcome;
  };

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor, admin } = await editorAndAdmin(h));
    consultant = (await consultantFixture(h.db, { name: "Meera Rao" })).consultant;
    const now = new Date();
    const free = await findFreeSlots(h.db, {
      from: now,
      to: new Date(now.getTime() + 14 * DAY),
      now,
      consultantId: consultant.id,
    });
    // Every other slot: neighbours would clash through the buffer after a meeting.
    slots = free.filter((_, i) => i % 2 === 0).map((slot) => slot.startsAt);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("shows a booking's slot in the inbox's list, with its status once cancelled", async () => {
    const kept = await book(slots[0]!, "list.kept@example.com");
    const cancelled = await book(slots[1]!, "list.cancelled@example.com");
    await cancelBooking(
      h.db,
      { id: editor.id, name: "Editor" },
      cancelled.booking.id,
      bookingContext(new Date()),
    );

    const out = await h.loader<{ consultations: Record<string, EnquiryConsultation> }>(
      list,
      h.get("/admin/enquiries", { cookie: editor.cookie }),
    );
    expect(out.status).toBe(200);
    expect(out.data.consultations[kept.enquiry.id]).toMatchObject({
      bookingId: kept.booking.id,
      status: "booked",
    });
    const text = renderedText(list, "/admin/enquiries", out.data);
    expect(text).toContain(`Consultation: ${formatIst(kept.booking.startsAt)}`);
    expect(text).toContain(`Consultation: ${formatIst(cancelled.booking.startsAt)} (Cancelled)`);
  });

  it("shows the slot in IST and the visitor's zone, the consultant and status on the enquiry's page", async () => {
    const { booking, enquiry } = await book(slots[2]!, "detail@example.com", "Asia/Tokyo");
    const path = `/admin/enquiries/${enquiry.id}`;
    const out = await h.loader<{ detail: { consultation: EnquiryConsultation | null } }>(
      detail,
      h.get(path, { cookie: editor.cookie }),
      { params: { id: enquiry.id } },
    );
    expect(out.status).toBe(200);
    expect(out.data.detail.consultation?.bookingId).toBe(booking.id);
    const text = renderedText(detail, path, out.data);
    expect(text).toContain(`Consultation When (IST) ${formatIst(booking.startsAt)}`);
    expect(text).toContain(`Visitor's time ${formatInZone(booking.startsAt, "Asia/Tokyo")}`);
    expect(text).toContain("Consultant Meera Rao Status Booked");
    expect(text).toContain("Open the booking");
    // The mails of the booking are listed with the enquiry's.
    expect(text).toContain("Booking confirmation to the visitor");
  });

  it("deletes an enquiry with its cancelled booking, but not while its meeting is still to come", async () => {
    const { booking, enquiry } = await book(slots[4]!, "delete.me@example.com");
    const path = `/admin/enquiries/${enquiry.id}`;
    const remove = () =>
      h.action<{ message?: string }>(
        detail,
        h.post(path, { intent: "delete", confirmed: "yes" }, { cookie: editor.cookie }),
        { params: { id: enquiry.id } },
      );
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(
      "Error: This enquiry has a consultation still to take place. Cancel the booking first (the visitor is e-mailed), then delete the enquiry.",
    );
    expect(await getBooking(h.db, booking.id)).toMatchObject({ status: "booked" });

    await cancelBooking(
      h.db,
      { id: editor.id, name: "Editor" },
      booking.id,
      bookingContext(new Date()),
    );
    const deleted = await remove();
    expect(deleted.status).toBe(302);
    expect(await getBooking(h.db, booking.id)).toBeUndefined();
    // The time is free again for visitors.
    const free = await findFreeSlots(h.db, {
      from: new Date(booking.startsAt),
      to: new Date(Date.parse(booking.startsAt) + 1),
      consultantId: consultant.id,
    });
    expect(free.map((slot) => slot.startsAt)).toEqual([booking.startsAt]);
  });

  it("erases an address's bookings and says so", async () => {
    const { booking } = await book(slots[3]!, "Erase.Booker@example.com");
    const out = await h.action<{ message: string }>(
      erase,
      h.post(
        "/admin/enquiries/erase",
        { email: "erase.booker@example.com", confirmed: "yes" },
        { cookie: admin.cookie },
      ),
    );
    expect(out.status).toBe(200);
    expect(out.data.message).toMatch(
      /^Erased erase\.booker@example\.com: 1 enquiry, 1 consultation booking, 0 job applications, no newsletter subscription, \d+ e-mails\.$/,
    );
    expect(await getBooking(h.db, booking.id)).toBeUndefined();
    const text = renderedText(erase, "/admin/enquiries/erase", null);
    expect(text).toContain("its consultation bookings (their times become free again");
  });

  it("tells the admin that a consultant's upcoming bookings stay when the account is disabled or removed", async () => {
    // Two still booked with Meera (the list test's first and the detail test's), one cancelled.
    const usersPost = (fields: Record<string, string>) =>
      h.action<{ message?: string; confirmation?: unknown }>(
        users,
        h.post("/admin/users", fields, { cookie: admin.cookie }),
      );
    const page = await h.loader<{ upcomingConsultations: Record<string, number> }>(
      users,
      h.get("/admin/users", { cookie: admin.cookie }),
    );
    expect(page.data.upcomingConsultations[consultant.userId]).toBe(2);
    expect(page.data.upcomingConsultations[editor.id]).toBeUndefined();

    const ask = await usersPost({ intent: "disable", id: consultant.userId });
    expect(textOf(ask.data.confirmation)).toContain(
      "2 upcoming consultations stay booked with this consultant; move or cancel them in Bookings. They get no new bookings while the account is disabled.",
    );
    const disabled = await usersPost({
      intent: "disable",
      id: consultant.userId,
      confirmed: "yes",
    });
    expect(disabled.data.message).toMatch(
      /^Account "[^"]+" disabled successfully! 2 upcoming consultations stay booked with this consultant; move or cancel them in Bookings\./,
    );
    // Not bookable any more: no free slot of Meera's is offered, her bookings stay booked.
    const now = new Date();
    expect(
      await findFreeSlots(h.db, {
        from: now,
        to: new Date(now.getTime() + 14 * DAY),
        now,
        consultantId: consultant.id,
      }),
    ).toEqual([]);

    const askRemove = await usersPost({ intent: "remove", id: consultant.userId });
    expect(textOf(askRemove.data.confirmation)).toContain(
      "2 upcoming consultations stay booked with this consultant; move or cancel them in Bookings. They get no new bookings, and changes to their bookings are mailed to the firm's address.",
    );
    const removed = await usersPost({ intent: "remove", id: consultant.userId, confirmed: "yes" });
    expect(removed.data.message).toContain(
      "removed successfully! 2 upcoming consultations stay booked with this consultant; move or cancel them in Bookings.",
    );

    // An account that is no consultant gets the answer it always got.
    const plain = await h.staff("editor");
    const plainRemoved = await usersPost({ intent: "remove", id: plain.id, confirmed: "yes" });
    expect(plainRemoved.data.message).toBe(`Account "${plain.username}" removed successfully!`);
  });
});
