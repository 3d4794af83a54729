import { type RawBuilder, sql } from "kysely";
import type { DB } from "~/db/client.server";
import { type FunnelQuery, type FunnelStep, NOT_RECORDED } from "./funnel-query";

/*
 * The funnel (issue 26): per month (India's calendar, decision 0029) and per source or campaign
 * of the first or latest visit, the leads (every enquiry that is not spam: contact, resource
 * request, calculator, a booking's enquiry), consultations booked and, of those, held, and the
 * leads now marked qualified or closed (a cohort: by the month the lead arrived, with its status
 * today). Visits come from the cookieless page counters (modules/analytics), which keep a count
 * per path and day and know nothing of campaigns: they are a total per month, never split.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export type FunnelCounts = Record<FunnelStep, number>;

export interface FunnelRow extends FunnelCounts {
  month: string;
  /** The source or campaign, or NOT_RECORDED. */
  key: string;
}

export interface FunnelMonth extends FunnelCounts {
  month: string;
  /** Page views counted in the month, all sources together. */
  visits: number;
}

export interface FunnelReport {
  months: FunnelMonth[];
  rows: FunnelRow[];
}

/** The last `count` India months, oldest first: "2026-11" with its start as a UTC instant. */
export function funnelMonths(now: Date, count: number): { month: string; start: string }[] {
  const india = new Date(now.getTime() + IST_OFFSET_MS);
  const months: { month: string; start: string }[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const first = Date.UTC(india.getUTCFullYear(), india.getUTCMonth() - back, 1);
    const month = new Date(first).toISOString().slice(0, 7);
    months.push({ month, start: new Date(first - IST_OFFSET_MS).toISOString() });
  }
  return months;
}

/** The India month of an ISO time column, among `months` (null before the first). */
function monthOf(column: string, months: { month: string; start: string }[]): RawBuilder<string> {
  const branches = [...months]
    .reverse()
    .map(({ month, start }) => sql`when ${sql.ref(column)} >= ${start} then ${month}`);
  return sql<string>`case ${sql.join(branches, sql` `)} end`;
}

const emptyCounts = (): FunnelCounts => ({ leads: 0, booked: 0, held: 0, qualified: 0, closed: 0 });

export async function funnelReport(
  db: DB,
  query: FunnelQuery,
  now: Date = new Date(),
): Promise<FunnelReport> {
  const months = funnelMonths(now, query.months);
  const since = months[0]?.start ?? now.toISOString();
  const field = `${query.touch}${query.by === "source" ? "Source" : "Campaign"}` as const;
  const keyOf = (): RawBuilder<string> =>
    sql<string>`coalesce(nullif(${sql.ref(`leadSources.${field}`)}, ''), ${NOT_RECORDED})`;
  const count = (condition: RawBuilder<unknown>) =>
    sql<number>`sum(case when ${condition} then 1 else 0 end)`;

  const [enquiries, bookings, views] = await Promise.all([
    db
      .selectFrom("enquiries")
      .leftJoin("leadSources", "leadSources.enquiryId", "enquiries.id")
      .select([
        monthOf("enquiries.submittedAt", months).as("month"),
        keyOf().as("key"),
        sql<number>`count(*)`.as("leads"),
        count(sql`${sql.ref("enquiries.status")} = 'qualified'`).as("qualified"),
        count(sql`${sql.ref("enquiries.status")} = 'closed'`).as("closed"),
      ])
      .where("enquiries.spamReason", "is", null)
      .where("enquiries.submittedAt", ">=", since)
      .groupBy(["month", "key"])
      .execute(),
    db
      .selectFrom("bookings")
      .leftJoin("leadSources", "leadSources.bookingId", "bookings.id")
      .select([
        monthOf("bookings.createdAt", months).as("month"),
        keyOf().as("key"),
        sql<number>`count(*)`.as("booked"),
        count(sql`${sql.ref("bookings.status")} = 'completed'`).as("held"),
      ])
      .where("bookings.createdAt", ">=", since)
      .groupBy(["month", "key"])
      .execute(),
    db
      .selectFrom("pageViews")
      .select([
        sql<string>`substr(${sql.ref("day")}, 1, 7)`.as("month"),
        sql<number>`sum(${sql.ref("views")})`.as("views"),
      ])
      .where("day", ">=", since.slice(0, 10))
      .groupBy("month")
      .execute(),
  ]);

  const rows = new Map<string, FunnelRow>();
  const rowOf = (month: string, key: string) => {
    const id = `${month}\u0000${key}`;
    let row = rows.get(id);
    if (!row) {
      row = { month, key, ...emptyCounts() };
      rows.set(id, row);
    }
    return row;
  };
  for (const e of enquiries) {
    const row = rowOf(e.month, e.key);
    row.leads += Number(e.leads);
    row.qualified += Number(e.qualified);
    row.closed += Number(e.closed);
  }
  for (const b of bookings) {
    const row = rowOf(b.month, b.key);
    row.booked += Number(b.booked);
    row.held += Number(b.held);
  }
  const visits = new Map(views.map((v) => [v.month, Number(v.views)]));
  const sorted = [...rows.values()].sort((a, b) =>
    a.month === b.month
      ? b.leads - a.leads || a.key.localeCompare(b.key)
      : b.month.localeCompare(a.month),
  );
  return {
    months: months.map(({ month }) => {
      const total = { month, visits: visits.get(month) ?? 0, ...emptyCounts() };
      for (const row of sorted) {
        if (row.month !== month) continue;
        for (const step of Object.keys(emptyCounts()) as FunnelStep[]) total[step] += row[step];
      }
      return total;
    }),
    rows: sorted,
  };
}
