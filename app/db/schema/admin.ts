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
