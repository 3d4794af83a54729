import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { indiaDateKey } from "~/lib/india-format";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { PageViewInput } from "./analytics.schema";

/*
 * Privacy-respecting page counts: one counter per path and day, and one per referring host and
 * day. No cookie, no address, no user agent, no visitor id is stored, so there is nothing
 * personal to consent to, protect or erase.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DailyViews {
  day: string;
  views: number;
}

export interface PathViews {
  path: string;
  views: number;
}

export interface ReferrerViews {
  host: string;
  views: number;
}

/** Days are India's calendar days, as staff read every other date (decision 0029). */
const dayOf = (date: Date) => indiaDateKey(date);

/**
 * Counts a page view unless analytics are switched off in Settings (then nothing is written).
 * A referrer naming the site itself (`ownHost`) is not a referring site. Returns whether it counted.
 */
export async function trackPageView(
  db: DB,
  view: PageViewInput,
  options: { ownHost?: string; now?: Date } = {},
): Promise<boolean> {
  const settings = await getGeneralSettings(db);
  if (!settings.analyticsEnabled) return false;
  const day = dayOf(options.now ?? new Date());
  const increment = (table: "pageViews" | "pageReferrers") =>
    sql<number>`${sql.ref(`${table}.views`)} + 1`;
  await db
    .insertInto("pageViews")
    .values({ day, path: view.path, views: 1 })
    .onConflict((oc) => oc.columns(["day", "path"]).doUpdateSet({ views: increment("pageViews") }))
    .execute();
  const host = view.referrer.replace(/^www\./, "");
  const own = options.ownHost?.toLowerCase().replace(/^www\./, "");
  if (host && host !== own) {
    await db
      .insertInto("pageReferrers")
      .values({ day, host, views: 1 })
      .onConflict((oc) =>
        oc.columns(["day", "host"]).doUpdateSet({ views: increment("pageReferrers") }),
      )
      .execute();
  }
  return true;
}

/** The first day of a period of `days` days ending today (IST). */
const firstDay = (days: number, now: Date) =>
  dayOf(new Date(now.getTime() - (Math.max(1, Math.floor(days)) - 1) * DAY_MS));

/** Views per day for the last `days` days up to today, oldest first, empty days included. */
export async function viewsPerDay(
  db: DB,
  days = 30,
  now: Date = new Date(),
): Promise<DailyViews[]> {
  const from = firstDay(days, now);
  const rows = await db
    .selectFrom("pageViews")
    .select(["day", (eb) => eb.fn.sum<number>("views").as("views")])
    .where("day", ">=", from)
    .groupBy("day")
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, Number(row.views)]));
  const count = Math.max(1, Math.floor(days));
  return Array.from({ length: count }, (_, index) => {
    const day = dayOf(new Date(Date.parse(`${from}T00:00:00Z`) + index * DAY_MS));
    return { day, views: byDay.get(day) ?? 0 };
  });
}

/** The most viewed paths over the last `days` days. */
export async function topPages(
  db: DB,
  options: { days?: number; limit?: number; now?: Date } = {},
): Promise<PathViews[]> {
  const views = sql<number>`sum(${sql.ref("views")})`;
  const rows = await db
    .selectFrom("pageViews")
    .select(["path", views.as("views")])
    .where("day", ">=", firstDay(options.days ?? 30, options.now ?? new Date()))
    .groupBy("path")
    .orderBy(views, "desc")
    .orderBy("path")
    .limit(options.limit ?? 10)
    .execute();
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}

/** The sites that sent the most visitors over the last `days` days. */
export async function topReferrers(
  db: DB,
  options: { days?: number; limit?: number; now?: Date } = {},
): Promise<ReferrerViews[]> {
  const views = sql<number>`sum(${sql.ref("views")})`;
  const rows = await db
    .selectFrom("pageReferrers")
    .select(["host", views.as("views")])
    .where("day", ">=", firstDay(options.days ?? 30, options.now ?? new Date()))
    .groupBy("host")
    .orderBy(views, "desc")
    .orderBy("host")
    .limit(options.limit ?? 10)
    .execute();
  return rows.map((row) => ({ host: row.host, views: Number(row.views) }));
}

/**
 * Each path's views over all time (paths never viewed are absent): an article's reads at
 * `/insights/<slug>`, a resource's downloads at `/resources/<slug>/file` (counted with
 * trackPageView when the file is sent).
 */
export async function allTimeViews(db: DB, paths: readonly string[]): Promise<Map<string, number>> {
  if (paths.length === 0) return new Map();
  const rows = await db
    .selectFrom("pageViews")
    .select(["path", (eb) => eb.fn.sum<number>("views").as("views")])
    .where("path", "in", [...paths])
    .groupBy("path")
    .execute();
  return new Map(rows.map((row) => [row.path, Number(row.views)]));
}
