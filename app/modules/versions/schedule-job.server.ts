import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { runDueSchedules, type ScheduleHandlers } from "./schedules.server";

/*
 * Scheduled publishing on a timer, in every instance (decision 0060): every minute, so a change
 * set for a moment is live within a minute of it. Each schedule is claimed in the database
 * (schedules.server.ts), so two instances running at once do it once, and nothing is kept in
 * memory between runs. The clock is injected so that tests move time instead of waiting.
 */

export const SCHEDULE_INTERVAL_MS = 60 * 1000;

export interface ScheduleJobOptions {
  handlers: ScheduleHandlers;
  now?: () => Date;
  intervalMs?: number;
}

export interface ScheduleJob {
  /** Runs now unless a run is in progress (then waits for it); resolves with what it did. */
  runNow(): Promise<number>;
  /** No further runs; waits for the run in progress. */
  stop(): Promise<void>;
}

export function startScheduleJob(
  db: DB,
  { handlers, now = () => new Date(), intervalMs = SCHEDULE_INTERVAL_MS }: ScheduleJobOptions,
): ScheduleJob {
  let running: Promise<number> | undefined;
  let stopped = false;

  const runNow = () => {
    if (stopped) return Promise.resolve(0);
    running ??= runDueSchedules(db, handlers, now())
      .then((done) => {
        if (done > 0) logger.info("content_schedules_done", { done });
        return done;
      })
      .catch((error: unknown) => {
        logger.error("content_schedules_failed", { error });
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(runNow, intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

// Kept on globalThis so that a module reload in development does not start a second job.
const holder = globalThis as typeof globalThis & { __scheduleJob?: ScheduleJob };

/** Starts this process's schedule job (once; started and stopped with the runtime). */
export function startContentSchedules(db: DB, options: ScheduleJobOptions): void {
  holder.__scheduleJob ??= startScheduleJob(db, options);
}

export async function stopContentSchedules(): Promise<void> {
  const job = holder.__scheduleJob;
  holder.__scheduleJob = undefined;
  await job?.stop();
}
