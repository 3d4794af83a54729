import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES } from "~/modules/bookings/booking-commands.server";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { BOOKING_FORM_MESSAGES } from "~/modules/bookings/booking-submission.server";
import { dateKeyOf } from "~/modules/bookings/booking-time";
import { blockDate, updateConsultantDetails } from "~/modules/bookings/consultant-commands.server";
import { type PackedPickerDay, unpackPickerDays } from "~/modules/bookings/picker-days";
import type { PickerDay } from "~/modules/bookings/slot-listing";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import * as book from "~/routes/public/book";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";

/*
 * /book through its loader and action, on both dialects: the free times as radio buttons in the
 * visitor's zone with IST beside, never from the page cache; a booking (and its enquiry) made by
 * a post, which then redirects to the private link's page; the messages per field, the lost race
 * (409 with the nearest free times), blocked dates and the rate limit, with what was typed kept.
 */

interface PageData {
  timeZone: string;
  /** Packed as the page sends them (decision 0066). */
  days: PackedPickerDay[];
}
interface Answer {
  status: string;
  formError: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string | boolean>;
  nearest?: PickerDay[];
}

const backdatedToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() - 3_200);

let nextAddress = 10;
const freshAddress = () => `198.18.1.${nextAddress++}`;

let counter = 0;
const visitor = (startsAt: string, overrides: Record<string, string> = {}) => {
  counter += 1;
  return {
    firstName: "Priya",
    lastName: "Nair",
    email: `booker${counter}@example.com`,
    company: "Lotus Fintech",
    message: "We would like to review our pay bands.",
    startsAt,
    timeZone: "Asia/Kolkata",
    [FORM_TOKEN_FIELD]: backdatedToken(),
    ...overrides,
  };
};

/** The page as the server renders it (without JavaScript), from loader and action data. */
function pageHtml(loaderData: unknown, actionData?: unknown): string {
  const Stub = createRoutesStub([
    { id: "page", path: "/book", Component: book.default as never, action: () => null },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/book"],
      hydrationData: {
        loaderData: { page: loaderData },
        ...(actionData ? { actionData: { page: actionData } } : {}),
      },
    }),
  );
}

/** "9:30 am" on a zone's clock, by Intl (not the code under test). */
const clockIn = (startsAt: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  })
    .format(new Date(startsAt))
    .replace("AM", "am")
    .replace("PM", "pm");

const slotsOf = (days: PackedPickerDay[]) => unpackPickerDays(days).flatMap((day) => day.slots);
const nearestSlotsOf = (days: PickerDay[]) => days.flatMap((day) => day.slots);

