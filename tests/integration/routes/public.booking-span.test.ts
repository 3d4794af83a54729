import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { BOOKING_MESSAGES, bookConsultation } from "~/modules/bookings/booking-commands.server";
import { bookingRequest, consultantFixture } from "~/modules/bookings/booking-fixtures";
import { updateBookingSettings } from "~/modules/bookings/consultant-commands.server";
import { manageToken } from "~/modules/bookings/manage-link.server";
import { type PackedPickerDay, unpackPickerDays } from "~/modules/bookings/picker-days";
import { type PickerPages, SPAN_DAYS, WEEK_DAYS } from "~/modules/bookings/picker-span";
import type { PickerDay } from "~/modules/bookings/slot-listing";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD } from "~/modules/forms/spam-fields";
import { leadMailOptions } from "~/modules/mail/options.server";
import * as book from "~/routes/public/book";
import * as manage from "~/routes/public/book-manage";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 22: /book with a long booking window. Listing the whole window at once made the page
 * grow with it (a 365-day window: 676 KB and 0.75 s a request, every free time of the year in
 * the grid, the no-JavaScript list's data and the page's data). Now a page holds one span of
 * days (SPAN_DAYS, from the first with a free time) and links to the spans before and after
 * (`?from=`, a plain GET, so it works without JavaScript), and every free time of the window is
 * still reached by them.
 */

/**
 * The bound this file holds /book to with a 365-day window: the page's markup as the server
 * renders it plus its loader data (which the document carries for hydration). Measured while
 * writing it: 607 KB before (233 KB markup, 374 KB data), about 92 KB after (70 KB, 22 KB), the
 * same as with the default 30-day window. The whole document from the built server: 687 KiB
 * before, 200 KiB after (of which 75 KiB inline CSS and 47 KiB the no-JavaScript week of radios).
 */
const PAGE_BYTES_BOUND = 128 * 1024;

interface BookData {
  timeZone: string;
  days: PackedPickerDay[];
  pages: PickerPages;
}
/** The private link's page sends its days as they are. */
type ManageData = Omit<BookData, "days"> & { days: PickerDay[] };

const DAY = 24 * 60 * 60 * 1000;
const slotsOf = (days: PickerDay[]) => days.flatMap((day) => day.slots.map((s) => s.startsAt));
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

function render(module: { default: unknown }, routePath: string, url: string, data: unknown) {
  const Stub = createRoutesStub([
    { id: "page", path: routePath, Component: module.default as never, action: () => null },
  ]);
  return renderToString(
    createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { page: data } } }),
  );
}

const hrefsOf = (html: string, text: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)]
    .filter(([, , inner]) => (inner ?? "").replace(/<[^>]+>/g, "").includes(text))
    .map(([, href]) => (href ?? "").replace(/&amp;/g, "&"));

