import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import type { DatabaseHandle, DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { AVAILABILITY_VERSION_ID } from "./availability-version.server";

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

/** What the page cache compares before serving a stored page (see server/page-cache). */
export interface PageVersions {
  /** Raised by every write that changes public output (`bumpContentVersion`). */
  content: number;
  /** Raised by every write that changes /book's free times (`bumpAvailabilityVersion`). */
  availability: number;
}

/** Both versions from the rows read (the availability row exists after its first raise). */
function versionsOf(rows: Array<{ id: string; version: number | string }>): PageVersions {
  const of = (id: string) => Number(rows.find((row) => row.id === id)?.version ?? 0);
  return { content: of(PUBLIC), availability: of(AVAILABILITY_VERSION_ID) };
}

/**
 * How the page cache reads the versions on every request, in one query. On SQLite: a read-only
 * connection of its own (it sees only committed writes and never queues behind a long export on
 * the main one); on PostgreSQL: the pool (the caller batches concurrent requests into one query).
 */
export function openContentVersionReader(handle: DatabaseHandle): {
  read: () => Promise<PageVersions>;
  close: () => void;
} {
  if (handle.dialect === "sqlite" && handle.sqliteFile) {
    const connection = new DatabaseSync(handle.sqliteFile, { readOnly: true, timeout: 5000 });
    const statement = connection.prepare(
      "select id, version from contentVersion where id in (?, ?)",
    );
    // One read per turn of the event loop: every request handled in this turn arrived before
    // the read was made (they were read off their sockets first), and any later request is
    // handled in a later turn, after the value is dropped. So a write committed before a request
    // arrived is always seen, at the cost of one read per batch of requests.
    let thisTurn: PageVersions | undefined;
    return {
      read: async () => {
        if (thisTurn === undefined) {
          thisTurn = versionsOf(
            statement.all(PUBLIC, AVAILABILITY_VERSION_ID) as Array<{
              id: string;
              version: number;
            }>,
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
  return {
    read: async () =>
      versionsOf(
        await handle.db
          .selectFrom("contentVersion")
          .select(["id", "version"])
          .where("id", "in", [PUBLIC, AVAILABILITY_VERSION_ID])
          .execute(),
      ),
    close: () => {},
  };
}
