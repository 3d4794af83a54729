/** `npm run db:migrate`: brings the configured database's schema up to date, then exits. */
import { ConfigError, loadConfig } from "../app/config.server.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";

try {
  const config = loadConfig(process.env, { readSecretFile: false });
  const database = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database.db);
    process.stdout.write(
      applied.length > 0 ? `Applied: ${applied.join(", ")}\n` : "The database is up to date.\n",
    );
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`}\n`,
  );
  process.exit(1);
}
