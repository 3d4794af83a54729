import type { ColumnType } from "kysely";
import type { IsoTime } from "./columns";

/*
 * Staff admin: the audit log and (0003-admin) page-view counts, failed sign-in counters, the
 * first-admin setup token.
 */

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
  /**
   * "account:<account>|address:<client address>" (failures of one account from one address),
   * "address:<client address>", "unlock-mail:…" (unlock mails sent) or "api:…" (better-auth).
   */
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

export interface SignInUnlockTokensTable {
  /** SHA-256 of the token in the e-mailed unlock link (the token itself is never stored). */
  tokenHash: string;
  /** The staff account whose sign-in locks the link clears. */
  userId: string;
  expiresAt: IsoTime;
  createdAt: IsoTime;
}

/** Issue 24 (0014): a launch checklist item staff dismissed (one row per item, all instances). */
export interface LaunchChecklistDismissalsTable {
  item: string;
  /** The staff account that dismissed it (null once that account is removed). */
  dismissedBy: string | null;
  dismissedByName: string;
  dismissedAt: IsoTime;
}
