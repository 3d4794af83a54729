import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signDownloadLink } from "~/modules/library/resource-links.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { cancelBookingWithLink, moveBookingWithLink } from "./booking-changes.server";
import { bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  NOW,
  SECRET,
  TUESDAY_10_IST,
  TUESDAY_11_IST,
} from "./booking-fixtures";
import { getBooking } from "./booking-store.server";
import { checkManageLink, manageToken } from "./manage-link.server";

/*
 * The visitor's private link: it works for its booking only, for managing it only, and until
 * the meeting starts; a move gives a new link and retires the old one.
 */

describe.each(DIALECTS)("the visitor's private link, on %s", (dialect) => {
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
  const tokenOf = (url: string) => decodeURIComponent(url.split("/book/manage/")[1] ?? "");

  it("works until the meeting starts, then no more", async () => {
    const { booking, manageUrl } = await book();
    const token = tokenOf(manageUrl);
    expect(token).toBe(manageToken(SECRET, booking));
    const justBefore = new Date(Date.parse(TUESDAY_10_IST) - 1);
    expect(await checkManageLink(t.db, SECRET, token, justBefore)).toMatchObject({
      ok: true,
      booking: { id: booking.id },
    });
    expect(await checkManageLink(t.db, SECRET, token, new Date(TUESDAY_10_IST))).toEqual({
      ok: false,
      reason: "started",
    });
    const late = await cancelBookingWithLink(t.db, token, bookingContext(new Date(TUESDAY_10_IST)));
    expect(late).toEqual({ ok: false, reason: "started" });
    expect((await getBooking(t.db, booking.id))?.status).toBe("booked");
  });

  it("works for its own booking and purpose only", async () => {
    const first = await book(TUESDAY_10_IST);
    const second = await book(TUESDAY_11_IST);
    const token = tokenOf(first.manageUrl);
    expect(await checkManageLink(t.db, SECRET, token, NOW)).toMatchObject({ ok: true });
    // Another booking's id with this signature, another secret, another purpose's signature.
    const [, version, signature] = token.split(".");
    const forged = `${second.booking.id}.${version}.${signature}`;
    expect(await checkManageLink(t.db, SECRET, forged, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await checkManageLink(t.db, "another-secret-0123456789abcdef", token, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const downloadSig = new URLSearchParams(
      signDownloadLink(SECRET, first.booking.id).href.split("?")[1],
    ).get("sig");
    const relabelled = `${first.booking.id}.${version}.${downloadSig}`;
    expect(await checkManageLink(t.db, SECRET, relabelled, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await checkManageLink(t.db, SECRET, "nonsense", NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("moves the booking, and the earlier link gives way to the new one", async () => {
    const { booking, manageUrl } = await book();
    const oldToken = tokenOf(manageUrl);
    const moved = await moveBookingWithLink(
      t.db,
      oldToken,
      { startsAt: TUESDAY_11_IST },
      bookingContext(),
    );
    if (!moved.ok || !("booking" in moved)) throw new Error("not moved");
    expect(moved.booking).toMatchObject({ startsAt: TUESDAY_11_IST, icsSequence: 1 });
    expect(await checkManageLink(t.db, SECRET, oldToken, NOW)).toEqual({
      ok: false,
      reason: "superseded",
    });
    const newToken = tokenOf(moved.manageUrl ?? "");
    expect(await checkManageLink(t.db, SECRET, newToken, NOW)).toMatchObject({ ok: true });

    const audit = await t.db
      .selectFrom("auditLog")
      .select(["actorName", "action"])
      .where("entityId", "=", booking.id)
      .execute();
    expect(audit).toContainEqual({ actorName: "Website visitor", action: "move" });
  });

  it("cancels the booking once; the link then says it was cancelled", async () => {
    const { booking, manageUrl } = await book();
    const token = tokenOf(manageUrl);
    expect(await cancelBookingWithLink(t.db, token, bookingContext())).toMatchObject({
      ok: true,
      booking: { id: booking.id, status: "cancelled" },
    });
    expect(await cancelBookingWithLink(t.db, token, bookingContext())).toEqual({
      ok: false,
      reason: "cancelled",
    });
  });
});
