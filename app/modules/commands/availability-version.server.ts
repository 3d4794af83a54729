import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";

/**
 * The availability version: a second row of the content-version table, raised by every write
 * that can change the free times /book offers (a booking made, moved, cancelled or erased; a
 * consultant's hours, days off, details or calendars; the booking settings). The page cache keys
 * /book by it beside the content version (docs/decisions/0049-book-from-the-page-cache.md), so
 * it must be raised in the same transaction as the change: an instance that sees the new number
 * also sees the booking, and a time booked is never offered after the booking's answer.
 */
export const AVAILABILITY_VERSION_ID = "availability";

/**
 * Raises the availability version inside the transaction `trx` of the change. The row is
 * created by its first raise (no migration): an upsert, so two first raises at once both count.
 */
export async function bumpAvailabilityVersion(trx: DB): Promise<void> {
  const changedAt = nowIso();
  await trx
    .insertInto("contentVersion")
    .values({ id: AVAILABILITY_VERSION_ID, version: 1, changedAt })
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet({
        version: sql<number>`${sql.ref("contentVersion.version")} + 1`,
        changedAt,
      }),
    )
    .execute();
}

/** The current availability version (0 before the first change). */
export async function readAvailabilityVersion(db: DB): Promise<number> {
  const row = await db
    .selectFrom("contentVersion")
    .select("version")
    .where("id", "=", AVAILABILITY_VERSION_ID)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
