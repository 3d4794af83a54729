import { sql, type Transaction } from "kysely";
import type { DB } from "~/db/client.server";
import type { Database, OutboxRow } from "~/db/schema";
import { sortableId } from "~/lib/ids";

/*
 * The mail outbox. Every e-mail is first a row, written in the same transaction as the record it
 * is about (an enquiry is committed with its mails, never sent before it exists), then sent by
 * a worker that claims due rows, so a crash, a restart or an SMTP server that is down loses
 * nothing, and several processes never send the same row twice (outbox-sender.server.ts).
 */

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "not_sent"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutgoingMail {
  /** What the mail is, e.g. "enquiry_notification". */
  kind: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The visitor it is about or addressed to, for erasure requests. */
  personEmail?: string | null;
  /** The enquiry or subscriber it belongs to. */
  relatedId?: string | null;
  /** A calendar invitation (a booking's .ics), sent as a text/calendar part and an attachment. */
  calendar?: CalendarInvite | null;
  /** Files sent with it (a calculator's breakdown as a PDF). */
  attachments?: MailAttachment[] | null;
}

/** A file attached to a mail, its bytes in base64 (kept in the outbox row). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** An iCalendar document and its METHOD, which mail programs need on the MIME part too. */
export interface CalendarInvite {
  method: "REQUEST" | "CANCEL";
  /** The attachment's file name, e.g. "invite.ics". */
  filename: string;
  /** The VCALENDAR text. */
  content: string;
}

/** A message as a transport sends it. */
export interface TransportMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  calendar?: CalendarInvite;
  attachments?: MailAttachment[];
}

/** Sends one message or throws; nodemailer in production (transport.server.ts). */
export interface MailTransport {
  send(message: TransportMessage): Promise<{ messageId?: string }>;
}
export type Executor = DB | Transaction<Database>;

/** Queues a mail (due now); pass the transaction that writes the record it belongs to. */
export async function enqueueMail(
  db: Executor,
  mail: OutgoingMail,
  now: Date = new Date(),
): Promise<string> {
  const id = sortableId("mail");
  const at = now.toISOString();
  await db
    .insertInto("mailOutbox")
    .values({
      id,
      kind: mail.kind,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      personEmail: mail.personEmail ? mail.personEmail.trim().toLowerCase() : null,
      relatedId: mail.relatedId ?? null,
      status: "pending",
      attempts: 0,
      nextAttemptAt: at,
      claimToken: null,
      lockedUntil: null,
      lastError: null,
      messageId: null,
      createdAt: at,
      updatedAt: at,
      sentAt: null,
      calendarEvent: mail.calendar ? JSON.stringify(mail.calendar) : null,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
    })
    .execute();
  return id;
}
/**
 * Mails that need attention: pending (waiting to be sent or retried; a mail is pending for
 * seconds when all is well) and failed (given up on). The dashboard shows them.
 */
export async function countOutboxProblems(db: DB): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .selectFrom("mailOutbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("status", "in", ["pending", "sending", "failed"])
    .groupBy("status")
    .execute();
  let pending = 0;
  let failed = 0;
  for (const row of rows) {
    if (row.status === "failed") failed += Number(row.count);
    else pending += Number(row.count);
  }
  return { pending, failed };
}

/** What the outbox still has to do, for the dashboard (a burst of mail being worked off). */
export interface OutboxBacklog {
  /** Mails not sent yet: waiting, waiting for a retry, or being sent by an instance right now. */
  queued: number;
  /** Of those, mails whose last attempt failed and that wait for their next one. */
  retrying: number;
  /** Mails given up on after every retry. */
  failed: number;
  /** When the oldest queued mail was written (null with nothing queued). */
  oldestQueuedAt: string | null;
  /** How long the oldest queued mail has waited at `now`, in milliseconds. */
  oldestWaitingMs: number | null;
}

/** The backlog in one query over the status index (sent mails are not read). */
export async function outboxBacklog(db: DB, now: Date = new Date()): Promise<OutboxBacklog> {
  const rows = await db
    .selectFrom("mailOutbox")
    .select((eb) => [
      "status",
      eb.fn.countAll<number | string>().as("count"),
      eb.fn
        .sum<number | string | null>(eb.case().when("attempts", ">", 0).then(1).else(0).end())
        .as("retried"),
      eb.fn.min<string | null>("createdAt").as("oldest"),
    ])
    .where("status", "in", ["pending", "sending", "failed"])
    .groupBy("status")
    .execute();
  const backlog: OutboxBacklog = {
    queued: 0,
    retrying: 0,
    failed: 0,
    oldestQueuedAt: null,
    oldestWaitingMs: null,
  };
  for (const row of rows) {
    if (row.status === "failed") {
      backlog.failed += Number(row.count);
      continue;
    }
    backlog.queued += Number(row.count);
    // A mail being sent may be on a retry too, but only waiting ones count as "retrying".
    if (row.status === "pending") backlog.retrying += Number(row.retried ?? 0);
    if (row.oldest && (!backlog.oldestQueuedAt || row.oldest < backlog.oldestQueuedAt)) {
      backlog.oldestQueuedAt = row.oldest;
    }
  }
  if (backlog.oldestQueuedAt) {
    backlog.oldestWaitingMs = Math.max(0, now.getTime() - Date.parse(backlog.oldestQueuedAt));
  }
  return backlog;
}

/** Mails of one kind about one record, newest first (tests and the inbox's detail page). */
export async function listMailsFor(db: DB, relatedId: string): Promise<OutboxRow[]> {
  return db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("relatedId", "=", relatedId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Deletes every mail to or about an address (an erasure request); returns the count. */
export async function deleteMailsFor(db: Executor, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  const result = await db
    .deleteFrom("mailOutbox")
    .where((eb) =>
      eb.or([
        eb("personEmail", "=", address),
        eb(sql<string>`lower(${sql.ref("toAddress")})`, "=", address),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
