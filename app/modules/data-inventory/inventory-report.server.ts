import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import { DATA_INVENTORY, type PersonalColumn } from "./inventory";
import { checkInventory, type InventoryFindings } from "./inventory-check";
import { readSchemaColumns } from "./schema-columns.server";

export interface InventoryReport {
  /** Tables with personal data, each with its personal columns. */
  personal: {
    table: string;
    holds: string;
    columns: ({ column: string } & PersonalColumn)[];
  }[];
  /** Every table's columns that hold no personal data. */
  other: { table: string; holds: string; columns: string[] }[];
  /** How many columns this database has, and how the inventory compares with them. */
  columnCount: number;
  findings: InventoryFindings;
}

/**
 * The inventory as the admin page shows it, for this database's dialect (each dialect has a few
 * index tables of its own), with the same comparison the test makes, so a database migrated ahead
 * of the code shows its unclassified columns to the admin instead of hiding them.
 */
export async function inventoryReport(db: DB): Promise<InventoryReport> {
  const dialect = dialectOf(db);
  const schema = await readSchemaColumns(db);
  const entries = DATA_INVENTORY.filter((entry) => !entry.onlyOn || entry.onlyOn === dialect);
  const byTable = <T>(pick: (entry: (typeof entries)[number]) => T[]) => {
    const tables = new Map<string, { table: string; holds: string; columns: T[] }>();
    for (const entry of entries) {
      const columns = pick(entry);
      if (columns.length === 0) continue;
      const row = tables.get(entry.table) ?? {
        table: entry.table,
        holds: entry.holds,
        columns: [],
      };
      row.columns.push(...columns);
      tables.set(entry.table, row);
    }
    return [...tables.values()];
  };
  return {
    personal: byTable((entry) =>
      Object.entries(entry.personal).map(([column, use]) => ({ column, ...use })),
    ),
    other: byTable((entry) => entry.other).sort((a, b) => a.table.localeCompare(b.table)),
    columnCount: [...schema.values()].reduce((sum, columns) => sum + columns.length, 0),
    findings: checkInventory(DATA_INVENTORY, schema, dialect),
  };
}
