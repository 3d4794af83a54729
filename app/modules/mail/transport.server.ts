import nodemailer from "nodemailer";
import type { CalendarInvite, MailTransport, TransportMessage } from "./outbox.server";

/** A transport that also lets go of its connections (at shutdown). */
export interface ClosableTransport extends MailTransport {
  close(): void;
}

/**
 * An invitation as calendar programs look for it: a text/calendar alternative of the body (what
 * Outlook and Gmail act on) and the same file attached. Both parts say the METHOD of the
 * VCALENDAR inside (REQUEST or CANCEL) and its charset. nodemailer's own `icalEvent` labels the
 * attachment `application/ics` without them, which some programs then offer as a plain file
 * instead of updating or cancelling the meeting they hold.
 */
export function calendarParts(calendar: CalendarInvite) {
  const contentType = `text/calendar; charset=utf-8; method=${calendar.method}`;
  return {
    alternatives: [{ contentType, content: calendar.content }],
    attachments: [
      {
        filename: calendar.filename,
        contentType,
        content: calendar.content,
        contentDisposition: "attachment" as const,
        // As nodemailer wrote the .ics before: base64 keeps its CRLF line ends exactly.
        contentTransferEncoding: "base64" as const,
      },
    ],
  };
}

/** The calendar parts and the attached files of a message, as nodemailer takes them. */
export function mailFiles(message: TransportMessage): {
  alternatives?: ReturnType<typeof calendarParts>["alternatives"];
  attachments?: Array<{
    filename: string;
    contentType: string;
    content: string | Buffer;
    contentDisposition: "attachment";
    contentTransferEncoding?: "base64";
  }>;
} {
  const calendar = message.calendar ? calendarParts(message.calendar) : undefined;
  const files = (message.attachments ?? []).map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: Buffer.from(file.contentBase64, "base64"),
    contentDisposition: "attachment" as const,
  }));
  if (!calendar && files.length === 0) return {};
  return {
    ...(calendar ? { alternatives: calendar.alternatives } : {}),
    attachments: [...(calendar?.attachments ?? []), ...files],
  };
}

/**
 * SMTP through nodemailer, configured by SMTP_URL (`smtp://` with STARTTLS when the server offers
 * it, or `smtps://`; user and password in the URL). Time limits keep a stuck server from holding
 * the outbox: the claim lease (outbox.server.ts) is longer than all of them together.
 *
 * Connections are pooled, up to `connections` (the outbox's concurrency) open at once, each
 * carrying many mails: opening one (greeting, STARTTLS, sign-in) took most of a send's time, so
 * 300 mails to a local server took 32 s with a connection per mail, 1.3 s pooled (one at a time).
 */
export function createSmtpTransport(smtpUrl: string, connections = 1): ClosableTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 45_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        ...mailFiles(message),
      });
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
