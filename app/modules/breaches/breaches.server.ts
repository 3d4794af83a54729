import type { DB } from "~/db/client.server";
import type { BreachesTable } from "~/db/schema";
import { type GeneralSettings, privacyAddressOf } from "~/modules/settings/settings.schema";
import { BOARD_REPORT_MS, type FirmContact } from "./breach-texts";

/*
 * Reading the breach register (issue 27, decision 0063). Writes are in breach-commands.server.ts.
 */

export type Breach = BreachesTable;

export interface AffectedRow {
  email: string;
  name: string;
  notifiedAt: string | null;
}

export interface BreachSummary {
  id: string;
  title: string;
  discoveredAt: string;
  boardReportedAt: string | null;
  noticeApprovedAt: string | null;
  affected: number;
  notified: number;
}

export const firmContactOf = (settings: GeneralSettings): FirmContact => ({
  siteName: settings.siteName,
  privacyEmail: privacyAddressOf(settings),
  phone: settings.phone,
});

/** Every breach, the latest found first, with how many people it affected and were told. */
export async function listBreaches(db: DB): Promise<BreachSummary[]> {
  const rows = await db
    .selectFrom("breaches as b")
    .leftJoin("breachAffected as a", "a.breachId", "b.id")
    .select((eb) => [
      "b.id",
      "b.title",
      "b.discoveredAt",
      "b.boardReportedAt",
      "b.noticeApprovedAt",
      eb.fn.count<string | number>("a.email").as("affected"),
      eb.fn.count<string | number>("a.notifiedAt").as("notified"),
    ])
    .groupBy(["b.id", "b.title", "b.discoveredAt", "b.boardReportedAt", "b.noticeApprovedAt"])
    .orderBy("b.discoveredAt", "desc")
    .orderBy("b.id", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    affected: Number(row.affected),
    notified: Number(row.notified),
  }));
}

export async function getBreach(
  db: DB,
  id: string,
): Promise<{ breach: Breach; affected: AffectedRow[] } | undefined> {
  const breach = await db
    .selectFrom("breaches")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!breach) return undefined;
  const affected = await db
    .selectFrom("breachAffected")
    .select(["email", "name", "notifiedAt"])
    .where("breachId", "=", id)
    .orderBy("email")
    .execute();
  return { breach, affected };
}

export interface BreachClock {
  id: string;
  title: string;
  discoveredAt: string;
  /** When the Board's detailed report is due (72 hours after discoveredAt). */
  dueAt: string;
  /** Whole hours left (negative: overdue by that many). */
  hoursLeft: number;
}

/**
 * The breaches whose report to the Board has not been recorded as sent, with their 72-hour
 * clock (Rules 2025 r.7(2)(b)), the most urgent first: the dashboard shows them.
 */
export async function openBreachClocks(db: DB, now: Date = new Date()): Promise<BreachClock[]> {
  const rows = await db
    .selectFrom("breaches")
    .select(["id", "title", "discoveredAt"])
    .where("boardReportedAt", "is", null)
    .orderBy("discoveredAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => {
    const due = Date.parse(row.discoveredAt) + BOARD_REPORT_MS;
    const left = (due - now.getTime()) / (60 * 60 * 1000);
    return {
      ...row,
      dueAt: new Date(due).toISOString(),
      hoursLeft: left >= 0 ? Math.floor(left) : -Math.ceil(-left),
    };
  });
}
