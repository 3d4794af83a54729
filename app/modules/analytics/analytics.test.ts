import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { pageViewSchema } from "./analytics.schema";
import {
  allTimeViews,
  topPages,
  topReferrers,
  trackPageView,
  viewsPerDay,
} from "./analytics.server";

const view = (path: string, referrer = "") => pageViewSchema.parse({ path, referrer });

describe("page-view beacon input", () => {
  it("accepts public paths and referring host names only", () => {
    expect(view("/services/").path).toBe("/services");
    expect(view("/").path).toBe("/");
    expect(view("/about", "WWW.Google.com").referrer).toBe("www.google.com");
    for (const path of ["/admin", "/admin/users", "/api/page-view", "services", "/a?b=c", "/x y"]) {
      expect(pageViewSchema.safeParse({ path, referrer: "" }).success, path).toBe(false);
    }
    for (const referrer of ["https://google.com/search?q=x", "a b", "mail@example.com"]) {
      expect(pageViewSchema.safeParse({ path: "/", referrer }).success, referrer).toBe(false);
    }
  });
});

describe.each(DIALECTS)("analytics on %s", (dialect) => {
  let t: TestDatabase;
  const day1 = new Date("2026-03-09T10:00:00Z");
  // 11:59 pm IST on 10 March: the last minute of India's day.
  const day2 = new Date("2026-03-10T18:29:00Z");

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("pageViews").execute();
    await t.db.deleteFrom("pageReferrers").execute();
    await saveGeneralSettings(t.db, DEFAULT_GENERAL_SETTINGS);
  });

  it("counts views per path and day, and referring sites, but not the site itself", async () => {
    const own = { ownHost: "example.in" };
    expect(await trackPageView(t.db, view("/", "google.com"), { ...own, now: day1 })).toBe(true);
    await trackPageView(t.db, view("/", "www.google.com"), { ...own, now: day1 });
    await trackPageView(t.db, view("/services", "example.in"), { ...own, now: day1 });
    await trackPageView(t.db, view("/services"), { ...own, now: day2 });
    await trackPageView(t.db, view("/services/"), { ...own, now: day2 });
    await trackPageView(t.db, view("/contact", "linkedin.com"), { ...own, now: day2 });

    expect(await viewsPerDay(t.db, 3, day2)).toEqual([
      { day: "2026-03-08", views: 0 },
      { day: "2026-03-09", views: 3 },
      { day: "2026-03-10", views: 3 },
    ]);
    expect(await topPages(t.db, { days: 2, now: day2 })).toEqual([
      { path: "/services", views: 3 },
      { path: "/", views: 2 },
      { path: "/contact", views: 1 },
    ]);
    expect(await topPages(t.db, { days: 1, now: day2, limit: 1 })).toEqual([
      { path: "/services", views: 2 },
    ]);
    expect(await topReferrers(t.db, { days: 30, now: day2 })).toEqual([
      { host: "google.com", views: 2 },
      { host: "linkedin.com", views: 1 },
    ]);
  });

  it("counts a view on India's calendar day, not UTC's", async () => {
    // 12:10 am IST on 11 March is still 10 March in UTC.
    const justAfterMidnightIst = new Date("2026-03-10T18:40:00Z");
    await trackPageView(t.db, view("/about"), { now: justAfterMidnightIst });
    expect(await viewsPerDay(t.db, 2, justAfterMidnightIst)).toEqual([
      { day: "2026-03-10", views: 0 },
      { day: "2026-03-11", views: 1 },
    ]);
  });

  it("records nothing while analytics are switched off", async () => {
    await saveGeneralSettings(t.db, { ...DEFAULT_GENERAL_SETTINGS, analyticsEnabled: false });
    expect(await trackPageView(t.db, view("/", "google.com"), { now: day1 })).toBe(false);
    expect(await t.db.selectFrom("pageViews").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("pageReferrers").selectAll().execute()).toEqual([]);
  });

  it("counts concurrent views of one page without losing any", async () => {
    await Promise.all(
      Array.from({ length: 20 }, () => trackPageView(t.db, view("/careers"), { now: day1 })),
    );
    expect(await topPages(t.db, { days: 1, now: day1 })).toEqual([{ path: "/careers", views: 20 }]);
  });
});

describe.each(DIALECTS)("all-time views (%s)", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("adds up each path's views over every day, and leaves unviewed paths out", async () => {
    const path = "/insights/pay-transparency-india";
    await trackPageView(
      database.db,
      { path, referrer: "" },
      { now: new Date("2026-01-01T10:00:00Z") },
    );
    await trackPageView(
      database.db,
      { path, referrer: "" },
      { now: new Date("2026-03-05T10:00:00Z") },
    );
    await trackPageView(database.db, { path: "/about", referrer: "" });
    const views = await allTimeViews(database.db, [path, "/insights/never-read"]);
    expect(views.get(path)).toBe(2);
    expect(views.has("/insights/never-read")).toBe(false);
    expect(views.has("/about")).toBe(false);
  });
});