describe.each(DIALECTS)("/book with a 365-day booking window (%s)", (dialect) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    const { actor } = await consultantFixture(h.db, { name: "Asha Rao" });
    const saved = await updateBookingSettings(h.db, actor, {
      bufferMinutes: 15,
      minimumNoticeHours: 12,
      horizonDays: 365,
    });
    expect(saved.ok).toBe(true);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The route data as sent (the days packed: decision 0066). */
  const openRaw = async (search = "") =>
    (await h.loader<BookData>(book, h.get(`/book${search}`), { context: await h.publicContext() }))
      .data;
  const open = async (search = "") => {
    const data = await openRaw(search);
    return { ...data, days: unpackPickerDays(data.days) };
  };

  it(`stays under ${PAGE_BYTES_BOUND / 1024} KB: one span of days, with the later ones linked`, async () => {
    const raw = await openRaw("?tz=America/Los_Angeles");
    const html = render(book, "/book", "/book?tz=America/Los_Angeles", raw);
    const bytes = Buffer.byteLength(html) + Buffer.byteLength(JSON.stringify(raw));
    console.info(
      `/book, 365-day window: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB markup + ${(
        Buffer.byteLength(JSON.stringify(raw)) / 1024
      ).toFixed(0)} KB data`,
    );
    const data = { ...raw, days: unpackPickerDays(raw.days) };
    expect(bytes).toBeLessThan(PAGE_BYTES_BOUND);
    const first = data.days[0]?.date ?? "";
    const last = data.days.at(-1)?.date ?? "";
    expect(dayNumber(last) - dayNumber(first)).toBeLessThan(SPAN_DAYS);
    // The first day shown is the first with free times; nothing before it.
    expect(data.days[0]?.slots.length).toBeGreaterThan(0);
    expect(data.pages.earlier).toBeUndefined();
    expect(data.pages.later).toBeDefined();
    expect(data.pages.later! > last).toBe(true);
    // The grid's link (with JavaScript) and the list's (without) keep the zone.
    expect(hrefsOf(html, "Later times")).toContain(
      `/book?tz=America%2FLos_Angeles&from=${data.pages.later}`,
    );
    // The list shows its first week, and links to the next week with times in this span.
    const list = html.slice(html.indexOf("<noscript>"), html.indexOf("</noscript>"));
    const legends = [...list.matchAll(/<legend class="font-semibold text-navy-950">([^<]+)/g)].map(
      (match) => match[1],
    );
    const week = data.days.filter((day) => day.slots.length > 0 && day.date <= addDays(first, 6));
    expect(legends).toEqual(week.map((day) => day.longLabel));
    const nextWeek = data.days.find((day) => day.slots.length > 0 && day.date > addDays(first, 6));
    expect(hrefsOf(html, "Later times")).toContain(
      `/book?tz=America%2FLos_Angeles&from=${nextWeek?.date}#choose-time`,
    );
  });

  it("shows later times on the later page, and the earlier link leads back", async () => {
    const first = await open();
    const second = await open(`?from=${first.pages.later}`);
    expect(second.days[0]?.date).toBe(first.pages.later);
    expect(slotsOf(second.days)[0]! > slotsOf(first.days).at(-1)!).toBe(true);
    expect(second.pages.earlier).toBeDefined();
    const back = await open(`?from=${second.pages.earlier}`);
    expect(slotsOf(back.days)).toEqual(slotsOf(first.days));
    // The no-JavaScript list's week before: the week ending on the last free day before.
    const lastBefore = first.days.filter((day) => day.slots.length > 0).at(-1)!.date;
    expect(second.pages.earlierWeek).toBe(addDays(lastBefore, 1 - WEEK_DAYS));
  });

  it("reaches every free time of the window through its later links, each once", async () => {
    const shown: string[] = [];
    let search = "";
    for (let page = 0; page < 40; page++) {
      const data = await open(search);
      shown.push(...slotsOf(data.days));
      if (!data.pages.later) break;
      search = `?from=${data.pages.later}`;
    }
    const all = await findFreeSlots(h.db, {
      from: new Date(),
      to: new Date(Date.now() + 366 * DAY),
    });
    expect(all.length).toBeGreaterThan(3000);
    expect(shown).toEqual(all.map((slot) => slot.startsAt));
  });

  it("starts from the first span when ?from= is not a date of the window", async () => {
    const first = await open();
    for (const from of ["2026-02-30", "yesterday", "1999-01-01", "2999-01-01"]) {
      expect(slotsOf((await open(`?from=${from}`)).days), from).toEqual(slotsOf(first.days));
    }
  });

  it("answers a taken time on a later page with 409 and the nearest free times", async () => {
    const first = await open();
    const later = await open(`?from=${first.pages.later}`);
    const [, slot] = slotsOf(later.days);
    const taken = await bookConsultation(h.db, bookingRequest(slot!), {
      secret: h.config.authSecret,
      mail: leadMailOptions(h.config),
    });
    expect(taken.status).toBe("booked");
    const address = "198.18.9.1";
    const out = await h.action<{ formError: string; nearest?: PickerDay[] }>(
      book,
      h.post(
        `/book?from=${first.pages.later}`,
        {
          firstName: "Priya",
          lastName: "Nair",
          email: "late.on.a.later.page@example.com",
          company: "Lotus Fintech",
          startsAt: slot!,
          timeZone: "Asia/Kolkata",
          [FORM_TOKEN_FIELD]: issueFormToken(TEST_AUTH_SECRET, Date.now() - 3_200),
        },
        { headers: { "x-client-address": address } },
      ),
      { context: await h.publicContext({ address }) },
    );
    expect(out.status).toBe(409);
    expect(out.data.formError).toBe(BOOKING_MESSAGES.taken);
    const nearest = slotsOf(out.data.nearest ?? []);
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest).not.toContain(slot);
    for (const startsAt of nearest) {
      expect(Math.abs(Date.parse(startsAt) - Date.parse(slot!))).toBeLessThanOrEqual(7 * DAY);
    }
  });

  it("pages the private link's reschedule times the same way, without the booking's own", async () => {
    const data = await open();
    const [own] = slotsOf(data.days);
    const outcome = await bookConsultation(h.db, bookingRequest(own!), {
      secret: h.config.authSecret,
      mail: leadMailOptions(h.config),
    });
    if (outcome.status !== "booked") throw new Error(outcome.status);
    const token = manageToken(h.config.authSecret, outcome.booking);
    const page = async (search = "") =>
      (
        await h.loader<ManageData>(manage, h.get(`/book/manage/${token}${search}`), {
          params: { token },
          context: await h.publicContext(),
        })
      ).data;
    const first = await page();
    expect(slotsOf(first.days)).not.toContain(own);
    expect(dayNumber(first.days.at(-1)!.date) - dayNumber(first.days[0]!.date)).toBeLessThan(
      SPAN_DAYS,
    );
    const second = await page(`?from=${first.pages.later}`);
    expect(slotsOf(second.days)[0]! > slotsOf(first.days).at(-1)!).toBe(true);
    const html = render(manage, "/book/manage/:token", `/book/manage/${token}`, first);
    expect(hrefsOf(html, "Later times")).toContain(
      `/book/manage/${token}?from=${first.pages.later}`,
    );
    expect(Buffer.byteLength(html) + Buffer.byteLength(JSON.stringify(first))).toBeLessThan(
      PAGE_BYTES_BOUND,
    );
  });
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
