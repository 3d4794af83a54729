import type { DatabaseSync } from "node:sqlite";
import { Worker } from "node:worker_threads";

/*
 * SQLite's WAL checkpoints on a thread of their own (decision 0069). A checkpoint copies the
 * pages the WAL holds into the database file and syncs both; left to SQLite, it runs inside the
 * COMMIT that takes the WAL past 1,000 pages, on the event loop: in issue 25's crowd (thousands
 * of small writes a minute) that was a checkpoint every second or so, each writing and syncing
 * megabytes while every request waited. Here the connection's automatic checkpoints are set far
 * off (a safety net), and a worker thread with a connection of its own runs a PASSIVE
 * checkpoint (it never blocks readers or the writer) at most once per CHECKPOINT_EVERY_MS after
 * commits were made. Its connection syncs as FULL: the WAL before copying, the file after.
 */

/** How often the worker checkpoints while commits come in. */
export const CHECKPOINT_EVERY_MS = 250;
/** The connection's own checkpoint, only if the worker falls behind or fails (pages). */
const SAFETY_NET_PAGES = 10_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
const database = new DatabaseSync(workerData.file, { timeout: 5000 });
database.exec("PRAGMA synchronous = FULL");
const checkpoint = database.prepare("PRAGMA wal_checkpoint(PASSIVE)");
parentPort.on("message", (message) => {
  if (message === "close") {
    database.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ ok: true, result: checkpoint.get() });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  }
});
`;

export interface Checkpointer {
  /** Commits were made: a checkpoint follows within CHECKPOINT_EVERY_MS. */
  committed(): void;
  close(): Promise<void>;
}

/**
 * Starts the checkpoint worker for an SQLite file in WAL mode whose main connection is
 * `connection` (its automatic checkpoints are moved out of the way). `onError` hears of a
 * checkpoint that failed (the next one tries again; the safety net keeps the WAL bounded);
 * `onCheckpoint` of each one done.
 */
export function startCheckpointer(
  file: string,
  connection: DatabaseSync,
  { onError, onCheckpoint }: { onError: (reason: string) => void; onCheckpoint?: () => void },
): Checkpointer {
  connection.exec(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  // Started with the first checkpoint: a database that lives less than that (a test's) needs none.
  let worker: Worker | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let closed = false;

  const schedule = () => {
    timer = setTimeout(run, CHECKPOINT_EVERY_MS);
    // The server may exit with a checkpoint pending: the next start's first commit does it.
    timer.unref();
  };
  const started = (): Worker => {
    const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
    thread.unref();
    thread.on("message", (answer: { ok: boolean; error?: string }) => {
      running = false;
      if (!answer.ok) onError(answer.error ?? "unknown");
      else onCheckpoint?.();
      if (again && !closed) {
        again = false;
        schedule();
      }
    });
    thread.on("error", (error) => {
      running = false;
      onError(String(error));
    });
    return thread;
  };
  const run = () => {
    timer = undefined;
    if (closed) return;
    worker ??= started();
    running = true;
    worker.postMessage("checkpoint");
  };

  return {
    committed() {
      if (closed) return;
      if (running) again = true;
      else if (!timer) schedule();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (!worker) return;
      const exited = new Promise((resolve) => worker?.once("exit", resolve));
      // Held open until its connection is closed (the last one closes the WAL).
      worker.ref();
      worker.postMessage("close");
      await exited;
    },
  };
}
