import type { AppConfig } from "~/config.server";
import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { withdrawPath } from "~/modules/privacy/withdraw-token.server";
import type { MailTransport } from "./outbox.server";
import { processOutbox, retryOnStart } from "./outbox-sender.server";
import { type ClosableTransport, createSmtpTransport } from "./transport.server";

/**
 * The outbox worker: runs in the server process on a timer, and at once when a request has just
 * queued mail (wakeOutbox), so a new enquiry reaches the firm within seconds. One run at a time
 * per process, sending up to `concurrency` mails at once (MAIL_CONCURRENCY); other processes are
 * kept apart by the outbox's claims.
 */
export interface OutboxWorker {
  /** Runs the outbox now (or right after the run in progress). */
  wake(): void;
  /**
   * Stops at shutdown: no new run and no new claim; the sends in progress finish and are
   * recorded (waited for, up to STOP_WAIT_MS), and mails claimed but not yet sent go back to the
   * outbox for another process or the next start.
   */
  stop(): Promise<void>;
}

export const OUTBOX_INTERVAL_MS = 10_000;
const STOP_WAIT_MS = 15_000;

export function startOutboxWorker(options: {
  db: DB;
  transport: MailTransport | null;
  from: string;
  /** Mails sent at once by this process (default 1). */
  concurrency?: number;
  intervalMs?: number;
  /** The withdraw page of a visitor, for the footer of mails to visitors (decision 0061). */
  withdrawLink?: (email: string) => string;
}): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const stopping = new AbortController();

  const runOnce = async () => {
    try {
      await processOutbox(options.db, {
        transport: options.transport,
        from: options.from,
        concurrency: options.concurrency,
        signal: stopping.signal,
        withdrawLink: options.withdrawLink,
      });
    } catch (error) {
      // The database may be briefly unavailable; the next tick tries again.
      logger.error("outbox_run_failed", { error });
    }
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  };

  const timer = setInterval(wake, options.intervalMs ?? OUTBOX_INTERVAL_MS);
  timer.unref();
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      if (running) {
        // Bounded: a send that hangs past this is left to its lease (another process retries it).
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([
          running,
          new Promise((done) => {
            timeout = setTimeout(done, STOP_WAIT_MS);
          }),
        ]);
        clearTimeout(timeout);
      }
    },
  };
}

/* The process's mailer: one worker, one transport, started and stopped with the runtime. */

interface MailerState {
  worker: OutboxWorker;
  transport: ClosableTransport | null;
}

// Kept on globalThis so that a module reload in development does not start a second worker.
const holder = globalThis as typeof globalThis & { __mailer?: MailerState };

/** Starts the outbox worker for this process (mail is logged instead of sent without SMTP_URL). */
export async function startMailer(config: AppConfig, db: DB): Promise<void> {
  if (holder.__mailer) return;
  const transport = config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl, config.mail.concurrency)
    : null;
  const retried = await retryOnStart(db);
  if (retried > 0) logger.info("outbox_retry_on_start", { mails: retried });
  if (!transport) logger.warn("mail_not_configured", { detail: "SMTP_URL is not set" });
  holder.__mailer = {
    transport,
    worker: startOutboxWorker({
      db,
      transport,
      from: config.mail.from,
      concurrency: config.mail.concurrency,
      withdrawLink: (email) => `${config.baseUrl}${withdrawPath(config.authSecret, email)}`,
    }),
  };
}

/** Sends queued mail now rather than at the next tick. */
export function wakeOutbox(): void {
  holder.__mailer?.worker.wake();
}

export async function stopMailer(): Promise<void> {
  const mailer = holder.__mailer;
  holder.__mailer = undefined;
  if (!mailer) return;
  await mailer.worker.stop();
  mailer.transport?.close();
}
