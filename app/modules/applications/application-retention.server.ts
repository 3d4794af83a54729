import type { DB } from "~/db/client.server";
import { countOf } from "~/lib/format";
import { runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { lockedApplicationIds, removeApplications } from "./application-removal.server";

/*
 * Retention (docs/decisions/0025-application-retention.md): an application and its CV are kept
 * for the months the Settings page says (applicationRetentionMonths, 12 by default), counted
 * from when it arrived, then deleted by the periodic job (retention-job.server.ts). The candidate
 * is told at least RETENTION_NOTICE_HOURS before (DPDP Rules 2025 r.8(2), decision 0063;
 * retention-notice.server.tsx), and nothing is deleted before its notice is that old.
 */

/** How long before the deletion the candidate is told of it (Rules r.8(2): at least 48 hours). */
export const RETENTION_NOTICE_HOURS = 48;
export const RETENTION_NOTICE_MS = RETENTION_NOTICE_HOURS * 60 * 60 * 1000;

/**
 * The applications whose retention has ended by `moment`: older than the period, and not kept
 * for future roles beyond it (a pooled CV stays until its consent lapses or is withdrawn,
 * decision 0061).
 */
export function expiredBy(db: DB, moment: Date, months: number) {
  return db
    .selectFrom("applications")
    .where("submittedAt", "<", monthsBefore(moment, months).toISOString())
    .where((eb) =>
      eb.or([eb("cvPoolUntil", "is", null), eb("cvPoolUntil", "<=", moment.toISOString())]),
    );
}

/**
 * The moment `months` calendar months before `now` (UTC). A day the earlier month does not have
 * becomes its last day: 12 months before 29 February 2028 is 28 February 2027.
 */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return cutoff;
}

export interface PurgeResult {
  applications: number;
  cvs: number;
}

/**
 * Deletes every application (spam included) that arrived more than the retention period before
 * `now` and whose candidate was told at least RETENTION_NOTICE_HOURS ago (spam gets no notice:
 * its address is not a person who asked us anything), with its notes, history, CV and mails, as one command by the system: one audit entry
 * with the count, and a content-version bump when a public posting's count went down. Finds
 * nothing, records nothing. Safe to run in several instances at once: on PostgreSQL each takes
 * only the rows no other purge holds; on SQLite writes are one at a time.
 */
export async function purgeExpiredApplications(
  db: DB,
  now: Date = new Date(),
): Promise<PurgeResult> {
  const { applicationRetentionMonths: months } = await getGeneralSettings(db);
  return runCommand(db, SYSTEM_ACTOR, async (trx) => {
    const noticeBy = new Date(now.getTime() - RETENTION_NOTICE_MS).toISOString();
    const ids = await lockedApplicationIds(
      trx,
      expiredBy(trx, now, months)
        .select("id")
        .where((eb) =>
          eb.or([eb("spamReason", "is not", null), eb("retentionNoticeSentAt", "<=", noticeBy)]),
        )
        .orderBy("submittedAt")
        .orderBy("id"),
      "skip",
    );
    const removed = await removeApplications(trx, ids);
    const result = { applications: removed.applications, cvs: removed.cvs };
    if (removed.applications === 0) return { result };
    return {
      result,
      publicChange: removed.publicChange,
      audit: {
        action: "purge",
        entityType: "application",
        entityId: null,
        summary: `Deleted ${countOf(removed.applications, "job application", "job applications")} and ${countOf(removed.cvs, "CV", "CVs")} older than ${countOf(months, "month", "months")} (retention period)`,
      },
    };
  });
}
