import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { startCheckpointer } from "./sqlite-checkpoints.server";

/*
 * Decision 0069: the WAL is checkpointed by a worker thread after commits, not inside a COMMIT
 * on the event loop, and it still stays small: once a checkpoint has copied it, the next write
 * starts the WAL again from its beginning.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Frames in the WAL now (a NOOP checkpoint copies nothing). */
const walFrames = (database: DatabaseSync) =>
  Number((database.prepare("PRAGMA wal_checkpoint(NOOP)").get() as { log: number }).log);

describe("SQLite checkpoints on a worker", () => {
  it("copies the WAL into the database after commits, so that the next write reuses it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "trc-checkpoints-"));
    dirs.push(dir);
    const file = join(dir, "site.db");
    const database = new DatabaseSync(file);
    database.exec("PRAGMA journal_mode = WAL");
    database.exec("create table notes (id integer primary key, note text not null)");
    const errors: string[] = [];
    let checkpointed: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      checkpointed = resolve;
    });
    const checkpointer = startCheckpointer(file, database, {
      onError: (reason) => errors.push(reason),
      onCheckpoint: () => checkpointed(),
    });
    // Automatic checkpoints are out of the way: a thousand commits leave the WAL as it grew.
    const insert = database.prepare("insert into notes (note) values (?)");
    for (let i = 0; i < 1_200; i++) insert.run("x".repeat(200));
    expect(walFrames(database)).toBeGreaterThan(1_000);
    checkpointer.committed();
    await done;
    insert.run("after");
    expect(walFrames(database)).toBeLessThan(5);
    expect(errors).toEqual([]);
    expect(database.prepare("select count(*) as n from notes").get()).toEqual({ n: 1_201 });
    await checkpointer.close();
    database.close();
  });
});
