import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectOf } from "~/db/dialect";
import { migrationProvider } from "~/db/migrations/index";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { DATA_INVENTORY } from "./inventory";
import { checkInventory } from "./inventory-check";
import { readSchemaColumns } from "./schema-columns.server";

/*
 * The data inventory against the real migrated schema (issue 27, decision 0063): every column of
 * every table is classified as personal data or not, so a migration that adds a column fails this
 * file until someone decides what it holds.
 */

/** A migration someone might write next: a new column on enquiries and a new table of people. */
const fakeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("enquiries").addColumn("favouriteColour", "text").execute();
    await db.schema
      .createTable("webinarSignups")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .execute();
  },
};

describe.each(DIALECTS)("the data inventory on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("classifies every column of the migrated schema, and lists none that is not there", async () => {
    const findings = checkInventory(DATA_INVENTORY, await readSchemaColumns(t.db), dialect);
    expect(findings).toEqual({ unclassified: [], stale: [], doubled: [] });
  });

  it("names each column a new migration adds until the inventory classifies it", async () => {
    // A scratch database of its own: the real migrations, then the fake one on top.
    const scratch = await createTestDatabase(dialect);
    try {
      const migrationTableSchema =
        dialectOf(scratch.db) === "postgres"
          ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(scratch.db))
              .rows[0]?.schema
          : undefined;
      const migrations = await migrationProvider.getMigrations();
      const migrator = new Migrator({
        db: scratch.db,
        migrationTableSchema,
        provider: {
          getMigrations: async () => ({ ...migrations, "9999-fake-new-columns": fakeMigration }),
        },
      });
      const { error, results } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      expect(results?.map((r) => r.migrationName)).toEqual(["9999-fake-new-columns"]);

      const findings = checkInventory(DATA_INVENTORY, await readSchemaColumns(scratch.db), dialect);
      expect(findings.unclassified).toEqual([
        "enquiries.favouriteColour",
        "webinarSignups.email",
        "webinarSignups.id",
      ]);

      // Classifying them is what makes the check pass again.
      const decided = [
        ...DATA_INVENTORY,
        {
          table: "webinarSignups",
          holds: "Webinar sign-ups",
          personal: {
            email: {
              kind: "E-mail address" as const,
              purpose: "Sending the webinar's link",
              retention: "A month after the webinar",
              basis: "Act s.6(1)",
            },
          },
          other: ["id"],
        },
      ];
      const enquiries = decided.find((entry) => entry.table === "enquiries");
      enquiries?.other.push("favouriteColour");
      try {
        expect(
          checkInventory(decided, await readSchemaColumns(scratch.db), dialect).unclassified,
        ).toEqual([]);
      } finally {
        enquiries?.other.pop();
      }
    } finally {
      await scratch.destroy();
    }
  });
});

describe("the inventory check", () => {
  it("names a listed column the database no longer has, and one listed twice", () => {
    const schema = new Map([["enquiries", ["id", "email"]]]);
    const inventory = [
      {
        table: "enquiries",
        holds: "Enquiries",
        personal: {
          email: { kind: "E-mail address" as const, purpose: "p", retention: "r", basis: "b" },
        },
        other: ["id", "fax", "email"],
      },
    ];
    expect(checkInventory(inventory, schema, "sqlite")).toEqual({
      unclassified: [],
      stale: ["enquiries.fax"],
      doubled: ["enquiries.email"],
    });
  });

  it("gives every personal column a purpose, a retention and a legal basis", () => {
    for (const entry of DATA_INVENTORY) {
      for (const [column, use] of Object.entries(entry.personal)) {
        expect(use.purpose, `${entry.table}.${column}`).not.toBe("");
        expect(use.retention, `${entry.table}.${column}`).not.toBe("");
        expect(use.basis, `${entry.table}.${column}`).toMatch(/Act|Rules|basis of/);
      }
    }
  });
});
