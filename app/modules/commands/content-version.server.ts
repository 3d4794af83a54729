import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import type { DatabaseHandle, DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";

const PUBLIC = "public";

/**
 * Raises the public content version. Call it only inside the transaction of the write that
 * changes public output (`runCommand` does), so that the new version and the change become
 * visible together: a page cache that sees the new number also sees the new content.
 */
export async function bumpContentVersion(trx: DB): Promise<void> {
  await trx
    .updateTable("contentVersion")
    .set({ version: sql`version + 1`, changedAt: nowIso() })
    .where("id", "=", PUBLIC)
    .execute();
}

/** The current public content version (1 on a fresh database). */
export async function readContentVersion(db: DB): Promise<number> {
  const row = await db
    .selectFrom("contentVersion")
    .select("version")
    .where("id", "=", PUBLIC)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * How the page cache reads the version on every request. On SQLite: a read-only connection of its
 * own (it sees only committed writes and never queues behind a long export on the main one); on
 * PostgreSQL: the pool (the caller batches concurrent requests into one query).
 */
export function openContentVersionReader(handle: DatabaseHandle): {
  read: () => Promise<number>;
  close: () => void;
} {
  if (handle.dialect === "sqlite" && handle.sqliteFile) {
    const connection = new DatabaseSync(handle.sqliteFile, { readOnly: true, timeout: 5000 });
    const statement = connection.prepare("select version from contentVersion where id = ?");
    // One read per turn of the event loop: every request handled in this turn arrived before
    // the read was made (they were read off their sockets first), and any later request is
    // handled in a later turn, after the value is dropped. So a write committed before a request
    // arrived is always seen, at the cost of one read per batch of requests.
    let thisTurn: number | undefined;
    return {
      read: async () => {
        if (thisTurn === undefined) {
          thisTurn = Number(
            (statement.get(PUBLIC) as { version?: number } | undefined)?.version ?? 0,
          );
          setImmediate(() => {
            thisTurn = undefined;
          });
        }
        return thisTurn;
      },
      close: () => connection.close(),
    };
  }
  return { read: () => readContentVersion(handle.db), close: () => {} };
}
