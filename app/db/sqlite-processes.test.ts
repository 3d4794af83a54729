import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { runNodeScript } from "../../tests/support/node-child";

/*
 * Several server processes on one SQLite file (WEB_CONCURRENCY, decision 0087): each has its own
 * connection, and their transactions must take turns. Each child here runs transactions that
 * read a counter, give the event loop a turn (as a request's transaction does between its
 * queries) and write it back plus one. A deferred BEGIN lets the other process commit in that
 * turn, and the write then fails with SQLITE_BUSY whatever the busy timeout; BEGIN IMMEDIATE
 * makes the other wait for the lock.
 */
const CLIENT = resolve("app/db/client.server.ts");
const ROUNDS = 150;

const dir = mkdtempSync(join(tmpdir(), "trc-sqlite-processes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHILD = `
const { openDatabase } = await import(${JSON.stringify(CLIENT)});
const { sql } = await import("kysely");
const handle = openDatabase(process.env.DATABASE_URL);
const errors = [];
for (let round = 0; round < ${ROUNDS}; round++) {
  try {
    await handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql\`select value from counter where id = 1\`.execute(trx);
      await new Promise((turn) => setImmediate(turn));
      await sql\`update counter set value = \${rows[0].value + 1} where id = 1\`.execute(trx);
    });
  } catch (error) {
    errors.push(String(error.message));
  }
}
await handle.close();
process.stdout.write(JSON.stringify({ errors: errors.slice(0, 3), failed: errors.length }));
`;

const runChild = (databaseUrl: string) =>
  runNodeScript<{ errors: string[]; failed: number }>(CHILD, { DATABASE_URL: databaseUrl });

describe("two processes writing one SQLite file", () => {
  it("take turns: every read-then-write transaction of both commits, none is lost", async () => {
    const file = join(dir, "shared.db");
    const setup = new DatabaseSync(file);
    setup.exec("PRAGMA journal_mode = WAL");
    setup.exec("create table counter (id integer primary key, value integer not null)");
    setup.exec("insert into counter (id, value) values (1, 0)");
    setup.close();

    const results = await Promise.all([runChild(`file:${file}`), runChild(`file:${file}`)]);
    expect(results.map((r) => r.errors)).toEqual([[], []]);

    const check = new DatabaseSync(file);
    const { value } = check.prepare("select value from counter where id = 1").get() as {
      value: number;
    };
    check.close();
    expect(value).toBe(2 * ROUNDS);
  });
});
