import type { ColumnType, SqlBool } from "kysely";
import type { IsoTime, JsonText } from "./columns";

/*
 * Leads: enquiries (with their search rows, status history and notes), newsletter subscribers,
 * and (0002-leads) the mail outbox and the public forms' rate-limit log.
 */

export interface EnquiriesTable {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  company: string;
  title: string;
  phone: string;
  companySize: string;
  industry: string;
  service: string;
  timeline: string;
  message: string;
  newsletter: ColumnType<SqlBool, boolean, boolean>;
  submittedAt: IsoTime;
  status: string;
  source: string;
  /** Set when the spam defence held the enquiry back; null for an ordinary enquiry. */
  spamReason: string | null;
  updatedAt: IsoTime | null;
}

/**
 * SQLite only (migration 0005): a narrow copy of each enquiry's listed fields under a stable
 * integer key, kept in step by triggers, and the key of the FTS5 search index `enquirySearch`.
 */
export interface EnquirySearchRowsTable {
  key: ColumnType<number, never, never>;
  id: string;
  fullName: string;
  email: string;
  company: string;
  status: string;
  spamReason: string | null;
  submittedAt: IsoTime;
}

export interface EnquiryStatusChangesTable {
  id: string;
  enquiryId: string;
  fromStatus: string | null;
  toStatus: string;
  changedBy: string | null;
  changedAt: IsoTime;
}

export interface EnquiryNotesTable {
  id: string;
  enquiryId: string;
  authorId: string | null;
  body: string;
  createdAt: IsoTime;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  status: string;
  source: string;
  consentText: string;
  consentedAt: IsoTime;
  confirmedAt: IsoTime | null;
  unsubscribedAt: IsoTime | null;
  token: string;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface MailOutboxTable {
  id: string;
  /** What the mail is, e.g. "enquiry_notification", "newsletter_confirmation". */
  kind: string;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** Extra headers as a JSON object (List-Unsubscribe and friends). */
  headers: JsonText;
  /** The visitor the mail is about or addressed to, lower-cased, for erasure requests. */
  personEmail: string | null;
  /** The enquiry or subscriber the mail belongs to. */
  relatedId: string | null;
  /** pending, sending, sent, failed (gave up), not_sent (e-mail not configured). */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: IsoTime;
  /** Set while one process is sending the row; with lockedUntil, a lease another may take over. */
  claimToken: string | null;
  lockedUntil: IsoTime | null;
  lastError: string | null;
  messageId: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
  sentAt: IsoTime | null;
  /** A calendar invitation sent with the mail, as JSON (method, filename, content); 0011. */
  calendarEvent: ColumnType<JsonText | null, JsonText | null | undefined, JsonText | null>;
  /** Files sent with the mail, as JSON (filename, contentType, base64 content); 0020. */
  attachments: ColumnType<JsonText | null, JsonText | null | undefined, JsonText | null>;
}

export interface RateLimitEventsTable {
  id: string;
  /** Which limit, e.g. "enquiry" or "newsletter". */
  bucket: string;
  /** HMAC of the client address: counts per address without storing it. */
  addressHash: string;
  createdAt: IsoTime;
}

/** Enquiry form tokens already used (migration 0007): each is good for one submission. */
export interface FormTokenUsesTable {
  /** The token's signature. */
  id: string;
  usedAt: IsoTime;
  /** When the token expires; the row is deleted after that. */
  expiresAt: IsoTime;
}
