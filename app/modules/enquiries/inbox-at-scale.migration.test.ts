import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { createTestDatabase, DIALECTS } from "../../../tests/support/test-database";
import { countEnquiriesByStatus } from "./enquiry-stats.server";
import { found, row } from "./inbox-at-scale-fixtures";

/*
 * Migration 0005 (docs/decisions/0011-inbox-at-scale.md) on a database that already holds
 * enquiries: they are listed, counted and found afterwards.
 */

describe.each(DIALECTS)("migration 0005 on %s", (dialect) => {
  it("upgrades a database that already holds enquiries: they are listed, counted and found", async () => {
    const t = await createTestDatabase(dialect, { migrate: false });
    try {
      // Migrate to 0004 only, as an install before this change was.
      const { Migrator } = await import("kysely/migration");
      const { migrationProvider } = await import("~/db/migrations/index");
      const schema =
        dialect === "postgres"
          ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]?.s
          : undefined;
      const migrator = new Migrator({
        db: t.db,
        provider: migrationProvider,
        migrationTableSchema: schema,
      });
      const { error } = await migrator.migrateTo("0004-content-version");
      expect(error).toBeUndefined();
      await t.db
        .insertInto("enquiries")
        .values([
          row(1, { fullName: "Kavya Reddy", status: "closed" }),
          row(2, { company: "Tiger Systems", spamReason: "honeypot" }),
          row(3, { email: "arjun@banyan.in", status: "contacted" }),
        ])
        .execute();

      // 0005 and 0006 run first; later migrations may follow them.
      expect((await migrateToLatest(t.db)).slice(0, 2)).toEqual([
        "0005-inbox-at-scale",
        "0006-inbox-search-plans",
      ]);
      expect(await found(t.db, "avya red")).toEqual(["enq_s_0001"]);
      expect(await found(t.db, "tiger sys", true)).toEqual(["enq_s_0002"]);
      expect(await found(t.db, "@banyan")).toEqual(["enq_s_0003"]);
      expect(await countEnquiriesByStatus(t.db)).toEqual({
        total: 2,
        new: 0,
        contacted: 1,
        qualified: 0,
        closed: 1,
      });
      // And it goes on: a new enquiry after the upgrade is found too.
      await t.db
        .insertInto("enquiries")
        .values(row(4, { company: "Cedar Health" }))
        .execute();
      expect(await found(t.db, "cedar h")).toEqual(["enq_s_0004"]);
      if (dialect === "postgres") {
        const { rows } = await sql<{ name: string }>`
          select indexname as name from pg_indexes
          where tablename = 'enquiries' and indexname like '%trgm%' and schemaname = current_schema()
          order by 1`.execute(t.db);
        expect(rows.map((r) => r.name)).toEqual([
          "enquiries_company_trgm_idx",
          "enquiries_email_trgm_idx",
          "enquiries_fullName_trgm_idx",
        ]);
      }
    } finally {
      await t.destroy();
    }
  });
});
