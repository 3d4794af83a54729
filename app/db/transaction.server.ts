import type { DB } from "./client.server.ts";

/**
 * Runs `work` in the caller's transaction when there is one, or in a new one. Kysely cannot open
 * a transaction inside another, so a data-access function that needs several statements to land
 * together uses this: called alone it is atomic by itself; called by a command it becomes part
 * of the command's transaction (and rolls back with it).
 */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
