import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import type { DialectName } from "~/db/dialect";
import { migrateToLatest } from "~/db/migrate.server";

/**
 * The PostgreSQL server integration tests run against. CI sets it; on a developer machine the
 * local server of ../shared/machine/services.md is the default, so `npm test` always runs both.
 */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase extends DatabaseHandle {
  /** The URL another connection (or a server process) can open the same database with. */
  url: string;
  /** Drops what this test database created (the temporary file or PostgreSQL schema). */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated, empty database of the given dialect: a temporary SQLite file, or a
 * PostgreSQL schema of its own (through `search_path`) so test files can run in parallel.
 */
export async function createTestDatabase(
  dialect: DialectName,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  let url: string;
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "trc-db-"));
    url = `file:${join(dir, "test.db")}`;
    handle = openDatabase(url);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const scoped = new URL(TEST_DATABASE_URL);
    scoped.searchParams.set("options", `-c search_path=${schema}`);
    url = scoped.toString();
    handle = openDatabase(url);
    cleanup = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    };
  }
  if (migrate) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    async destroy() {
      await handle.close();
      await cleanup();
    },
  };
}

/** Both dialects, for `describe.each(DIALECTS)`. */
export const DIALECTS: DialectName[] = ["sqlite", "postgres"];
