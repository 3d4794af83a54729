import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import type { DialectName } from "~/db/dialect";
import { migrateToLatest, migratorFor } from "~/db/migrate.server";
import {
  reusedPostgresDatabases,
  TEST_RUN_ENV,
  withPostgresClient,
} from "./reused-postgres-databases";

/**
 * The PostgreSQL server integration tests run against. CI sets it; on a developer machine the
 * local server of ../shared/machine/services.md is the default, so `npm test` always runs both.
 */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase extends DatabaseHandle {
  /** The URL another connection (or a server process) can open the same database with. */
  url: string;
  /** Drops what this test database created (the temporary file or PostgreSQL database). */
  destroy(): Promise<void>;
}

/**
 * An empty test database migrated up to and including the named migration (what a site was
 * before a later one), for the tests of a migration. Fails the test if a migration fails.
 */
export async function databaseMigratedTo(
  dialect: DialectName,
  migrationName: string,
): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect, { migrate: false });
  const migrator = await migratorFor(database.db);
  const { error } = await migrator.migrateTo(migrationName);
  if (error) {
    await database.destroy();
    throw error;
  }
  return database;
}

/**
 * A fresh, migrated, empty database of the given dialect, its own for each caller so test files
 * can run in parallel: a temporary SQLite file, or a PostgreSQL database on TEST_DATABASE_URL's
 * server. Migrations run once per version of them, into a template that each test database
 * copies (a file copy, or `CREATE DATABASE … TEMPLATE`; docs/decisions/0032), not once per test
 * file. With `migrate: false` the database is empty.
 */
export async function createTestDatabase(
  dialect: DialectName,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "trc-db-"));
    const file = join(dir, "test.db");
    if (migrate) copyFileSync(await sqliteTemplate(), file);
    url = `file:${file}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else if (migrate && reused) {
    const name = await reused.take();
    url = postgresUrl(name);
    cleanup = () => reused.giveBack(name);
  } else {
    const name = `trc_test_${randomBytes(6).toString("hex")}`;
    await createPostgresDatabase(name, migrate ? await postgresTemplate() : "template0");
    url = postgresUrl(name);
    cleanup = () => dropPostgresDatabase(name);
  }
  const handle = openDatabase(url);
  return {
    ...handle,
    url,
    async destroy() {
      await handle.close();
      await cleanup();
    },
  };
}

/** Both dialects, for `describe.each(DIALECTS)`. */
export const DIALECTS: DialectName[] = ["sqlite", "postgres"];

/**
 * Names the schema the templates hold: a hash of everything under `app/db/` that is not a test
 * (the migrations and what they import) and of this file (how a template is built). A change to
 * either gives a new template; the old ones are left for the other checkouts that may still use
 * them.
 */
function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  const appDb = fileURLToPath(new URL("../../app/db/", import.meta.url));
  const add = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) add(path);
      else if (!entry.name.endsWith(".test.ts"))
        hash.update(relative(appDb, path)).update(readFileSync(path));
    }
  };
  add(appDb);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest("hex").slice(0, 16);
}

let fingerprint: string | undefined;
const templateName = () => {
  fingerprint ??= migrationsFingerprint();
  return fingerprint;
};

let sqliteTemplateFile: Promise<string> | undefined;

/**
 * The migrated SQLite template in the temporary folder, built when missing. Workers that find it
 * missing at the same moment each build one under a name of their own and rename it into place:
 * a rename is atomic, all builds are alike, so a reader always copies a whole template.
 */
function sqliteTemplate(): Promise<string> {
  sqliteTemplateFile ??= (async () => {
    const dir = join(tmpdir(), "trc-db-templates");
    const file = join(dir, `sqlite-${templateName()}.db`);
    if (existsSync(file)) return file;
    mkdirSync(dir, { recursive: true });
    const building = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
    const handle = openDatabase(`file:${building}`);
    try {
      await migrateToLatest(handle.db);
    } finally {
      // Closing the last connection checkpoints the WAL into the file and removes it.
      await handle.close();
    }
    renameSync(building, file);
    return file;
  })();
  return sqliteTemplateFile;
}

/** TEST_DATABASE_URL with another database name. */
export function postgresUrl(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

const withAdminClient = <T>(work: (admin: pg.Client) => Promise<T>): Promise<T> =>
  withPostgresClient(TEST_DATABASE_URL, work);

/** Any number; the advisory lock that lets one process at a time build the template. */
const TEMPLATE_LOCK = 0x7472_6332;

let postgresTemplateName: Promise<string> | undefined;

/**
 * The migrated PostgreSQL template database, built when missing. An advisory lock makes every
 * other process (other workers, other checkouts on the same server) wait for the one building
 * it; the build runs under a temporary name that becomes the template's only when migrated, so a
 * failed build leaves nothing half done. The template accepts no connections once built, since
 * `CREATE DATABASE … TEMPLATE` refuses a source anyone is connected to; being marked a template,
 * it cannot be dropped by mistake (`alter database … is_template false` first).
 */
export function postgresTemplate(): Promise<string> {
  postgresTemplateName ??= withAdminClient(async (admin) => {
    const name = `trc_template_${templateName()}`;
    const exists = async () =>
      Boolean((await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount);
    if (await exists()) return name;
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      if (await exists()) return name;
      const building = `${name}_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database "${building}" template template0`);
      try {
        const handle = openDatabase(postgresUrl(building));
        try {
          await migrateToLatest(handle.db);
        } finally {
          await handle.close();
        }
        // The closed pool's server processes end a moment after it: wait for them to go.
        await whileInUse(() =>
          admin.query(`alter database "${building}" with is_template true allow_connections false`),
        );
        await admin.query(`alter database "${building}" rename to "${name}"`);
      } catch (error) {
        await admin.query(`alter database "${building}" with is_template false`).catch(() => {});
        await admin.query(`drop database if exists "${building}" with (force)`);
        throw error;
      }
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
  });
  return postgresTemplateName;
}

/**
 * Inside a test run, this worker's migrated PostgreSQL databases go from one test file to the
 * next (reused-postgres-databases.ts, decision 0086); elsewhere each is made and dropped.
 */
const testRun = process.env[TEST_RUN_ENV];
const reused = testRun
  ? reusedPostgresDatabases({
      run: testRun,
      urlOf: postgresUrl,
      create: async (name) => {
        await createPostgresDatabase(name, await postgresTemplate());
      },
      drop: dropPostgresDatabase,
    })
  : undefined;

/**
 * `force`: a server process a test has just stopped may still hold a connection for a moment,
 * and PostgreSQL refuses to drop a database anyone is connected to.
 */
async function dropPostgresDatabase(name: string): Promise<void> {
  await withAdminClient((admin) => admin.query(`drop database if exists "${name}" with (force)`));
}

/**
 * Creates a database as a copy of a template. Nobody can be connected to the source (template0
 * and ours take no connections), which is all PostgreSQL asks; copies of one template may be made
 * at the same time.
 */
function createPostgresDatabase(name: string, template: string): Promise<unknown> {
  return withAdminClient((admin) =>
    admin.query(`create database "${name}" template "${template}"`),
  );
}

/**
 * Runs a statement that needs a database nobody is connected to, again while PostgreSQL refuses
 * it with 55006 ("being accessed by other users").
 */
async function whileInUse<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
