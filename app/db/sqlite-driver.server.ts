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
 * writer, foreign keys enforced, a busy timeout instead of immediate SQLITE_BUSY. A commit must
 * survive a power cut before anyone is told of it: in WAL mode the group-commit driver syncs the
 * WAL itself, off the event loop, so SQLite runs with `synchronous=NORMAL` (it still syncs around
 * checkpoints; sqlite-group-commit.server.ts, decision 0069); otherwise (an in-memory database)
 * SQLite syncs every commit itself (`FULL`). `wal` says which.
 */
export function openSqlite(filename: string): { database: DatabaseSync; wal: boolean } {
  const database = new DatabaseSync(filename, { timeout: 5000 });
  const mode = database.prepare("PRAGMA journal_mode = WAL").get() as { journal_mode?: string };
  const wal = mode.journal_mode === "wal";
  database.exec(`PRAGMA synchronous = ${wal ? "NORMAL" : "FULL"}`);
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA busy_timeout = 5000");
  return { database, wal };
}

/** Prepared statements kept per connection, the least recently used dropped beyond this. */
const STATEMENTS_KEPT = 256;

/**
 * Adapts node:sqlite's `DatabaseSync` to the interface Kysely's `SqliteDialect` expects.
 * Statements are prepared once per SQL text and kept: preparing was a tenth of the CPU of a
 * /book render (a dozen queries; decision 0066), and every request runs the same few texts.
 * A kept statement is reused only by `all` and `run`, which run it to the end at once; `iterate`
 * (a stream, which may be read while other queries run) gets a statement of its own.
 */
export function toKyselySqlite(database: DatabaseSync): SqliteDatabase {
  const kept = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  const preparedFor = (sql: string) => {
    const known = kept.get(sql);
    if (known) {
      kept.delete(sql);
      kept.set(sql, known);
      return known;
    }
    const statement = database.prepare(sql);
    kept.set(sql, statement);
    if (kept.size > STATEMENTS_KEPT) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    return statement;
  };
  return {
    close: () => {
      kept.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const statement = preparedFor(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)),
        run(parameters) {
          const result = statement.run(...bind(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate: (parameters) => database.prepare(sql).iterate(...bind(parameters)),
      };
    },
  };
}
