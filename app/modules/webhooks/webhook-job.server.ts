import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import type { WebhookAddressRules } from "./webhook-address.server";
import { webhookKey } from "./webhook-secrets.server";
import { sendDueDeliveries } from "./webhook-sender.server";

/*
 * The webhook deliveries on a timer, in every instance (decision 0054). Each run claims what it
 * sends in the database (webhook-sender.server.ts), so instances share the work and none keeps
 * state in memory; a run that sent something looks again at once. A failed run (the database
 * briefly away) is logged and the next tick tries again.
 */

/** Every 5 seconds: the first retry of a failed delivery is due 5 s after it. */
export const WEBHOOK_TICK_MS = 5 * 1000;

export interface WebhookJobOptions {
  authSecret: string;
  rules: WebhookAddressRules;
  intervalMs?: number;
  now?: () => Date;
}

export interface WebhookJob {
  /** Runs now unless a run is in progress (then waits for it). */
  runNow(): Promise<void>;
  /** No further runs; waits for the run in progress. */
  stop(): Promise<void>;
}

export function startWebhookJob(db: DB, options: WebhookJobOptions): WebhookJob {
  const key = webhookKey(options.authSecret);
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = async () => {
    for (let round = 0; round < 20 && !stopped; round++) {
      const report = await sendDueDeliveries(db, {
        key,
        rules: options.rules,
        now: options.now?.(),
      });
      const total = report.delivered + report.retried + report.failed;
      if (report.failed > 0) logger.warn("webhook_deliveries_failed", { ...report });
      else if (total > 0) logger.info("webhook_deliveries_sent", { ...report });
      if (total === 0) return;
    }
  };

  const runNow = () => {
    if (stopped) return Promise.resolve();
    running ??= run()
      .catch((error: unknown) => logger.error("webhook_run_failed", { error }))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(runNow, options.intervalMs ?? WEBHOOK_TICK_MS);
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
const holder = globalThis as typeof globalThis & { __webhookJob?: WebhookJob };

/** Starts this process's webhook sender (once; started and stopped with the runtime). */
export function startWebhookDeliveries(db: DB, options: WebhookJobOptions): void {
  holder.__webhookJob ??= startWebhookJob(db, options);
}

export async function stopWebhookDeliveries(): Promise<void> {
  const job = holder.__webhookJob;
  holder.__webhookJob = undefined;
  await job?.stop();
}
