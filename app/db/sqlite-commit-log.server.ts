import { closeSync, fdatasync, openSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname } from "node:path";
import { promisify } from "node:util";

/*
 * SQLite's commits made durable off the event loop, several at once (decision 0069).
 *
 * With `synchronous=FULL` every COMMIT (and every write outside a transaction) fsyncs the WAL on
 * the thread that runs it: node:sqlite is synchronous, so the whole server stopped for each
 * acknowledged write, one after another (a tenth of the server's time in issue 25's crowd, and
 * far more on a disk other work shares). Here the connection runs with `synchronous=NORMAL`,
 * where a COMMIT writes its WAL frames without syncing them, and our driver
 * (sqlite-group-commit.server.ts) makes the write durable before anyone hears of it, through the
 * commit log here: the transaction's `commit` (and a write outside a transaction) resolves only
 * once an fsync of the WAL begun after it has finished, on libuv's threads. Meanwhile the connection is free for the next transaction, and every commit made
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
