import type { DialectOnly, InventoryTable } from "./inventory";

/*
 * Compares the data inventory with a database's real columns (issue 27, decision 0063). Pure, so
 * the check can be shown to fail on a made-up schema as well as run on the migrated one.
 */

/** Every column of every table, as the database reports them: table name -> column names. */
export type SchemaColumns = Map<string, string[]>;

export interface InventoryFindings {
  /** "table.column" the database has and the inventory does not classify: a decision to make. */
  unclassified: string[];
  /** "table.column" the inventory lists and the database does not have (a dropped column). */
  stale: string[];
  /** "table.column" listed more than once, or both as personal and as not. */
  doubled: string[];
}

/** The "table.column" names the inventory classifies on this dialect, with the doubled ones. */
function classified(inventory: InventoryTable[], dialect: DialectOnly) {
  const seen = new Set<string>();
  const doubled: string[] = [];
  for (const entry of inventory) {
    if (entry.onlyOn && entry.onlyOn !== dialect) continue;
    for (const column of [...Object.keys(entry.personal), ...entry.other]) {
      const name = `${entry.table}.${column}`;
      if (seen.has(name)) doubled.push(name);
      seen.add(name);
    }
  }
  return { seen, doubled };
}

export function checkInventory(
  inventory: InventoryTable[],
  schema: SchemaColumns,
  dialect: DialectOnly,
): InventoryFindings {
  const { seen, doubled } = classified(inventory, dialect);
  const actual = new Set(
    [...schema].flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`)),
  );
  return {
    unclassified: [...actual].filter((name) => !seen.has(name)).sort(),
    stale: [...seen].filter((name) => !actual.has(name)).sort(),
    doubled: doubled.sort(),
  };
}
