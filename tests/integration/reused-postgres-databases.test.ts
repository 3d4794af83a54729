import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { reusedPostgresDatabases, withPostgresClient } from "../support/reused-postgres-databases";
import { postgresTemplate, postgresUrl, TEST_DATABASE_URL } from "../support/test-database";

/*
 * A PostgreSQL test database handed from one test file to the next must be what the template
 * made, whatever the file before did with it (decision 0086): the rows it added gone, the rows it
 * changed back, and a database whose tables it altered never handed on.
 */

const run = `t${randomBytes(3).toString("hex")}`;
const made: string[] = [];
const dropped: string[] = [];
const databases = reusedPostgresDatabases({
  run,
  urlOf: postgresUrl,
  create: async (name) => {
    const template = await postgresTemplate();
    await withPostgresClient(TEST_DATABASE_URL, (admin) =>
      admin.query(`create database "${name}" template "${template}"`),
    );
    made.push(name);
  },
  drop: async (name) => {
    await withPostgresClient(TEST_DATABASE_URL, (admin) =>
      admin.query(`drop database if exists "${name}" with (force)`),
    );
    dropped.push(name);
  },
});

const exists = (name: string) =>
  withPostgresClient(
    TEST_DATABASE_URL,
    async (admin) =>
      (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1,
  );

describe("PostgreSQL test databases handed from file to file", () => {
  afterAll(async () => {
    for (const name of made) {
      await withPostgresClient(TEST_DATABASE_URL, (admin) =>
        admin.query(`drop database if exists "${name}" with (force)`),
      );
    }
  });

  it("comes back as the template made it: added rows gone, changed rows restored", async () => {
    const first = await databases.take();
    const before = await withPostgresClient(postgresUrl(first), async (client) => {
      const version = await client.query('select "version" from "contentVersion"');
      // What a test file leaves behind: a new row, a changed row, and a connection left open.
      await client.query(
        `insert into "redirects" values ('r1', '/old', '/new', 'staff', '2026-11-27', '2026-11-27')`,
      );
      await client.query('update "contentVersion" set "version" = "version" + 41');
      return version.rows;
    });
    const lingering = new pg.Client({ connectionString: postgresUrl(first) });
    await lingering.connect();
    lingering.on("error", () => {});
    await databases.giveBack(first);

    const second = await databases.take();
    expect(second).toBe(first);
    await withPostgresClient(postgresUrl(second), async (client) => {
      expect((await client.query('select count(*)::int as n from "redirects"')).rows).toEqual([
        { n: 0 },
      ]);
      expect((await client.query('select "version" from "contentVersion"')).rows).toEqual(before);
    });
    await databases.giveBack(second);
    expect(dropped).toEqual([]);
  });

  it("drops a database whose tables a test altered, and makes a new one", async () => {
    const first = await databases.take();
    await withPostgresClient(postgresUrl(first), (client) =>
      client.query('alter table "redirects" add column "note" text'),
    );
    await databases.giveBack(first);
    expect(dropped).toEqual([first]);
    expect(await exists(first)).toBe(false);

    const next = await databases.take();
    expect(next).not.toBe(first);
    await databases.giveBack(next);
  });
});
