import { randomUUID } from "node:crypto";
import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { calendarKey } from "./calendar-secrets.server";
import type { CalendarReader } from "./calendar-sources.server";
import { syncDueCalendars } from "./calendar-sync.server";

/*
 * The calendar sync on a timer, in every instance: each minute it syncs the calendars that are
 * due (calendar-sync.server.ts). Instances share the work through each calendar's lease, so two
 * never read the same calendar at once and nothing of the job's state is kept in memory.
 */

export const CALENDAR_TICK_MS = 60 * 1000;
/** Soon after a start, but not in the way of migrations and the first requests. */
export const CALENDAR_FIRST_RUN_MS = 10 * 1000;

export interface CalendarSyncJob {
  /** Syncs the due calendars now unless a run is in progress; resolves when it is done. */
  runNow(): Promise<void>;
  /** No further runs; waits for the run in progress. */
  stop(): Promise<void>;
}

export function startCalendarSyncJob(
  db: DB,
  authSecret: string,
  options: {
    intervalMs?: number;
    firstRunMs?: number;
    now?: () => Date;
    reader?: CalendarReader;
  } = {},
): CalendarSyncJob {
  const key = calendarKey(authSecret);
  const owner = randomUUID();
  let running: Promise<void> | undefined;
  let stopped = false;

  const runNow = () => {
    if (stopped) return Promise.resolve();
    running ??= syncDueCalendars(db, { key, owner, now: options.now?.(), reader: options.reader })
      .then((outcomes) => {
        for (const { id, outcome } of outcomes) {
          // The message is ours (calendar-sync.server.ts): it never holds a credential.
          if (outcome.status === "failed") {
            logger.warn("calendar_sync_failed", { calendarId: id, error: outcome.error });
          } else if (outcome.status === "synced" && outcome.changed) {
            logger.info("calendar_busy_times_changed", {
              calendarId: id,
              busyTimes: outcome.busyTimes,
            });
          }
        }
      })
      .catch((error: unknown) => logger.error("calendar_sync_run_failed", { error }))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const first = setTimeout(runNow, options.firstRunMs ?? CALENDAR_FIRST_RUN_MS);
  const timer = setInterval(runNow, options.intervalMs ?? CALENDAR_TICK_MS);
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
const holder = globalThis as typeof globalThis & { __calendarSyncJob?: CalendarSyncJob };

/** Starts this process's calendar sync (once; started and stopped with the runtime). */
export function startCalendarSync(db: DB, authSecret: string): void {
  holder.__calendarSyncJob ??= startCalendarSyncJob(db, authSecret);
}

export async function stopCalendarSync(): Promise<void> {
  const job = holder.__calendarSyncJob;
  holder.__calendarSyncJob = undefined;
  await job?.stop();
}
