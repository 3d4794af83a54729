import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRequestSchema } from "~/modules/bookings/booking.schema";
import { bookConsultation } from "~/modules/bookings/booking-commands.server";
import { bookingRequest, consultantFixture } from "~/modules/bookings/booking-fixtures";
import { currentMonday } from "~/modules/bookings/booking-query";
import { addDaysToKey, formatInZone, instantOf, timeZoneOr } from "~/modules/bookings/booking-time";
import { manageToken } from "~/modules/bookings/manage-link.server";
import { type PackedPickerDay, unpackPickerDays } from "~/modules/bookings/picker-days";
import { leadMailOptions } from "~/modules/mail/options.server";
import * as book from "~/routes/public/book";
import * as manage from "~/routes/public/book-manage";
import { renderedText } from "../../support/render-route";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 22: a browser in India reports its zone as "Asia/Calcutta" (Chromium, after ICU), the
 * other name of "Asia/Kolkata". Wherever a visitor's zone is read it is India time: /book says
 * IST (not "Asia/Calcutta" with IST beside each time), the private link page and the mails show
 * one time in IST instead of the same time twice as "your time" and "India".
 */

interface BookData {
  timeZone: string;
  zoneLabel: string;
  zones: Array<{ value: string; label: string }>;
  days: PackedPickerDay[];
}
interface ManageData {
  state: string;
  booking: { when: string; whenIst: string; visitorTimeZone: string };
  timeZone: string;
  zones: Array<{ value: string; label: string }>;
}

const bookHtml = (loaderData: unknown) => {
  const Stub = createRoutesStub([
    { id: "page", path: "/book", Component: book.default as never, action: () => null },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/book?tz=Asia/Calcutta"],
      hydrationData: { loaderData: { page: loaderData } },
    }),
  );
};

describe("India's two zone names", () => {
  it("reads Asia/Calcutta as IST wherever a visitor's zone is taken", () => {
    expect(timeZoneOr("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(timeZoneOr("Asia/Kolkata")).toBe("Asia/Kolkata");
    // As the fallback too (a booking stored with the browser's name, an unknown ?tz=).
    expect(timeZoneOr("Mars/Olympus", "Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(timeZoneOr("Asia/Tokyo", "Asia/Calcutta")).toBe("Asia/Tokyo");
    const at = "2026-03-03T04:30:00.000Z";
    expect(formatInZone(at, "Asia/Calcutta")).toBe("Tue 3 Mar 2026, 10:00 am IST");
    expect(formatInZone(at, "Asia/Kolkata")).toBe("Tue 3 Mar 2026, 10:00 am IST");
    // The booking form's zone field.
    const parsed = bookingRequestSchema.parse(
      bookingRequest(at, { timeZone: "Asia/Calcutta" }) as unknown,
    );
    expect(parsed.timeZone).toBe("Asia/Kolkata");
  });
});

describe.each(DIALECTS)("a visitor whose browser says Asia/Calcutta (%s)", (dialect) => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    await consultantFixture(h.db, { name: "Asha Rao" });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("gets /book in India Standard Time, each time marked IST once", async () => {
    const out = await h.loader<BookData>(book, h.get("/book?tz=Asia/Calcutta"), {
      context: await h.publicContext(),
    });
    expect(out.data.timeZone).toBe("Asia/Kolkata");
    expect(out.data.zoneLabel).toBe("India Standard Time (IST)");
    expect(out.data.zones.map((zone) => zone.value)).not.toContain("Asia/Calcutta");
    const html = bookHtml(out.data);
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Times are shown in India Standard Time (IST)");
    expect(text).toContain("That is India time (IST), where our consultants are.");
    expect(text).not.toContain("India time (IST) is shown beside each time.");
    expect(text).not.toContain("Asia/Calcutta");
    expect(html).toContain('name="timeZone" value="Asia/Kolkata"');
    // One line per time with "IST" under it, no second clock.
    const [slot] = unpackPickerDays(out.data.days).flatMap((day) => day.slots);
    expect(slot?.istTime).toBe(`${slot?.time} IST`);
    expect(html).toMatch(new RegExp(`${slot?.time}</span><span>IST</span>`));
  });

  it("shows a booking stored as Asia/Calcutta once, in IST, on its page and in its mails", async () => {
    const startsAt = instantOf(addDaysToKey(currentMonday(), 8), "11:00").toISOString();
    // As a booking made before the fix was stored: the browser's name of the zone.
    const outcome = await bookConsultation(
      h.db,
      bookingRequest(startsAt, { timeZone: "Asia/Calcutta" }),
      { secret: h.config.authSecret, mail: leadMailOptions(h.config) },
    );
    if (outcome.status !== "booked") throw new Error(outcome.status);
    const { booking } = outcome;
    expect(booking.visitorTimeZone).toBe("Asia/Calcutta");

    const token = manageToken(h.config.authSecret, booking);
    const out = await h.loader<ManageData>(manage, h.get(`/book/manage/${token}?moved=1`), {
      params: { token },
      context: await h.publicContext(),
    });
    expect(out.data.state).toBe("ok");
    expect(out.data.timeZone).toBe("Asia/Kolkata");
    expect(out.data.booking.when).toMatch(/, 11:00 am IST$/);
    expect(out.data.zones.map((zone) => zone.value)).not.toContain("Asia/Calcutta");
    const text = renderedText(manage, `/book/manage/${token}?moved=1`, out.data);
    expect(text).not.toContain("When (your time)");
    expect(text).not.toContain("When (India)");
    expect(text).not.toContain("In India:");
    expect(text).toContain(`When ${out.data.booking.whenIst}`);
    expect(text).toContain(`Your consultation was moved to ${out.data.booking.when}`);
    expect(text).toContain("Times are shown in India Standard Time (IST) .");
    expect(text).not.toContain("with India time beside");

    const mails = await h.db
      .selectFrom("mailOutbox")
      .select(["kind", "textBody", "htmlBody"])
      .where("relatedId", "=", booking.id)
      .execute();
    const visitor = mails.find((mail) => mail.kind === "booking_booked_visitor");
    expect(visitor?.textBody).toContain(`When: ${out.data.booking.whenIst}`);
    expect(visitor?.textBody).not.toContain("your time");
    expect(visitor?.textBody).not.toContain("Asia/Calcutta");
    expect(visitor?.htmlBody).not.toContain("When (India)");
    const staff = mails.find((mail) => mail.kind === "booking_booked_consultant");
    expect(staff?.textBody).toContain(`When: ${out.data.booking.whenIst}`);
    expect(staff?.textBody).not.toContain("Visitor's time");
  });
});
