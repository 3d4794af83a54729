import type { Updateable } from "kysely";
import type { DB } from "~/db/client.server";
import type { MailOutboxTable, OutboxRow } from "~/db/schema";
import { parseJson } from "~/lib/json";
import { logger } from "~/lib/logger.server";
import type {
  CalendarInvite,
  MailAttachment,
  MailTransport,
  TransportMessage,
} from "./outbox.server";
import { BATCH_SIZE, claimDueMails, releaseClaims } from "./outbox-claims.server";

/*
 * The outbox's sender: sends claimed rows in lanes and schedules retries. Claims are in
 * outbox-claims.server.ts (several processes never send the same row twice); mails are queued
 * by enqueueMail (outbox.server.ts).
 */

/** After this many failed attempts a mail is given up on (status failed). */
export const MAX_ATTEMPTS = 24;
/** First retry after 30 s, doubling each time, at most an hour apart: about 18 h in all. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** Failed mails younger than this get one more attempt when the process starts. */
const RETRY_FAILED_ON_START_MS = 7 * 24 * 60 * 60 * 1000;

export interface ProcessOptions {
  /** null when e-mail is not configured: mails are logged and marked not_sent. */
  transport: MailTransport | null;
  from: string;
  now?: () => Date;
  /** Claim batch size (default the larger of 10 and `concurrency`). */
  limit?: number;
  /** How many mails are sent at once (MAIL_CONCURRENCY; default 1). */
  concurrency?: number;
  /**
   * Aborted when the process shuts down: the send in progress finishes and is recorded, nothing
   * more is claimed, and the rest of the batch is handed back at once (not after the lease).
   */
  signal?: AbortSignal;
  /**
   * The withdraw page's address for a visitor (decision 0061): a mail to the person it is about
   * (`personEmail` equal to its recipient) gets it in its footer at send time, since the link is
   * signed with the app's secret, which the mail builders do not hold.
   */
  withdrawLink?: (email: string) => string;
}

/** The line and link every mail to a visitor ends with (DPDP Act s.6(4), decision 0061). */
export const WITHDRAW_LINE = "You can withdraw your consent at any time:";

/** The mail as sent: a mail to a visitor gets the withdraw link in its footer. */
export function withWithdrawLink(
  message: TransportMessage,
  row: Pick<OutboxRow, "toAddress" | "personEmail">,
  withdrawLink: ProcessOptions["withdrawLink"],
): TransportMessage {
  const to = row.toAddress.trim().toLowerCase();
  if (!withdrawLink || !row.personEmail || row.personEmail !== to) return message;
  const url = withdrawLink(to);
  const escaped = url.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const footer = `<p style="margin:16px 4px 0;font-size:13px;color:#57534e">${WITHDRAW_LINE} <a href="${escaped}" style="color:#1e3a8a">withdraw your consent</a>.</p>`;
  const html = message.html.includes("</body>")
    ? message.html.replace(/<\/body>(?![\s\S]*<\/body>)/, `${footer}</body>`)
    : `${message.html}${footer}`;
  return { ...message, text: `${message.text}\n\n${WITHDRAW_LINE} ${url}`, html };
}

export interface ProcessResult {
  sent: number;
  /** Failed this time and scheduled again. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
  notSent: number;
}
/** Delay before the retry that follows the given number of failed attempts (1, 2, ...). */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(exponent, 20));
}
function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const response = (error as { response?: unknown }).response;
    return [code, typeof response === "string" ? response : error.message]
      .filter(Boolean)
      .join(": ")
      .slice(0, 500);
  }
  return String(error).slice(0, 500);
}

function messageOf(row: OutboxRow, from: string): TransportMessage {
  let headers: Record<string, string> = {};
  try {
    headers = JSON.parse(row.headers) as Record<string, string>;
  } catch {
    headers = {};
  }
  return {
    from,
    to: row.toAddress,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    headers,
    calendar: parseJson<CalendarInvite | undefined>(row.calendarEvent, undefined),
    attachments: parseJson<MailAttachment[] | undefined>(row.attachments, undefined),
  };
}

type Outcome = keyof ProcessResult;

