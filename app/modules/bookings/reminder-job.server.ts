import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import type { BookingContext } from "./booking-placement.server";
import { sendDueReminders } from "./reminders.server";

/*
 * The consultation reminders on a timer, in every instance (decision 0046). Each run claims the
 * reminders it sends in the database (reminders.server.ts), so two instances running at once
 * send each reminder once and nothing is kept in memory between runs. The clock is injected so
 * that tests move time forward instead of waiting; a failed run (the database briefly away) is
 * logged and the next tick tries again.
 */

/** Every minute: a reminder goes out within a minute of its moment. */
export const REMINDER_INTERVAL_MS = 60 * 1000;

export interface ReminderJobOptions {
  context: Pick<BookingContext, "secret" | "mail">;
  now?: () => Date;
  intervalMs?: number;
  /** Called after a run that queued mail (the runtime wakes the outbox). */
  onSent?: () => void;
}

export interface ReminderJob {
  /** Runs now unless a run is in progress (then waits for it); resolves with what it sent. */
  runNow(): Promise<number>;
  /** No further runs; waits for the run in progress. */
  stop(): Promise<void>;
}

export function startReminderJob(
  db: DB,
  {
    context,
    now = () => new Date(),
    intervalMs = REMINDER_INTERVAL_MS,
    onSent,
  }: ReminderJobOptions,
): ReminderJob {
  let running: Promise<number> | undefined;
  let stopped = false;

  const runNow = () => {
    if (stopped) return Promise.resolve(0);
    running ??= sendDueReminders(db, context, now())
      .then(({ sent }) => {
        if (sent > 0) {
          logger.info("booking_reminders_queued", { sent });
          onSent?.();
        }
        return sent;
      })
      .catch((error: unknown) => {
        logger.error("booking_reminders_failed", { error });
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
const holder = globalThis as typeof globalThis & { __reminderJob?: ReminderJob };

/** Starts this process's reminder job (once; started and stopped with the runtime). */
export function startBookingReminders(db: DB, options: ReminderJobOptions): void {
  holder.__reminderJob ??= startReminderJob(db, options);
}

export async function stopBookingReminders(): Promise<void> {
  const job = holder.__reminderJob;
  holder.__reminderJob = undefined;
  await job?.stop();
}
