import type { Kysely } from "kysely";
import type { DB } from "~/db/client.server";
import { inTransaction } from "~/db/transaction.server";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";
import type { ProofStatus } from "./proof.schema";

/*
 * Data access shared by the four social-proof tables: each row has an id, a `position` (the
 * order staff chose; lower first), a status and its times, beside the kind's own columns. The
 * functions take the table's name, so one set of queries serves all four kinds.
 */

export type OrderedTable = "testimonials" | "clientLogos" | "resultFigures" | "teamMembers";

/** The columns every ordered table has; a kind's own columns travel as plain values. */
interface OrderedRow {
  id: string;
  position: number;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export type Columns = Record<string, string | null>;
export type StoredRow = OrderedRow & Columns;

/*
 * The four tables seen through the columns they share. Kysely types each table apart; a table
 * chosen at run time needs this one view of them (the kind's columns are checked by its schema
 * before they get here).
 */
const ordered = (db: DB) => db as unknown as Kysely<Record<OrderedTable, OrderedRow>>;

/** The rows in order (published ones only, for public pages). */
export async function listRows(
  db: DB,
  table: OrderedTable,
  { publishedOnly = false } = {},
): Promise<StoredRow[]> {
  let query = ordered(db).selectFrom(table).selectAll();
  if (publishedOnly) query = query.where("status", "=", "published");
  return (await query.orderBy("position").orderBy("id").execute()) as StoredRow[];
}

export async function getRow(db: DB, table: OrderedTable, id: string): Promise<StoredRow | null> {
  const row = await ordered(db)
    .selectFrom(table)
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return (row as StoredRow | undefined) ?? null;
}

/** Adds a row after the others; returns it. */
export function insertRow(
  db: DB,
  table: OrderedTable,
  idPrefix: string,
  columns: Columns,
): Promise<StoredRow> {
  return inTransaction(db, async (trx) => {
    const last = await ordered(trx)
      .selectFrom(table)
      .select((eb) => eb.fn.max("position").as("max"))
      .executeTakeFirst();
    const now = nowIso();
    const row = {
      status: "draft",
      ...columns,
      id: sortableId(idPrefix),
      position: Number(last?.max ?? 0) + 1,
      createdAt: now,
      updatedAt: now,
    } as StoredRow;
    await ordered(trx).insertInto(table).values(row).execute();
    return row;
  });
}

/** Replaces a row's own columns (and status); false when it no longer exists. */
export async function updateRow(
  db: DB,
  table: OrderedTable,
  id: string,
  columns: Columns,
): Promise<boolean> {
  const result = await ordered(db)
    .updateTable(table)
    .set({ ...columns, updatedAt: nowIso() } as Partial<OrderedRow>)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setRowStatus(
  db: DB,
  table: OrderedTable,
  id: string,
  status: ProofStatus,
): Promise<boolean> {
  return updateRow(db, table, id, { status });
}

export async function deleteRow(db: DB, table: OrderedTable, id: string): Promise<boolean> {
  const result = await ordered(db).deleteFrom(table).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Swaps a row with its neighbour above ("up") or below ("down") in the staff's order. Returns
 * the neighbour it passed, or null when there is none (already first or last) or the row is gone.
 */
export function moveRow(
  db: DB,
  table: OrderedTable,
  id: string,
  direction: "up" | "down",
): Promise<StoredRow | null> {
  return inTransaction(db, async (trx) => {
    const rows = await listRows(trx, table);
    const index = rows.findIndex((row) => row.id === id);
    const neighbour = rows[direction === "up" ? index - 1 : index + 1];
    const row = rows[index];
    if (!row || !neighbour) return null;
    // Positions may tie after concurrent adds; renumbering the whole order keeps swaps exact.
    const order = rows.map((r) => r.id);
    order[rows.indexOf(neighbour)] = row.id;
    order[index] = neighbour.id;
    for (const [at, rowId] of order.entries()) {
      const before = rows.find((r) => r.id === rowId)?.position;
      if (before === at + 1) continue;
      await ordered(trx)
        .updateTable(table)
        .set({ position: at + 1 })
        .where("id", "=", rowId)
        .execute();
    }
    return neighbour;
  });
}
