import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig } from "~/config.server";
import { createAuth } from "~/modules/auth/auth.server";
import { enquiryRow } from "~/modules/enquiries/enquiry-fixtures";
import { seedDefaults } from "~/modules/seed.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase } from "./client.server";
import { migrateToLatest, migrationNames } from "./migrate.server";

const config: AppConfig = {
  env: "test",
  host: "127.0.0.1",
  port: 0,
  databaseUrl: ":memory:",
  baseUrl: "http://127.0.0.1:3000",
  authSecret: "a-test-secret-that-is-long-enough-000000",
  trustProxy: false,
  proxyHops: 0,
  logLevel: "silent",
  pageCacheBytes: 64 * 1024 * 1024,
  requestsInProgress: 16,
  webConcurrency: 1,
  mail: { from: "Website <no-reply@localhost>", concurrency: 4 },
};

describe.each(DIALECTS)("schema on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("holds every table and column better-auth needs (its migrator finds nothing to do)", async () => {
    const auth = createAuth(config, t);
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated.map((c) => c.table)).toEqual([]);
    expect(toBeAdded.map((c) => `${c.table}: ${Object.keys(c.fields).join(", ")}`)).toEqual([]);
  });

  it("enforces foreign keys (deleting an enquiry removes its notes)", async () => {
    const now = new Date().toISOString();
    await t.db
      .insertInto("enquiries")
      .values(enquiryRow("enq_fk", { submittedAt: now }))
      .execute();
    await t.db
      .insertInto("enquiryNotes")
      .values({ id: "n1", enquiryId: "enq_fk", authorId: null, body: "Called", createdAt: now })
      .execute();
    await expect(
      t.db
        .insertInto("enquiryNotes")
        .values({ id: "n2", enquiryId: "missing", authorId: null, body: "x", createdAt: now })
        .execute(),
    ).rejects.toThrow();
    await t.db.deleteFrom("enquiries").where("id", "=", "enq_fk").execute();
    expect(await t.db.selectFrom("enquiryNotes").selectAll().execute()).toEqual([]);
  });
});

describe("SQLite settings", () => {
  it("uses WAL, foreign keys, a busy timeout, and leaves syncing commits to the driver", async () => {
    const t = await createTestDatabase("sqlite");
    const { sql } = await import("kysely");
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(t.db)).rows[0] as object)[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
    // NORMAL: the group-commit driver syncs the WAL before a commit is acknowledged
    // (sqlite-group-commit.test.ts; decision 0069), SQLite still syncs around checkpoints.
    expect(await pragma("synchronous")).toBe(1);
    await t.destroy();
  });
});

describe("migrations on PostgreSQL", () => {
  it("keep their bookkeeping in the connection's own schema when other schemas have theirs", async () => {
    // One database, two sites: the test database's own schema is migrated; a second site uses a
    // schema of its own in the same database (search_path), with nothing in it yet.
    const first = await createTestDatabase("postgres");
    await sql`create schema other_site`.execute(first.db);
    const url = new URL(first.url);
    url.searchParams.set("options", "-c search_path=other_site");
    const second = openDatabase(url.href);
    try {
      // The first schema's bookkeeping does not make the second site skip its migrations.
      expect(await migrateToLatest(second.db)).toEqual(await migrationNames());
      expect(await second.db.selectFrom("services").select("id").execute()).toEqual([]);
      // Nor does the second's make the first apply anything again.
      expect(await migrateToLatest(first.db)).toEqual([]);
      expect(await migrateToLatest(second.db)).toEqual([]);
    } finally {
      await second.close();
      await first.destroy();
    }
  });
});

describe("two processes starting together on one PostgreSQL database", () => {
  it("migrate and seed once, without errors", async () => {
    const t = await createTestDatabase("postgres", { migrate: false });
    const other = openDatabase(t.url);
    try {
      const start = async (db: typeof t.db) => {
        const applied = await migrateToLatest(db);
        await seedDefaults(db);
        return applied;
      };
      const results = await Promise.all([start(t.db), start(other.db)]);
      expect(results.flat()).toEqual(await migrationNames());
      const services = await t.db.selectFrom("services").select("id").execute();
      expect(services).toHaveLength(6);
      const pages = await t.db.selectFrom("pages").select("id").execute();
      expect(pages).toHaveLength(6);
    } finally {
      await other.close();
      await t.destroy();
    }
  });
});
