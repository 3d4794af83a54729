import { randomBytes } from "node:crypto";
import pg from "pg";

/*
 * PostgreSQL test databases, made once per worker and handed to the next test file as the
 * template made them (decision 0086). A `CREATE DATABASE … TEMPLATE` copies about 10 MB through
 * the server's buffers and WAL (~190 ms of the server's CPU), and every `DROP DATABASE` makes
 * PostgreSQL 15 take a checkpoint at once, writing out what every other test file has changed:
 * the server's system time was 85-97 s of an integration run that made and dropped 179
 * databases. A database given back is emptied and refilled with the template's rows in one
 * transaction (triggers off, as a restore does), then checked: every table must hold exactly the
 * template's rows again, or the run stops. One whose tables, columns, indexes, constraints,
 * triggers or functions a test changed is dropped instead.
 *
 * Only inside a test run (the run's global setup names it in TEST_RUN_ENV and drops the run's
 * databases at its end, tests/support/test-databases-setup.ts); anywhere else each database is
 * made and dropped as before.
 */

/** The test run's id, set by its global setup; the run's databases carry it in their names. */
export const TEST_RUN_ENV = "TRC_TEST_RUN";

/** The prefix of every database of the run named `run`. */
export const runDatabasePrefix = (run: string) => `trc_test_${run}_`;

interface TemplateContents {
  tables: string[];
  /** Each table's rows as JSON text, sorted. */
  rows: Map<string, string[]>;
  sequences: Array<{ name: string; value: string | null }>;
  shape: string;
}

const SHAPE = `
  select md5(coalesce(string_agg(definition, E'\\n' order by definition), '')) as shape from (
    select format('%s.%s %s %s %s', table_name, column_name, data_type, is_nullable,
      coalesce(column_default, '')) as definition
      from information_schema.columns where table_schema = 'public'
    union all select indexdef from pg_indexes where schemaname = 'public'
    union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace = 'public'::regnamespace
    union all select pg_get_triggerdef(oid) from pg_trigger
      where not tgisinternal and tgrelid in (select oid from pg_class
        where relnamespace = 'public'::regnamespace)
    union all select proname || ' ' || md5(prosrc) from pg_proc
      where pronamespace = 'public'::regnamespace
    union all select 'sequence ' || sequencename from pg_sequences where schemaname = 'public'
  ) definitions`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table's rows in one round trip: table → its rows as JSON text, sorted. */
async function rowsOf(client: pg.Client, tables: string[]): Promise<Map<string, string[]>> {
  if (tables.length === 0) return new Map();
  const query = tables
    .map(
      (table, at) =>
        `select ${at} as at, (select coalesce(json_agg(row_to_json(t)::text), '[]') from ${quoted(table)} t) as rows`,
    )
    .join(" union all ");
  const { rows } = await client.query<{ at: number; rows: string[] }>(query);
  const byTable = new Map(tables.map((table) => [table, [] as string[]]));
  for (const row of rows) byTable.set(tables[row.at] ?? "", [...row.rows].sort());
  return byTable;
}

async function contentsOf(client: pg.Client): Promise<TemplateContents> {
  const tables = (
    await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((row) => row.tablename);
  const sequences = (
    await client.query<{ name: string; value: string | null }>(
      "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'",
    )
  ).rows;
  const shape = (await client.query<{ shape: string }>(SHAPE)).rows[0]?.shape ?? "";
  return { tables, rows: await rowsOf(client, tables), sequences, shape };
}

/** A connection to `url` for the length of `work`. */
export async function withPostgresClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** This worker's databases, with what the template holds. */
export function reusedPostgresDatabases(options: {
  run: string;
  urlOf(name: string): string;
  create(name: string): Promise<void>;
  drop(name: string): Promise<void>;
}) {
  const free: string[] = [];
  let template: Promise<TemplateContents> | undefined;

  /** Empties `name` and puts the template's rows back; false when its shape was changed. */
  async function reset(name: string, contents: TemplateContents): Promise<boolean> {
    return withPostgresClient(options.urlOf(name), async (client) => {
      // A server a test has just stopped may still be connected for a moment.
      await client.query(
        "select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      if ((await client.query<{ shape: string }>(SHAPE)).rows[0]?.shape !== contents.shape) {
        return false;
      }
      await client.query("begin");
      try {
        // As a restore does: no triggers (and so no foreign-key checks) while rows go back.
        await client.query("set local session_replication_role = replica");
        for (const table of contents.tables) {
          await client.query(`delete from ${quoted(table)}`);
          const rows = contents.rows.get(table) ?? [];
          if (rows.length === 0) continue;
          await client.query(
            `insert into ${quoted(table)} select * from json_populate_recordset(null::${quoted(table)}, $1::json)`,
            [`[${rows.join(",")}]`],
          );
        }
        for (const sequence of contents.sequences) {
          await client.query(
            sequence.value === null
              ? `select setval('${quoted(sequence.name)}', 1, false)`
              : `select setval('${quoted(sequence.name)}', $1::bigint, true)`,
            sequence.value === null ? [] : [sequence.value],
          );
        }
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
      const now = await rowsOf(client, contents.tables);
      for (const table of contents.tables) {
        const expected = JSON.stringify(contents.rows.get(table) ?? []);
        if (JSON.stringify(now.get(table) ?? []) !== expected) {
          throw new Error(
            `Test database ${name} did not come back as the template made it: table ${table}`,
          );
        }
      }
      return true;
    });
  }

  return {
    /** A database as the template made it: one given back by an earlier test file, or a new one. */
    async take(): Promise<string> {
      const name = free.pop();
      if (name) return name;
      const made = `${runDatabasePrefix(options.run)}${randomBytes(6).toString("hex")}`;
      await options.create(made);
      // The first new one, untouched yet, says what the template holds.
      template ??= withPostgresClient(options.urlOf(made), contentsOf).catch((error: unknown) => {
        template = undefined;
        throw error;
      });
      await template;
      return made;
    },
    /** Takes a database back: emptied and refilled for the next file, or dropped. */
    async giveBack(name: string): Promise<void> {
      // Given back twice (a second `destroy()`): handed on once only.
      if (free.includes(name)) return;
      const contents = template && (await template);
      if (contents && (await reset(name, contents))) free.push(name);
      else await options.drop(name);
    },
  };
}
