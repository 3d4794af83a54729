import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DialectName } from "./dialect.ts";
import type { Database } from "./schema.ts";
import { openSqlite, toKyselySqlite } from "./sqlite-driver.server.ts";

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: DialectName;
  /** The SQLite file (not set for PostgreSQL or an in-memory database). */
  sqliteFile?: string;
  /** Answers when the database can run a query (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/** The SQLite file a `file:` URL or a bare path names; `:memory:` stays in memory. */
export function sqlitePath(url: string): string {
  return url.startsWith("file:") ? url.slice("file:".length) : url;
}

/**
 * Opens the database a URL names: `postgres://…` selects PostgreSQL, anything else (`file:…`, a
 * path or `:memory:`) an SQLite file through node:sqlite.
 */
export function openDatabase(url: string): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return handle(db, "postgres");
  }
  const path = sqlitePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const database = openSqlite(path);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: toKyselySqlite(database) }),
  });
  return { ...handle(db, "sqlite"), sqliteFile: path === ":memory:" ? undefined : path };
}

function handle(db: DB, dialect: DialectName): DatabaseHandle {
  let closed: Promise<void> | undefined;
  return {
    db,
    dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => {
      closed ??= db.destroy();
      return closed;
    },
  };
}
