import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import { logger } from "../lib/logger.server.ts";
import type { DialectName } from "./dialect.ts";
import type { Database } from "./schema.ts";
import { startCheckpointer } from "./sqlite-checkpoints.server.ts";
import { type CommitLog, groupCommitLog, walSync } from "./sqlite-commit-log.server.ts";
import { openSqlite, toKyselySqlite } from "./sqlite-driver.server.ts";
import { groupCommitDialect } from "./sqlite-group-commit.server.ts";

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
    // pg (about 50 modules) is loaded when Kysely first connects: a site on SQLite, and each of
    // the test suite's server starts, never loads it (issue 23).
    const pool = async () => {
      const { default: pg } = await import("pg");
      const pool = new pg.Pool({ connectionString: url, max: 10 });
      // An idle client that loses its connection must not crash the process.
      pool.on("error", () => {});
      return pool;
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return handle(db, "postgres");
  }
  const path = sqlitePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const { database, wal } = openSqlite(path);
  if (!wal || path === ":memory:") {
    const db = new Kysely<Database>({ dialect: groupCommitDialect(toKyselySqlite(database)) });
    return { ...handle(db, "sqlite"), sqliteFile: path === ":memory:" ? undefined : path };
  }
  // In WAL mode commits are synced by the driver, several at once, and checkpoints run on a
  // worker thread: neither waits on the disk on the event loop (decision 0069).
  const checkpointer = startCheckpointer(resolve(path), database, {
    onError: (reason) => logger.error("sqlite_checkpoint_failed", { reason }),
  });
  const walFile = walSync(resolve(path));
  const synced = groupCommitLog(walFile.sync);
  const log: CommitLog = {
    committed() {
      synced.committed();
      checkpointer.committed();
    },
    durable: () => synced.durable(),
  };
  const db = new Kysely<Database>({ dialect: groupCommitDialect(toKyselySqlite(database), log) });
  const sqlite = handle(db, "sqlite", async () => {
    walFile.close();
    await checkpointer.close();
  });
  return { ...sqlite, sqliteFile: path };
}

function handle(db: DB, dialect: DialectName, afterClose?: () => Promise<void>): DatabaseHandle {
  let closed: Promise<void> | undefined;
  return {
    db,
    dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => {
      closed ??= db.destroy().then(afterClose);
      return closed;
    },
  };
}
