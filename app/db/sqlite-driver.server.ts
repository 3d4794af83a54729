import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * node:sqlite only binds numbers, strings, bigints, null and bytes. Booleans and dates arrive
 * from Kysely callers and from better-auth, so they are converted here, in one place.
 */
function toSqlValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && !(value instanceof Uint8Array)) return JSON.stringify(value);
  return value as SQLInputValue;
}

const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlValue);

/**
 * Opens an SQLite file with the settings a small web server wants: WAL for readers alongside a
 * writer, foreign keys enforced, a busy timeout instead of immediate SQLITE_BUSY, and
 * `synchronous=FULL` so that a commit survives a power cut (WAL's default NORMAL can lose the
 * last transactions).
 */
export function openSqlite(filename: string): DatabaseSync {
  const database = new DatabaseSync(filename, { timeout: 5000 });
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA synchronous = FULL");
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA busy_timeout = 5000");
  return database;
}

/** Adapts node:sqlite's `DatabaseSync` to the interface Kysely's `SqliteDialect` expects. */
export function toKyselySqlite(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)),
        run(parameters) {
          const result = statement.run(...bind(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
}
