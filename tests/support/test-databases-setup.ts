import { randomBytes } from "node:crypto";
import { runDatabasePrefix, TEST_RUN_ENV, withPostgresClient } from "./reused-postgres-databases";
import { TEST_DATABASE_URL } from "./test-database";

/**
 * Vitest global setup of both projects: names this run, so that each worker's PostgreSQL test
 * databases carry the run's id and can be handed from one test file to the next
 * (tests/support/reused-postgres-databases.ts, decision 0086), and drops them all when the run
 * ends. A run killed halfway leaves its databases behind, as a killed file always did.
 */
export default function setup() {
  // Both projects' setups run in this one process: the second finds the first's name.
  process.env[TEST_RUN_ENV] ??= randomBytes(4).toString("hex");
  const run = process.env[TEST_RUN_ENV];
  return async () => {
    await withPostgresClient(TEST_DATABASE_URL, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [runDatabasePrefix(run)],
      );
      for (const { datname } of rows) {
        await admin.query(`drop database if exists "${datname}" with (force)`);
      }
    });
  };
}
