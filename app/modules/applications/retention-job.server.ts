import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { sendCvPoolRenewals } from "~/modules/consent/cv-pool.server";
import { purgeOldActivity } from "~/modules/data-inventory/activity-retention.server";
import { purgeExpiredApplications } from "./application-retention.server";
import { sendRetentionNotices } from "./retention-notice.server";

/*
 * The retention clean-up on a timer, in every instance (decision 0025): once shortly after the
 * server starts and then every hour. Deleting what has expired is idempotent and concurrent runs
 * take disjoint rows, so no instance needs to be "the" one; a run that fails (the database
 * briefly away) is logged and the next tick tries again. Each run first tells the candidates
 * whose applications are due within 48 hours (each notice claimed in the database, so it goes
 * once; Rules r.8(2)), then deletes those told 48 hours ago, then trims the activity log to its
 * period (Rules r.8(3); decision 0063).
 */

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** Long enough that a start (migrations, seeding, the first requests) is not slowed by it. */
export const RETENTION_FIRST_RUN_MS = 60 * 1000;

export interface RetentionJob {
  /** Runs the clean-up now unless a run is in progress; resolves when it is done. */
  runNow(): Promise<void>;
  /** No further runs; waits for the run in progress. */
  stop(): Promise<void>;
}

export function startRetentionJob(
  db: DB,
  {
    intervalMs = RETENTION_INTERVAL_MS,
    firstRunMs = RETENTION_FIRST_RUN_MS,
    baseUrl,
    now = () => new Date(),
  }: {
    intervalMs?: number;
    firstRunMs?: number;
    /**
     * With it, each run also mails the notices before deletion (without them nothing but spam is
     * deleted) and asks candidates to renew their CV-pool consent (decision 0061).
     */
    baseUrl?: string;
    /** The clock, moved by tests instead of waiting. */
    now?: () => Date;
  } = {},
): RetentionJob {
  let running: Promise<void> | undefined;
  let stopped = false;

  const runNow = () => {
    if (stopped) return Promise.resolve();
    const at = now();
    running ??= (baseUrl ? sendRetentionNotices(db, { baseUrl, now: at }) : Promise.resolve(0))
      .then(async (told) => {
        if (told > 0) logger.info("retention_notices_queued", { candidates: told });
        const purged = await purgeExpiredApplications(db, at);
        if (purged.applications > 0) logger.info("applications_purged", { ...purged });
        const asked = baseUrl ? await sendCvPoolRenewals(db, { baseUrl, now: at }) : 0;
        if (asked > 0) logger.info("cv_pool_renewals_queued", { candidates: asked });
        const trimmed = await purgeOldActivity(db, at);
        if (trimmed > 0) logger.info("activity_log_trimmed", { entries: trimmed });
      })
      .catch((error: unknown) => logger.error("application_purge_failed", { error }))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const first = setTimeout(runNow, firstRunMs);
  const timer = setInterval(runNow, intervalMs);
  first.unref();
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

// Kept on globalThis so that a module reload in development does not start a second job.
const holder = globalThis as typeof globalThis & { __retentionJob?: RetentionJob };

/** Starts this process's retention job (once; started and stopped with the runtime). */
export function startApplicationRetention(db: DB, options: { baseUrl?: string } = {}): void {
  holder.__retentionJob ??= startRetentionJob(db, options);
}

export async function stopApplicationRetention(): Promise<void> {
  const job = holder.__retentionJob;
  holder.__retentionJob = undefined;
  await job?.stop();
}