/** Sends one claimed row (or logs it without a transport) and records the outcome. */
async function sendClaimed(
  db: DB,
  row: OutboxRow,
  options: ProcessOptions,
  clock: () => Date,
): Promise<Outcome> {
  // Only the claimant records the outcome.
  const finish = (changes: Updateable<MailOutboxTable>) =>
    db
      .updateTable("mailOutbox")
      .set({ ...changes, claimToken: null, lockedUntil: null })
      .where("id", "=", row.id)
      .where("claimToken", "=", row.claimToken)
      .execute();
  if (!options.transport) {
    logger.info("mail_not_sent", {
      reason: "SMTP_URL is not set",
      mailId: row.id,
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      // Link secrets (confirmation, unsubscribe) stay out of the log.
      text: row.textBody.replace(/token=[^\s&>"]+/g, "token=[redacted]"),
    });
    await finish({ status: "not_sent", updatedAt: clock().toISOString() });
    return "notSent";
  }
  let sent: { messageId?: string };
  try {
    sent = await options.transport.send(
      withWithdrawLink(messageOf(row, options.from), row, options.withdrawLink),
    );
  } catch (error) {
    const attempts = row.attempts + 1;
    const now = clock();
    const giveUp = attempts >= MAX_ATTEMPTS;
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
    await finish({
      status: giveUp ? "failed" : "pending",
      attempts,
      nextAttemptAt: giveUp ? row.nextAttemptAt : nextAttemptAt,
      lastError: errorText(error),
      updatedAt: now.toISOString(),
    });
    logger.error(giveUp ? "mail_failed" : "mail_send_error", {
      mailId: row.id,
      kind: row.kind,
      attempts,
      nextAttemptAt: giveUp ? undefined : nextAttemptAt,
      error: errorText(error),
    });
    return giveUp ? "failed" : "retrying";
  }
  const at = clock().toISOString();
  await finish({
    status: "sent",
    attempts: row.attempts + 1,
    sentAt: at,
    messageId: sent.messageId ?? null,
    lastError: null,
    updatedAt: at,
  });
  logger.info("mail_sent", { mailId: row.id, kind: row.kind, attempts: row.attempts + 1 });
  return "sent";
}

/**
 * Sends what is due, up to `concurrency` mails at once: each of that many lanes takes the next
 * claimed row, sends it and records the outcome, so a slow or failing send holds up only its own
 * lane. Rows are claimed a batch at a time (one claim at a time per call) until nothing is due.
 * A failed send is retried later with a growing delay; without a transport the mail is written
 * to the log and marked not_sent.
 */
export async function processOutbox(db: DB, options: ProcessOptions): Promise<ProcessResult> {
  const clock = options.now ?? (() => new Date());
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  // A batch at least as large as the lanes, so that they all have a row after one claim.
  const batchSize = options.limit ?? Math.max(BATCH_SIZE, concurrency);
  const result: ProcessResult = { sent: 0, retrying: 0, failed: 0, notSent: 0 };
  const claimed: OutboxRow[] = [];
  let claiming: Promise<void> | undefined;
  let nothingDue = false;

  const nextRow = async (): Promise<OutboxRow | undefined> => {
    for (;;) {
      if (options.signal?.aborted) return undefined;
      const row = claimed.shift();
      if (row) return row;
      if (nothingDue) return undefined;
      // Lanes that run dry together wait for the same claim rather than each making one.
      claiming ??= claimDueMails(db, clock(), batchSize)
        .then((rows) => {
          if (rows.length === 0) nothingDue = true;
          claimed.push(...rows);
        })
        .finally(() => {
          claiming = undefined;
        });
      await claiming;
    }
  };
  const lane = async () => {
    for (;;) {
      const row = await nextRow();
      if (!row) return;
      result[await sendClaimed(db, row, options, clock)] += 1;
    }
  };

  // Every lane is waited for, even when one fails (a database error), so that no send is still
  // in flight when this returns and the worker's next run cannot exceed the limit.
  const lanes = await Promise.allSettled(Array.from({ length: concurrency }, lane));
  if (claimed.length > 0) await releaseClaims(db, claimed.splice(0), clock());
  const failure = lanes.find((outcome) => outcome.status === "rejected");
  if (failure) throw failure.reason;
  return result;
}

/**
 * At start: mails waiting for a retry are due at once (the configuration may just have been
 * fixed), and mails given up on in the last week get one more attempt.
 */
export async function retryOnStart(db: DB, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const waiting = await db
    .updateTable("mailOutbox")
    .set({ nextAttemptAt: at, updatedAt: at })
    .where("status", "=", "pending")
    .where("nextAttemptAt", ">", at)
    .executeTakeFirst();
  const failed = await db
    .updateTable("mailOutbox")
    .set({ status: "pending", attempts: MAX_ATTEMPTS - 1, nextAttemptAt: at, updatedAt: at })
    .where("status", "=", "failed")
    .where("createdAt", ">=", new Date(now.getTime() - RETRY_FAILED_ON_START_MS).toISOString())
    .executeTakeFirst();
  return Number(waiting.numUpdatedRows) + Number(failed.numUpdatedRows);
}
