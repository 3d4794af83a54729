import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import type { SchemaColumns } from "./inventory-check";

/**
 * Every table of the database with its columns, as the database itself reports them (SQLite's
 * catalogue and table_info; PostgreSQL's information_schema for the connection's schema), so the
 * inventory is compared with what the migrations really made, never with the TypeScript types.
 */
export async function readSchemaColumns(db: DB): Promise<SchemaColumns> {
  const rows =
    dialectOf(db) === "postgres"
      ? (
          await sql<{ table: string; column: string }>`
            select c.table_name as "table", c.column_name as "column"
            from information_schema.columns c
            join information_schema.tables t
              on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
            order by c.table_name, c.ordinal_position`.execute(db)
        ).rows
      : (
          await sql<{ table: string; column: string }>`
            select m.name as "table", p.name as "column"
            from sqlite_master m, pragma_table_info(m.name) p
            where m.type = 'table' and m.name not like 'sqlite_%'
            order by m.name, p.cid`.execute(db)
        ).rows;
  const schema: SchemaColumns = new Map();
  for (const { table, column } of rows) schema.set(table, [...(schema.get(table) ?? []), column]);
  return schema;
}
