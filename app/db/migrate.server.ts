import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import type { DB } from "./client.server.ts";
import { dialectOf } from "./dialect.ts";
import { migrationProvider } from "./migrations/index.ts";

/** The names of all migrations, in order. */
export async function migrationNames(): Promise<string[]> {
  // In the order Kysely applies them (by name), whatever the order of the list's entries.
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

/**
 * The site's migrator for a database. On PostgreSQL the bookkeeping tables are pinned to the
 * connection's current schema: Kysely otherwise looks for them in every schema, and another
 * schema's copy (a second site, a test running in parallel) would make it skip creating its own.
 * Migration tests use it to go to one migration and back.
 */
export async function migratorFor<T>(db: Kysely<T>): Promise<Migrator> {
  const migrationTableSchema =
    dialectOf(db) === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema });
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock first (an advisory lock on
 * PostgreSQL), so two processes starting together on one database migrate once.
 */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${(error as Error).message ?? error}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
