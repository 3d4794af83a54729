import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import { containsPattern, ilike } from "~/db/contains";
import type { ConsentsTable } from "~/db/schema";
import { sortableId } from "~/lib/ids";
import { currentNoticeVersion } from "./notice.server";
import {
  type ConsentAction,
  type ConsentPurpose,
  type NoticeForm,
  shortNoticeWords,
} from "./purposes";

/*
 * The consent ledger (DPDP Act 2023 s.6(10): the fiduciary must be able to prove the notice and
 * the consent): one row per consent given or withdrawn. Written only inside the transaction of
 * the write it belongs to (a form's store step, a withdrawal command).
 */

export type ConsentRow = Selectable<ConsentsTable>;

export interface ConsentEntry {
  email: string;
  purpose: ConsentPurpose;
  action: ConsentAction;
  form: string;
  words: string;
  record?: {
    type: "enquiry" | "booking" | "application" | "subscriber";
    id: string;
  };
  /** Defaults to the version in force. */
  noticeVersion?: number;
  at?: string;
}

export const ledgerEmail = (email: string) => email.trim().toLowerCase();

/** Records one consent given or withdrawn; `trx` is the transaction of the write it goes with. */
export async function recordConsent(trx: DB, entry: ConsentEntry): Promise<ConsentRow> {
  const row: ConsentRow = {
    id: sortableId("con"),
    email: ledgerEmail(entry.email),
    purpose: entry.purpose,
    action: entry.action,
    form: entry.form,
    noticeVersion: entry.noticeVersion ?? (await currentNoticeVersion(trx)),
    words: entry.words,
    recordType: entry.record?.type ?? null,
    recordId: entry.record?.id ?? null,
    createdAt: entry.at ?? new Date().toISOString(),
  };
  await trx.insertInto("consents").values(row).execute();
  return row;
}

/** A person's ledger, oldest first. */
export function consentsOf(db: DB, email: string): Promise<ConsentRow[]> {
  return db
    .selectFrom("consents")
    .selectAll()
    .where("email", "=", ledgerEmail(email))
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** The ledger rows of one record (an enquiry, an application), oldest first. */
export function consentsOfRecord(db: DB, type: string, id: string): Promise<ConsentRow[]> {
  return db
    .selectFrom("consents")
    .selectAll()
    .where("recordType", "=", type)
    .where("recordId", "=", id)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** The latest action per purpose for a person: what stands now. */
export async function standingConsents(
  db: DB,
  email: string,
): Promise<Partial<Record<ConsentPurpose, ConsentRow>>> {
  const standing: Partial<Record<string, ConsentRow>> = {};
  for (const row of await consentsOf(db, email)) standing[row.purpose] = row;
  return standing;
}

export interface LedgerFilters {
  q?: string;
  purpose?: string;
  action?: string;
  from?: string;
  to?: string;
}

function filtered(db: DB, filters: LedgerFilters) {
  let query = db.selectFrom("consents").selectAll();
  const q = filters.q?.trim();
  if (q) query = query.where(ilike("email", containsPattern(q)));
  if (filters.purpose) query = query.where("purpose", "=", filters.purpose);
  if (filters.action) query = query.where("action", "=", filters.action);
  if (filters.from) query = query.where("createdAt", ">=", filters.from);
  if (filters.to) query = query.where("createdAt", "<", filters.to);
  return query.orderBy("createdAt", "desc").orderBy("id", "desc");
}

/** One page of the ledger, newest first (one extra row tells whether there is a next page). */
export async function listLedger(
  db: DB,
  filters: LedgerFilters,
  page = 1,
  pageSize = 50,
): Promise<{ rows: ConsentRow[]; hasNext: boolean }> {
  const rows = await filtered(db, filters)
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

/** The whole filtered ledger, newest first, in batches (for the CSV). */
export async function* streamLedger(db: DB, filters: LedgerFilters): AsyncGenerator<ConsentRow[]> {
  for (let offset = 0; ; offset += 500) {
    const rows = await filtered(db, filters).limit(500).offset(offset).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < 500) return;
  }
}

/**
 * What a visitor form records when it is stored (not for spam): the form's own purpose (the
 * short notice shown and the act of sending, s.7(a)) and each optional box ticked, each with the
 * exact words shown and the notice version in force.
 */
export async function recordFormConsents(
  trx: DB,
  entry: {
    email: string;
    form: NoticeForm;
    record: NonNullable<ConsentEntry["record"]>;
    boxes?: { purpose: ConsentPurpose; words: string }[];
  },
): Promise<void> {
  const noticeVersion = await currentNoticeVersion(trx);
  const base = { email: entry.email, form: entry.form, record: entry.record, noticeVersion };
  if (entry.form !== "newsletter") {
    await recordConsent(trx, {
      ...base,
      purpose: "enquiry",
      action: "given",
      words: shortNoticeWords(entry.form),
    });
  }
  for (const box of entry.boxes ?? []) {
    await recordConsent(trx, { ...base, purpose: box.purpose, action: "given", words: box.words });
  }
}
