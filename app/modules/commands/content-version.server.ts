import { sql } from "kysely";
import type { DB } from "~/db/client.server";
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
