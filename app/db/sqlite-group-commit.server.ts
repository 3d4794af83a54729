import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { CommitLog } from "./sqlite-commit-log.server.ts";

/*
 * Kysely's SQLite driver, ours (decision 0069): one connection, held by one caller at a time,
 * whose commits are acknowledged only once `CommitLog` (sqlite-commit-log.server.ts: why that
 * loses nothing acknowledged) says they are on disk. The connection is handed to the next caller
 * at COMMIT, so the next transaction runs while the previous one's sync is on the disk, and the
 * commits made meanwhile share one sync.
 */

/** A lock with a queue, first come first served. */
class Lock {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** A query that cannot change the database (nothing to make durable after it). */
function onlyReads({ query, sql }: CompiledQuery): boolean {
  if (SelectQueryNode.is(query)) return true;
  return RawNode.is(query) && /^\s*select\b/i.test(sql);
}

/**
 * The one connection, held by one caller at a time (a transaction for its whole length, any
 * other query for itself); each caller gets a lease of its own, which the driver releases early
 * when the caller's transaction has committed (the sync is waited for without the connection).
 */
class Lease implements DatabaseConnection {
  inTransaction = false;
  #released = false;
  readonly database: SqliteDatabase;
  readonly log: CommitLog | undefined;
  readonly lock: Lock;

  // (No parameter properties: Node runs this file without a compiler in the benchmarks.)
  constructor(database: SqliteDatabase, log: CommitLog | undefined, lock: Lock) {
    this.database = database;
    this.log = log;
    this.lock = lock;
  }

  /** Runs a statement on the connection at once (node:sqlite is synchronous). */
  run(compiledQuery: CompiledQuery): QueryResult<unknown> {
    const { sql, parameters } = compiledQuery;
    const statement = this.database.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as unknown[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
      numAffectedRows: changes != null ? BigInt(changes) : undefined,
      rows: [],
    };
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Used again after it gave the connection up for a sync (below): its turn comes again.
    if (this.#released) {
      await this.lock.acquire();
      this.#released = false;
    }
    const result = this.run(compiledQuery) as QueryResult<R>;
    // A write outside a transaction committed by itself: durable before its caller hears, and
    // the connection free for others meanwhile, as after a transaction's commit. (A lease used
    // for several statements outside a transaction, as Kysely's migrator does at start, may see
    // another caller's statements between its own: each is a commit of its own anyway.)
    if (this.log && !this.inTransaction && !onlyReads(compiledQuery)) {
      this.log.committed();
      this.release();
      await this.log.durable();
    }
    return result;
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) {
      throw new Error("Sqlite driver only supports streaming of select queries");
    }
    const statement = this.database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }

  get released(): boolean {
    return this.#released;
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.lock.release();
  }
}

class GroupCommitDriver implements Driver {
  readonly #lock = new Lock();
  readonly database: SqliteDatabase;
  readonly log: CommitLog | undefined;

  constructor(database: SqliteDatabase, log: CommitLog | undefined) {
    this.database = database;
    this.log = log;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return new Lease(this.database, this.log, this.#lock);
  }

  async beginTransaction(connection: Lease): Promise<void> {
    /*
     * IMMEDIATE: the write lock is taken at the start, waiting (busy_timeout) while another
     * process holds it. Within this process the lease already makes transactions take turns, so
     * it changes nothing here; across server processes on one file (WEB_CONCURRENCY, decision
     * 0087) a deferred transaction that read and then wrote while another process had committed
     * would fail at once with SQLITE_BUSY (its snapshot is stale), busy_timeout or not.
     */
    connection.run(CompiledQuery.raw("begin immediate"));
    connection.inTransaction = true;
  }

  async commitTransaction(connection: Lease): Promise<void> {
    connection.run(CompiledQuery.raw("commit"));
    connection.inTransaction = false;
    this.log?.committed();
    // The next caller may use the connection while this commit's sync runs (group commit).
    connection.release();
    await this.log?.durable();
  }

  async rollbackTransaction(connection: Lease): Promise<void> {
    // Committed, and only its sync failed: the connection is another caller's by now.
    if (connection.released) return;
    connection.run(CompiledQuery.raw("rollback"));
    connection.inTransaction = false;
    connection.release();
    // What the transaction read may be another's commit not yet synced: its caller's answer
    // (a time "taken") waits for that as a commit's would (that commit's own caller hears of a
    // failed sync).
    await this.log?.durable().catch(() => undefined);
  }

  async savepoint(connection: Lease, name: string): Promise<void> {
    connection.run(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: Lease, name: string): Promise<void> {
    connection.run(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: Lease, name: string): Promise<void> {
    connection.run(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  async releaseConnection(connection: Lease): Promise<void> {
    connection.release();
  }

  async destroy(): Promise<void> {
    await this.log?.durable().catch(() => undefined);
    this.database.close();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Kysely's SQLite adapter; the driver keeps the one connection to one caller itself. */
class GroupCommitAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    // The driver's own lock does what Kysely's would, and can release at commit (above).
    return true;
  }
}

/**
 * Kysely on one SQLite connection whose commits are made durable by `log` (undefined: the
 * connection syncs by itself, as an in-memory database or one not in WAL mode does).
 */
export function groupCommitDialect(database: SqliteDatabase, log?: CommitLog): Dialect {
  return {
    createAdapter: () => new GroupCommitAdapter(),
    createDriver: () => new GroupCommitDriver(database, log),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
