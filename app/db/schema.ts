import type { ColumnType, Insertable, Selectable, SqlBool, Updateable } from "kysely";

/**
 * Table types for Kysely. Conventions (docs/decisions/0002-data-layer.md):
 * - columns are camelCase, like the spec's field names and better-auth's own tables;
 * - our timestamps are ISO-8601 UTC strings (`2026-01-31T09:30:00.000Z`) on both dialects, so
 *   they compare and sort the same everywhere;
 * - lists and nested documents are JSON text, parsed and validated by the owning module;
 * - booleans are `integer` on SQLite and `boolean` on PostgreSQL; modules read them with Boolean().
 */

type JsonText = string;
type IsoTime = string;

export interface ServicesTable {
  id: string;
  position: number;
  title: string;
  subtitle: string;
  description: string;
  subServices: JsonText;
  features: JsonText;
  benefits: JsonText;
  process: JsonText;
  color: string;
  bgColor: string;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface PagesTable {
  id: string;
  content: JsonText;
  updatedAt: IsoTime;
}

export interface SettingsTable {
  id: string;
  value: JsonText;
  updatedAt: IsoTime;
}

export interface CareersTable {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  experience: string;
  salary: string;
  description: string;
  requirements: JsonText;
  responsibilities: JsonText;
  benefits: JsonText;
  status: string;
  postedDate: string;
  applications: ColumnType<number, number | undefined, number>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

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

export interface AuditLogTable {
  id: string;
  actorId: string | null;
  /** The actor's name at the time, kept when the account is later removed. */
  actorName: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  createdAt: IsoTime;
}

/* better-auth's tables (user with the username and admin plugins, session, account, verification). */
type AuthTime = ColumnType<Date | string, Date | string, Date | string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<SqlBool, boolean, boolean>;
  image: string | null;
  createdAt: AuthTime;
  updatedAt: AuthTime;
  username: string | null;
  displayUsername: string | null;
  role: string | null;
  banned: ColumnType<SqlBool | null, boolean | null, boolean | null>;
  banReason: string | null;
  banExpires: AuthTime | null;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthTime;
  token: string;
  createdAt: AuthTime;
  updatedAt: AuthTime;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthTime | null;
  refreshTokenExpiresAt: AuthTime | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthTime;
  updatedAt: AuthTime;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthTime;
  createdAt: AuthTime;
  updatedAt: AuthTime;
}

/* Leads (0002-leads): the mail outbox and the public forms' rate-limit log. */
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
}

export interface RateLimitEventsTable {
  id: string;
  /** Which limit, e.g. "enquiry" or "newsletter". */
  bucket: string;
  /** HMAC of the client address: counts per address without storing it. */
  addressHash: string;
  createdAt: IsoTime;
}

/* Staff admin (0003-admin): page-view counts, failed sign-in counters, the first-admin setup token. */
export interface PageViewsTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  path: string;
  views: ColumnType<number, number | undefined, number>;
}

export interface PageReferrersTable {
  day: string;
  /** The referring site's host name only (no path, no query). */
  host: string;
  views: ColumnType<number, number | undefined, number>;
}

export interface LoginThrottleTable {
  /** "account:<username or e-mail>" or "address:<client address>". */
  key: string;
  failures: number;
  windowStartedAt: IsoTime;
  lockedUntil: IsoTime | null;
}

export interface StaffSetupTokensTable {
  /** SHA-256 of the token (the token itself is only printed in the log). */
  tokenHash: string;
  expiresAt: IsoTime;
  createdAt: IsoTime;
}

/** One row ("public"): raised by every write that changes what public pages show. */
export interface ContentVersionTable {
  id: string;
  version: number;
  changedAt: IsoTime;
}

export interface Database {
  services: ServicesTable;
  pages: PagesTable;
  settings: SettingsTable;
  careers: CareersTable;
  enquiries: EnquiriesTable;
  /** SQLite only. */
  enquirySearchRows: EnquirySearchRowsTable;
  enquiryStatusChanges: EnquiryStatusChangesTable;
  enquiryNotes: EnquiryNotesTable;
  newsletterSubscribers: NewsletterSubscribersTable;
  auditLog: AuditLogTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  mailOutbox: MailOutboxTable;
  rateLimitEvents: RateLimitEventsTable;
  pageViews: PageViewsTable;
  pageReferrers: PageReferrersTable;
  loginThrottle: LoginThrottleTable;
  staffSetupTokens: StaffSetupTokensTable;
  contentVersion: ContentVersionTable;
}

export type ServiceRow = Selectable<ServicesTable>;
export type CareerRow = Selectable<CareersTable>;
export type EnquiryRow = Selectable<EnquiriesTable>;
export type NewEnquiryRow = Insertable<EnquiriesTable>;
export type EnquiryUpdate = Updateable<EnquiriesTable>;
export type SubscriberRow = Selectable<NewsletterSubscribersTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type UserRow = Selectable<UserTable>;
export type OutboxRow = Selectable<MailOutboxTable>;