describe.each(DIALECTS)("the booking page /book (%s)", (dialect) => {
  let h: RouteHarness;
  let consultantId: string;
  let actor: { id: string; name: string };

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    const fixture = await consultantFixture(h.db, { name: "Asha Rao" });
    consultantId = fixture.consultant.id;
    actor = fixture.actor;
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = async (path = "/book") =>
    h.loader<PageData>(book, h.get(path), { context: await h.publicContext() });
  const send = async (fields: Record<string, string>, address = freshAddress()) =>
    h.action<Answer>(book, h.post("/book", fields, { headers: { "x-client-address": address } }), {
      context: await h.publicContext({ address }),
    });
  const bookings = () => h.db.selectFrom("bookings").selectAll().execute();

  // Stored by the page cache like every public page, per availability version (decision 0049;
  // tests/e2e/book-page-cache.test.ts): the route says nothing against it.
  it("lists the free times as radio buttons in IST, and may be stored by the page cache", async () => {
    // It hydrates (the day grid) and is stored: no `pageCache: false` (decision 0067).
    expect((book as { handle?: { pageCache?: boolean } }).handle?.pageCache).toBeUndefined();
    const out = await open();
    expect(out.status).toBe(200);
    expect(out.data.timeZone).toBe("Asia/Kolkata");
    const slots = slotsOf(out.data.days);
    expect(slots.length).toBeGreaterThan(0);
    // Weekdays 10:00-18:00 IST, after 12 hours' notice.
    for (const slot of slots) {
      expect(Date.parse(slot.startsAt)).toBeGreaterThan(Date.now() + 12 * 60 * 60 * 1000 - 60_000);
      expect(slot.istTime).toBe(`${clockIn(slot.startsAt, "Asia/Kolkata")} IST`);
    }
    const html = pageHtml(out.data);
    const radios = [...html.matchAll(/<input type="radio"[^>]* name="startsAt" value="([^"]+)"/g)];
    expect(radios.length).toBeGreaterThan(0);
    expect(radios.length).toBeLessThanOrEqual(7 * 16);
    expect(radios[0]?.[1]).toBe(slots[0]?.startsAt);
    expect(html).toContain('name="timeZone" value="Asia/Kolkata"');
    expect(html).toContain(unpackPickerDays(out.data.days)[0]?.longLabel);
    expect(html).toContain('href="/contact#enquiry-form"');
    expect(html).toContain("Show times in");
    const headers = book.headers({} as never) as Record<string, string>;
    expect(headers["Cache-Control"]).toContain("no-store");
  });

  it("shows times in the visitor's zone with IST beside; an unknown zone gives IST", async () => {
    const out = await open("/book?tz=Asia/Tokyo");
    expect(out.data.timeZone).toBe("Asia/Tokyo");
    const [first] = slotsOf(out.data.days);
    expect(first).toBeDefined();
    expect(first?.time).toBe(clockIn(first!.startsAt, "Asia/Tokyo"));
    expect(first?.istTime).toBe(`${clockIn(first!.startsAt, "Asia/Kolkata")} IST`);
    expect(out.data.days[0]?.date).toBe(dateKeyOf(first!.startsAt, "Asia/Tokyo"));
    const html = pageHtml(out.data);
    expect(html).toMatch(new RegExp(`${first?.time}</span><span>${first?.istTime}</span>`));
    expect(html).toContain('name="timeZone" value="Asia/Tokyo"');
    expect(html).toContain("Asia/Tokyo");

    const unknown = await open("/book?tz=Mars/Olympus_Mons");
    expect(unknown.data.timeZone).toBe("Asia/Kolkata");
  });

  it("books a valid post: one booking and its enquiry, then the private link's page", async () => {
    const [slot] = slotsOf((await open("/book?tz=America/Los_Angeles")).data.days);
    const fields = visitor(slot!.startsAt, {
      email: "valid.booker@example.com",
      timeZone: "America/Los_Angeles",
    });
    const out = await send(fields);
    expect(out.status).toBe(303);
    expect(out.location).toMatch(/^\/book\/manage\/[^?]+\?booked=1$/);
    const stored = (await bookings()).filter((b) => b.visitorEmail === "valid.booker@example.com");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      startsAt: slot!.startsAt,
      status: "booked",
      visitorName: "Priya Nair",
      visitorTimeZone: "America/Los_Angeles",
      consultantId,
    });
    expect(out.location).toContain(encodeURIComponent(stored[0]!.id));
    const enquiries = await h.db
      .selectFrom("enquiries")
      .selectAll()
      .where("email", "=", "valid.booker@example.com")
      .execute();
    expect(enquiries).toHaveLength(1);
    expect(enquiries[0]).toMatchObject({ source: "booking", spamReason: null });
    // The time is no longer offered.
    const after = slotsOf((await open()).data.days).map((s) => s.startsAt);
    expect(after).not.toContain(slot!.startsAt);
  });

  it("answers invalid fields with 400, a message per field and what was typed", async () => {
    const out = await send({
      email: "not-an-email",
      message: "Please keep this message.",
      title: "Head of HR",
      [FORM_TOKEN_FIELD]: backdatedToken(),
    });
    expect(out.status).toBe(400);
    expect(out.data.formError).toBe(BOOKING_FORM_MESSAGES.invalid);
    expect(out.data.fieldErrors).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Enter a valid email address",
      company: "Company is required",
      startsAt: "Choose a time",
    });
    expect(out.data.values).toMatchObject({
      email: "not-an-email",
      message: "Please keep this message.",
      title: "Head of HR",
    });
    const notATime = await send(visitor("next tuesday"));
    expect(notATime.status).toBe(400);
    expect(notATime.data.fieldErrors.startsAt).toBe("Choose a time from the list");

    const html = pageHtml((await open()).data, out.data);
    expect(html).toContain("Please correct the highlighted fields.");
    expect(html).toContain("Choose a time");
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain("Please keep this message.");
    expect(await bookings()).not.toContainEqual(
      expect.objectContaining({ visitorEmail: "not-an-email" }),
    );
  });

  it("answers a time taken first with 409, the nearest free times and everything typed", async () => {
    const [, slot] = slotsOf((await open()).data.days);
    const first = await send(visitor(slot!.startsAt, { email: "first@example.com" }));
    expect(first.status).toBe(303);
    const late = await send(
      visitor(slot!.startsAt, {
        email: "second@example.com",
        message: "Keep me",
        phone: "+91 98765 43210",
      }),
    );
    expect(late.status).toBe(409);
    expect(late.data.status).toBe("taken");
    expect(late.data.formError).toBe(BOOKING_MESSAGES.taken);
    expect(late.data.values).toMatchObject({
      email: "second@example.com",
      message: "Keep me",
      phone: "+91 98765 43210",
      firstName: "Priya",
    });
    const nearest = nearestSlotsOf(late.data.nearest ?? []);
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.map((s) => s.startsAt)).not.toContain(slot!.startsAt);
    expect((await bookings()).filter((b) => b.startsAt === slot!.startsAt)).toHaveLength(1);
    expect(
      await h.db
        .selectFrom("enquiries")
        .select("id")
        .where("email", "=", "second@example.com")
        .execute(),
    ).toEqual([]);

    const html = pageHtml((await open()).data, late.data);
    expect(html).toContain("That time was just taken. Here are the nearest free times.");
    expect(html).toContain("The nearest free times");
    expect(html).toContain(`value="${nearest[0]?.startsAt}"`);
    expect(html).toContain('value="second@example.com"');
  });

  it("asks a post that came too fast to confirm a person sent it, then books it", async () => {
    const [slot] = slotsOf((await open()).data.days);
    const address = freshAddress();
    const fields = visitor(slot!.startsAt, {
      email: "speedy.booker@example.com",
      [FORM_TOKEN_FIELD]: issueFormToken(TEST_AUTH_SECRET, Date.now()),
    });
    const fast = await send(fields, address);
    expect(fast.status).toBe(400);
    expect(fast.data.status).toBe("confirm");
    expect(fast.data.formError).toBe(BOOKING_FORM_MESSAGES.confirm);
    expect(fast.data.values).toMatchObject({ email: "speedy.booker@example.com" });
    const token = (fast.data as { formToken?: string }).formToken;
    expect(token).toMatch(/^c1\./);
    expect(pageHtml((await open()).data, fast.data)).toContain("I am a person, not a program");
    expect(
      (await bookings()).filter((b) => b.visitorEmail === "speedy.booker@example.com"),
    ).toEqual([]);

    const confirmed = await send(
      { ...fields, [FORM_TOKEN_FIELD]: token!, [PERSON_CHECK_FIELD]: "on" },
      address,
    );
    expect(confirmed.status).toBe(303);
    expect(
      (await bookings()).filter((b) => b.visitorEmail === "speedy.booker@example.com"),
    ).toHaveLength(1);
  });

  it("thanks a post held as spam like anyone, without a private link or a booking", async () => {
    const [slot] = slotsOf((await open()).data.days);
    const out = await send(
      visitor(slot!.startsAt, { email: "bot@example.com", [FORM_TOKEN_FIELD]: "" }),
    );
    expect(out.status).toBe(200);
    expect(out.data).toEqual({ status: "received" });
    const html = pageHtml((await open()).data, out.data);
    expect(html).toContain("Thank You!");
    expect(html).not.toContain("/book/manage/");
    expect(html).not.toContain('name="startsAt"');
    const [enquiry] = await h.db
      .selectFrom("enquiries")
      .select(["spamReason", "source"])
      .where("email", "=", "bot@example.com")
      .execute();
    expect(enquiry).toEqual({ spamReason: "missing_token", source: "booking" });
    expect((await bookings()).filter((b) => b.visitorEmail === "bot@example.com")).toEqual([]);
  });

  it("offers no times on a date the consultant blocked", async () => {
    const before = unpackPickerDays((await open()).data.days);
    const day = before.find((d) => d.slots.length > 0)!;
    const blocked = await blockDate(h.db, actor, consultantId, { date: day.date, note: "Leave" });
    expect(blocked.ok).toBe(true);
    const after = unpackPickerDays((await open()).data.days);
    expect(after.find((d) => d.date === day.date)?.slots ?? []).toEqual([]);
    const booked = await send(visitor(day.slots[0]!.startsAt));
    expect(booked.status).toBe(409);
  });

  it("turns an address away after 5 bookings in 10 minutes, keeping the input", async () => {
    const address = freshAddress();
    const [slot] = slotsOf((await open()).data.days);
    // Held as spam (a filled honeypot): thanked without a link, nothing booked; counted all the same.
    for (let i = 0; i < 5; i++) {
      const out = await send(
        visitor(slot!.startsAt, { email: `burst${i}@example.com`, [HONEYPOT_FIELD]: "x" }),
        address,
      );
      expect(out.status).toBe(200);
      expect(out.data).toEqual({ status: "received" });
    }
    const sixth = await send(visitor(slot!.startsAt, { message: "Sixth" }), address);
    expect(sixth.status).toBe(429);
    expect(sixth.data.formError).toBe(BOOKING_FORM_MESSAGES.rateLimited);
    expect(sixth.data.values.message).toBe("Sixth");
    const spam = await h.db
      .selectFrom("enquiries")
      .select(["spamReason", "source"])
      .where("email", "=", "burst0@example.com")
      .execute();
    expect(spam).toEqual([{ spamReason: "honeypot", source: "booking" }]);
    expect((await bookings()).filter((b) => b.visitorEmail.startsWith("burst"))).toEqual([]);
    // Another address goes on.
    expect((await send(visitor(slot!.startsAt))).status).toBe(303);
  });

  it("says so when no time is free, and points to the enquiry form (last: pauses the consultant)", async () => {
    const paused = await updateConsultantDetails(h.db, actor, consultantId, {
      displayName: "Asha Rao",
      dailyLimit: 8,
      active: false,
    });
    expect(paused.ok).toBe(true);
    const out = await open();
    expect(out.data.days).toEqual([]);
    const html = pageHtml(out.data).replaceAll("<!-- -->", "");
    expect(html).toContain("No consultation times are free in the next 30 days.");
    expect(html).toContain('href="/contact#enquiry-form"');
    expect(html).not.toContain('name="startsAt"');
  });
});
