import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { readAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { deleteEnquiryAsStaff } from "~/modules/leads/enquiry-removal.server";
import { erasePerson } from "~/modules/leads/erasure.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { failingOn } from "../../../tests/support/write-path";
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
import {
  addExtraHours,
  blockDate,
  removeExtraHours,
  unblockDate,
  updateBookingSettings,
  updateConsultantDetails,
} from "./consultant-commands.server";
import { getBookingSettings } from "./consultants.server";

/*
 * /book is stored by the page cache per availability version (decision 0049): every command that
 * can change the free times raises it in its own transaction, and one that changes nothing does
 * not (it would throw away every stored copy of /book for nothing).
 */

describe.each(DIALECTS)("the availability version, on %s", (dialect) => {
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

  /** How much `change` raised the availability version. */
  async function raisedBy(change: () => Promise<unknown>): Promise<number> {
    const before = await readAvailabilityVersion(t.db);
    await change();
    return (await readAvailabilityVersion(t.db)) - before;
  }

  const book = async (db: DB = t.db, startsAt = TUESDAY_10_IST) => {
    const outcome = await bookConsultation(db, bookingRequest(startsAt), bookingContext());
    if (outcome.status !== "booked") throw new Error(`Not booked: ${outcome.status}`);
    return outcome;
  };

  it("rises with a booking made, moved and cancelled, and with an erasure", async () => {
    const { actor } = await consultantFixture(t.db);
    let booking = (await book()).booking;
    expect(await raisedBy(() => book(t.db, TUESDAY_11_IST))).toBe(1);
    expect(
      await raisedBy(async () => {
        const moved = await moveBooking(
          t.db,
          actor,
          { bookingId: booking.id, startsAt: "2026-03-03T06:30:00.000Z" },
          bookingContext(),
        );
        if (!moved.ok) throw new Error(moved.reason);
        booking = moved.booking;
      }),
    ).toBe(1);
    expect(await raisedBy(() => cancelBooking(t.db, actor, booking.id, bookingContext()))).toBe(1);
    const other = await book(t.db, "2026-03-04T04:30:00.000Z");
    expect(await raisedBy(() => erasePerson(t.db, other.booking.visitorEmail, actor))).toBe(1);
  });

  it("rises when a booking that held a place on today's limit goes with its enquiry", async () => {
    const { actor } = await consultantFixture(t.db);
    const { booking } = await book();
    const afterwards = new Date(Date.parse(booking.endsAt) + 60_000);
    expect(
      await raisedBy(() => deleteEnquiryAsStaff(t.db, booking.enquiryId, actor, afterwards)),
    ).toBe(1);
  });

  it("rises with every change of a consultant's setup and of the booking settings", async () => {
    expect(await raisedBy(() => consultantFixture(t.db))).toBe(2);
    const { consultant, actor } = await consultantFixture(t.db);
    const details = { displayName: consultant.displayName, dailyLimit: 3, active: true };
    expect(await raisedBy(() => updateConsultantDetails(t.db, actor, consultant.id, details))).toBe(
      1,
    );
    const day = { date: "2026-03-05", note: "Holiday" };
    expect(await raisedBy(() => blockDate(t.db, actor, consultant.id, day))).toBe(1);
    expect(await raisedBy(() => unblockDate(t.db, actor, consultant.id, day.date))).toBe(1);
    let extra = "";
    expect(
      await raisedBy(async () => {
        const added = await addExtraHours(t.db, actor, consultant.id, {
          date: "2026-03-07",
          start: "10:00",
          end: "12:00",
        });
        if (!added.ok) throw new Error(added.error);
        extra = added.value.id;
      }),
    ).toBe(1);
    expect(await raisedBy(() => removeExtraHours(t.db, actor, consultant.id, extra))).toBe(1);
    const settings = await getBookingSettings(t.db);
    const longer = { ...settings, horizonDays: settings.horizonDays + 1 };
    expect(await raisedBy(() => updateBookingSettings(t.db, actor, longer))).toBe(1);
  });

  it("stays as it is when nothing changed, and leaves the content version alone", async () => {
    const { consultant, actor } = await consultantFixture(t.db);
    const content = await readContentVersion(t.db);
    const settings = await getBookingSettings(t.db);
    expect(await raisedBy(() => updateBookingSettings(t.db, actor, settings))).toBe(0);
    expect(await raisedBy(() => unblockDate(t.db, actor, consultant.id, "2026-03-09"))).toBe(0);
    await book();
    expect(await readContentVersion(t.db)).toBe(content);
  });

  it("rises in the booking's transaction: a failed raise stores no booking", async () => {
    await consultantFixture(t.db);
    const before = await readAvailabilityVersion(t.db);
    await expect(book(failingOn(t.db, "contentVersion"))).rejects.toThrow();
    expect(await readAvailabilityVersion(t.db)).toBe(before);
    expect(await t.db.selectFrom("bookings").selectAll().execute()).toEqual([]);
  });
});
