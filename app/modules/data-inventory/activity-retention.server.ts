import type { DB } from "~/db/client.server";
import { countOf } from "~/lib/format";
import { runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { activityLogDaysOf } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";

/*
 * The activity log's retention (issue 27, decision 0063): entries are kept for the days Settings
 * says, never fewer than 365 (DPDP Rules 2025 r.6(1)(e) and r.8(3): logs kept for at least a
 * year to detect and investigate unauthorised access), then deleted by the retention job. A
 * delete of old rows is the same whichever instance runs it, so two at once do no harm.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the activity entries older than the period; records how many, when there were any. */
export async function purgeOldActivity(db: DB, now: Date = new Date()): Promise<number> {
  const days = activityLogDaysOf(await getGeneralSettings(db));
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  return runCommand(db, SYSTEM_ACTOR, async (trx) => {
    const deleted = Number(
      (await trx.deleteFrom("auditLog").where("createdAt", "<", cutoff).executeTakeFirst())
        .numDeletedRows,
    );
    if (deleted === 0) return { result: 0 };
    return {
      result: deleted,
      audit: {
        action: "purge",
        entityType: "activity",
        entityId: null,
        summary: `Deleted ${countOf(deleted, "activity entry", "activity entries")} older than ${countOf(days, "day", "days")} (activity log period)`,
      },
    };
  });
}
