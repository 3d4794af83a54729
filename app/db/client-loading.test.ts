import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runNodeScript } from "../../tests/support/node-child";

/*
 * A site on SQLite never loads pg (about 50 modules): every start of the server, in production
 * and in each browser test file, would pay for it (issue 23). A child process notes every module
 * it loads, opens an SQLite database through openDatabase and queries it, then imports pg itself,
 * which shows that the note would have seen pg had the database loaded it.
 */
const CLIENT = resolve("app/db/client.server.ts");

const dir = mkdtempSync(join(tmpdir(), "trc-client-loading-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHILD = `
const { registerHooks } = await import("node:module");
const loaded = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
const loadsPg = () => loaded.some((url) => url.includes("/node_modules/pg/"));
const { openDatabase } = await import(${JSON.stringify(CLIENT)});
const { sql } = await import("kysely");
const handle = openDatabase(process.env.DATABASE_URL);
const { rows } = await sql\`select 1 as one\`.execute(handle.db);
await handle.close();
const onSqlite = loadsPg();
await import("pg");
process.stdout.write(JSON.stringify({ rows, onSqlite, afterImport: loadsPg() }));
`;

describe("the database client", () => {
  it("opens and queries an SQLite database without loading pg", async () => {
    const answer = await runNodeScript(CHILD, { DATABASE_URL: `file:${join(dir, "site.db")}` });
    expect(answer).toEqual({ rows: [{ one: 1 }], onSqlite: false, afterImport: true });
  });
});
