import { closeSync, fdatasync, openSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname } from "node:path";
import { promisify } from "node:util";
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

/*
 * SQLite's commits made durable off the event loop, several at once (decision 0069).
 *
 * With `synchronous=FULL` every COMMIT (and every write outside a transaction) fsyncs the WAL on
 * the thread that runs it: node:sqlite is synchronous, so the whole server stopped for each
 * acknowledged write, one after another (a tenth of the server's time in issue 25's crowd, and
 * far more on a disk other work shares). Here the connection runs with `synchronous=NORMAL`,
 * where a COMMIT writes its WAL frames without syncing them, and this driver makes the write
 * durable itself before anyone hears of it: the transaction's `commit` (and a write outside a
 * transaction) resolves only once an fsync of the WAL begun after it has finished, on libuv's
 * threads. Meanwhile the connection is free for the next transaction, and every commit made
 * while one sync runs shares the next one (group commit). What a caller is told is stored is
 * on disk exactly as with FULL: the WAL is written in order, so a sync covers every commit
 * before it, and NORMAL still syncs the WAL before each checkpoint and the database file after
 * it (SQLite's own rule), so a checkpoint never loses what the WAL held.
 *
 * What differs from FULL: a query may see a commit a few milliseconds before it is on disk (as
 * with a sync still running). A power cut in that window takes back a change that nobody was
 * told had been stored (its own request is still waiting), never one that somebody was.
 */

const fdatasyncAsync = promisify(fdatasync);

/** Counts commits and tells when those counted so far are on disk. */
export interface CommitLog {
  /** A commit was written (not yet synced). */
  committed(): void;
  /** Resolves once every commit counted so far is on disk; rejects when its sync failed. */
  durable(): Promise<void>;
}

/**
 * Group commit over one `sync` (an fsync of what the commits wrote): at most one sync runs at a
 * time; a commit made while one runs waits for the next, which starts when the running one ends
 * and covers every commit counted by then. A sync that fails rejects those waiting on it and
 * advances nothing, so the next commit syncs again.
 */
export function groupCommitLog(sync: () => Promise<void>): CommitLog {
  let commits = 0;
  let synced = 0;
  let running: { upTo: number; done: Promise<void> } | undefined;
  let queued: Promise<void> | undefined;

  const start = (): Promise<void> => {
    const upTo = commits;
    const done = sync().then(() => {
      synced = Math.max(synced, upTo);
    });
    const current = { upTo, done };
    running = current;
    const clear = () => {
      if (running === current) running = undefined;
    };
    done.then(clear, clear);
    return done;
  };

  return {
    committed() {
      commits++;
    },
    durable() {
      const target = commits;
      if (target <= synced) return Promise.resolve();
      if (!running) return start();
      if (running.upTo >= target) return running.done;
      queued ??= running.done
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return start();
        });
      return queued;
    },
  };
}

/**
 * The sync of an SQLite file in WAL mode: the WAL's data (its frames, and its length), and the
 * folder once, so that a WAL file created by this process is found after a power cut (what
 * SQLite does itself on a new WAL's first sync under FULL). The WAL stays open between syncs
 * (SQLite keeps the file while a connection is open): a sync is one trip to libuv's threads.
 */
export function walSync(databaseFile: string): { sync: () => Promise<void>; close: () => void } {
  let wal: number | undefined;
  let folderSynced = false;
  return {
    async sync() {
      wal ??= openSync(`${databaseFile}-wal`, "r");
      try {
        await fdatasyncAsync(wal);
      } catch (error) {
        closeSync(wal);
        wal = undefined;
        throw error;
      }
      if (!folderSynced) {
        const folder = await open(dirname(databaseFile), "r");
        try {
          await folder.sync();
        } finally {
          await folder.close();
        }
        folderSynced = true;
      }
    },
    close() {
      if (wal !== undefined) closeSync(wal);
      wal = undefined;
    },
  };
}

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
    connection.run(CompiledQuery.raw("begin"));
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
