import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The public content version: one row whose number every write that changes public output
 * raises in its own transaction. Each instance's page cache compares it before serving a stored
 * page (docs/decisions/0009-write-path-and-page-cache.md).
 */
export const contentVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("contentVersion")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("changedAt", "text", (c) => c.notNull())
      .execute();
    await (db as Kysely<{ contentVersion: { id: string; version: number; changedAt: string } }>)
      .insertInto("contentVersion")
      .values({ id: "public", version: 1, changedAt: new Date().toISOString() })
      .execute();
  },
};
