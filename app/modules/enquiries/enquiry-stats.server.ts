import type { DB } from "~/db/client.server";
import { ENQUIRY_STATUSES, type EnquiryStatus } from "./enquiry.schema";

/* The inbox's figures: counts per status (the inbox and the dashboard) and weeks (the dashboard). */

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

export type EnquiryCounts = { total: number } & Record<EnquiryStatus, number>;
export type EnquiryWeek = { weekStart: string } & Record<EnquiryStatus, number>;

/**
 * Counts of ordinary (not spam) enquiries, in all and per status, from migration 0005's status
 * index alone.
 */
export async function countEnquiriesByStatus(db: DB): Promise<EnquiryCounts> {
  // Grouped in index order: PostgreSQL otherwise prefers reading the table to the index.
  const rows = await db
    .selectFrom(
      db
        .selectFrom("enquiries")
        .select("status")
        .where("spamReason", "is", null)
        .orderBy("status")
        .as("inbox"),
    )
    .select(["inbox.status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("inbox.status")
    .execute();
  const counts: EnquiryCounts = { total: 0, new: 0, contacted: 0, qualified: 0, closed: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    counts.total += count;
    if ((ENQUIRY_STATUSES as readonly string[]).includes(row.status)) {
      counts[row.status as EnquiryStatus] += count;
    }
  }
  return counts;
}

/**
 * India keeps one offset all year (no daylight saving), so an IST week is a UTC week shifted by
 * it: Monday 00:00 IST is Sunday 18:30 UTC.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The instant Monday 00:00 IST of the week `date` falls in (weeks as staff read them). */
export function startOfIstWeek(date: Date): Date {
  const shifted = new Date(date.getTime() + IST_OFFSET_MS);
  const midnight = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS - IST_OFFSET_MS);
}

/**
 * Ordinary enquiries per week (Monday to Sunday, IST) for the last `weeks` weeks up to the one
 * `now` is in, oldest first, empty weeks included, split by current status. Bucketed here rather
 * than in SQL so that both dialects give the same answer.
 */
export async function enquiriesPerWeek(
  db: DB,
  weeks = 12,
  now: Date = new Date(),
): Promise<EnquiryWeek[]> {
  const count = Math.max(1, Math.floor(weeks));
  const firstMs = startOfIstWeek(now).getTime() - (count - 1) * WEEK_MS;
  const endMs = firstMs + count * WEEK_MS;
  const result: EnquiryWeek[] = Array.from({ length: count }, (_, index) => ({
    // The week's Monday as an IST date.
    weekStart: new Date(firstMs + index * WEEK_MS + IST_OFFSET_MS).toISOString().slice(0, 10),
    new: 0,
    contacted: 0,
    qualified: 0,
    closed: 0,
  }));
  const rows = await db
    .selectFrom("enquiries")
    .select(["submittedAt", "status"])
    .where("spamReason", "is", null)
    .where("submittedAt", ">=", new Date(firstMs).toISOString())
    .where("submittedAt", "<", new Date(endMs).toISOString())
    .execute();
  for (const row of rows) {
    const time = Date.parse(row.submittedAt);
    if (Number.isNaN(time)) continue;
    const week = result[Math.floor((time - firstMs) / WEEK_MS)];
    const status = row.status as EnquiryStatus;
    if (week && (ENQUIRY_STATUSES as readonly string[]).includes(status)) week[status] += 1;
  }
  return result;
}
