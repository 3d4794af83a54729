import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Generated, Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";
import { type CommitLog, groupCommitLog } from "./sqlite-commit-log.server";
import { openSqlite, toKyselySqlite } from "./sqlite-driver.server";
import { groupCommitDialect } from "./sqlite-group-commit.server";

/*
 * Decision 0069: a commit is acknowledged only once a sync of the WAL begun after it has
 * finished; the syncs run off the event loop, one at a time, each covering every commit made
 * before it started; the connection serves the next caller meanwhile.
 */

interface Row {
  id: Generated<number>;
  note: string;
}
interface Tables {
  notes: Row;
}

/** A sync the test finishes by hand, counting how many were started. */
function manualSync() {
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  return {
    pending,
    started: () => pending.length,
    sync: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function notesDatabase(log: CommitLog) {
  const dir = mkdtempSync(join(tmpdir(), "trc-group-commit-"));
  dirs.push(dir);
  const { database } = openSqlite(join(dir, "notes.db"));
  database.exec("create table notes (id integer primary key, note text not null)");
  return new Kysely<Tables>({ dialect: groupCommitDialect(toKyselySqlite(database), log) });
}

/** Whether a promise has settled by the time pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

const insert = (db: Kysely<Tables>, note: string) =>
  db.insertInto("notes").values({ note }).execute();

describe("SQLite group commit", () => {
  it("acknowledges a transaction only after the sync that follows its commit", async () => {
    const syncs = manualSync();
    const db = await notesDatabase(groupCommitLog(syncs.sync));
    const booking = db.transaction().execute((trx) => insert(trx, "booked"));
    expect(await settled(booking)).toBe(false);
    expect(syncs.started()).toBe(1);
    // The commit is written (another query sees it) but not yet acknowledged.
    expect(await db.selectFrom("notes").select("note").execute()).toEqual([{ note: "booked" }]);
    syncs.pending[0]?.resolve();
    await booking;
    await db.destroy();
  });

  it("lets the next callers use the connection while a sync runs, and syncs them together", async () => {
    const syncs = manualSync();
    const db = await notesDatabase(groupCommitLog(syncs.sync));
    const first = db.transaction().execute((trx) => insert(trx, "one"));
    await settled(first);
    const others = [
      db.transaction().execute((trx) => insert(trx, "two")),
      db.transaction().execute((trx) => insert(trx, "three")),
      insert(db, "four"),
    ];
    for (const other of others) expect(await settled(other)).toBe(false);
    // Three commits while the first sync runs: one more sync, after it, for all three.
    expect(syncs.started()).toBe(1);
    syncs.pending[0]?.resolve();
    await first;
    await settled(Promise.resolve());
    expect(syncs.started()).toBe(2);
    for (const other of others) expect(await settled(other)).toBe(false);
    syncs.pending[1]?.resolve();
    await Promise.all(others);
    expect(syncs.started()).toBe(2);
    const notes = await db.selectFrom("notes").select("note").orderBy("id").execute();
    expect(notes.map((row) => row.note)).toEqual(["one", "two", "three", "four"]);
    await db.destroy();
  });

  it("answers reads while a write waits for its sync, and needs no sync for a read", async () => {
    const syncs = manualSync();
    const db = await notesDatabase(groupCommitLog(syncs.sync));
    const write = insert(db, "one");
    expect(await settled(write)).toBe(false);
    const during = db.selectFrom("notes").select("note").execute();
    expect(await settled(during)).toBe(true);
    expect(await during).toEqual([{ note: "one" }]);
    syncs.pending[0]?.resolve();
    await write;
    const after = db.selectFrom("notes").selectAll().execute();
    expect(await settled(after)).toBe(true);
    expect(syncs.started()).toBe(1);
    await db.destroy();
  });

  it("tells the caller when the sync of its commit failed, and syncs again for the next", async () => {
    const syncs = manualSync();
    const db = await notesDatabase(groupCommitLog(syncs.sync));
    const lost = db.transaction().execute((trx) => insert(trx, "one"));
    await settled(lost);
    syncs.pending[0]?.reject(new Error("EIO"));
    await expect(lost).rejects.toThrow("EIO");
    // The connection is free and the next commit gets a sync of its own.
    const next = insert(db, "two");
    await settled(next);
    expect(syncs.started()).toBe(2);
    syncs.pending[1]?.resolve();
    await next;
    await db.destroy();
  });

  it("rolls back a failed transaction without a commit to sync", async () => {
    const syncs = manualSync();
    const db = await notesDatabase(groupCommitLog(syncs.sync));
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(trx, "half");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(syncs.started()).toBe(0);
    expect(await db.selectFrom("notes").selectAll().execute()).toEqual([]);
    await db.destroy();
  });

  it("runs a site database in WAL mode with SQLite's own syncs at NORMAL, and keeps what it stored", async () => {
    const dir = mkdtempSync(join(tmpdir(), "trc-group-commit-"));
    dirs.push(dir);
    const url = `file:${join(dir, "site.db")}`;
    const first = openDatabase(url);
    await sql`create table notes (id integer primary key, note text not null)`.execute(first.db);
    await Promise.all(
      ["one", "two", "three"].map((note) =>
        first.db
          .transaction()
          .execute((trx) => sql`insert into notes (note) values (${note})`.execute(trx)),
      ),
    );
    const modes = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(first.db);
    expect(modes.rows[0]?.journal_mode).toBe("wal");
    expect(sync.rows[0]?.synchronous).toBe(1);
    await first.close();
    const again = openDatabase(url);
    const notes = await sql<{ note: string }>`select note from notes order by id`.execute(again.db);
    expect(notes.rows.map((row) => row.note)).toEqual(["one", "two", "three"]);
    await again.close();
  });
});
