import type { ColumnType, SqlBool } from "kysely";
import type { IsoTime } from "./columns";

/*
 * Notice and consent (0029-notice-and-consent, docs/decisions/0061-notice-and-consent.md).
 */

/** One published privacy notice, kept whole; the highest version is in force. */
export interface PrivacyNoticeVersionsTable {
  version: number;
  /** The notice text (modules/privacy/notice-text.ts), placeholders unfilled. */
  body: string;
  publishedAt: IsoTime;
  publishedById: string | null;
  publishedByName: string;
  /** Published by its draft's schedule, in the name of the admin who set it (migration 0038). */
  scheduled: ColumnType<SqlBool, boolean | undefined, boolean>;
  /** The version whose text this one published again, if it was a restore. */
  restoredFrom: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The consent ledger: one row per consent given or withdrawn. */
export interface ConsentsTable {
  id: string;
  /** Trimmed, lower case. */
  email: string;
  /** "enquiry" | "newsletter" | "cv_pool" (modules/privacy/purposes.ts). */
  purpose: string;
  /** "given" | "withdrawn". */
  action: string;
  /** Where it happened: the form ("contact", "newsletter", "application", …) or "withdraw-page". */
  form: string;
  /** The notice version in force when it happened. */
  noticeVersion: number | null;
  /** The exact words the person was shown. */
  words: string;
  /** The record it came with ("enquiry", "booking", "application", "subscriber"), if any. */
  recordType: string | null;
  recordId: string | null;
  createdAt: IsoTime;
}

/**
 * A request to see, correct or erase one's data or to name a nominee (0030-privacy-requests,
 * docs/decisions/0062-privacy-requests.md).
 */
export interface PrivacyRequestsTable {
  id: string;
  /** Trimmed, lower case. */
  email: string;
  /** "access" | "correct" | "erase" | "nominate" (modules/privacy-requests/request-fields.ts). */
  kind: string;
  /** What to correct, or anything the person added. */
  details: string;
  nomineeName: string;
  nomineeEmail: string;
  /** "unverified" | "received" | "in_progress" | "completed" | "refused". */
  status: string;
  /** The one-time code's keyed hash; null once verified. */
  codeHash: string | null;
  codeExpiresAt: IsoTime | null;
  codeTries: number;
  createdAt: IsoTime;
  verifiedAt: IsoTime | null;
  dueAt: IsoTime | null;
  closedAt: IsoTime | null;
  /** What staff did, or why they refused (sent to the person). */
  outcome: string;
  updatedAt: IsoTime;
}
