import type { IsoTime } from "./columns";

/*
 * The breach register (0031-retention-notices-and-breaches,
 * docs/decisions/0063-inventory-retention-breaches.md; DPDP Act s.8(6), Rules 2025 r.7).
 */

export interface BreachesTable {
  id: string;
  title: string;
  /** The nature and extent of the breach, and where it happened (r.7(1)(a), r.7(2)(a)). */
  whatHappened: string;
  /** When it happened, if known. */
  occurredAt: IsoTime | null;
  /** When the firm became aware of it: the 72-hour clock to the Board's report starts here. */
  discoveredAt: IsoTime;
  /** What personal data it touched. */
  dataAffected: string;
  /** Whose data, in words (the addresses are in breachAffected). */
  whoAffected: string;
  consequences: string;
  mitigation: string;
  safetySteps: string;
  /** The broad facts, circumstances and reasons that led to it (r.7(2)(b)(ii)). */
  causes: string;
  /** Findings about the person who caused it (r.7(2)(b)(iv)). */
  causedBy: string;
  /** Remedial measures against recurrence (r.7(2)(b)(v)). */
  prevention: string;
  /** The notice to the people affected as approved (null until an admin approves it). */
  noticeSubject: string | null;
  noticeText: string | null;
  noticeApprovedAt: IsoTime | null;
  noticeApprovedByName: string | null;
  /** When staff sent the detailed report to the Board. */
  boardReportedAt: IsoTime | null;
  createdAt: IsoTime;
  createdByName: string;
  updatedAt: IsoTime;
}

/** One person affected by a breach. */
export interface BreachAffectedTable {
  breachId: string;
  /** Trimmed, lower case. */
  email: string;
  name: string;
  /** When the approved notice was queued to this address. */
  notifiedAt: IsoTime | null;
}
