import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { isLaunchItem, type LaunchItemId } from "./launch-items";

/* Data access for the launch checklist's dismissed items (one row per item, table 0014). */

/** The items staff dismissed (ids no longer on the list are left out). */
export async function dismissedLaunchItems(db: DB): Promise<Set<LaunchItemId>> {
  const rows = await db.selectFrom("launchChecklistDismissals").select("item").execute();
  return new Set(rows.map((row) => row.item).filter(isLaunchItem));
}

/** Stores the dismissal; false when the item was dismissed already (two posts at once too). */
export async function insertDismissal(
  db: DB,
  item: LaunchItemId,
  by: { id: string | null; name: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("launchChecklistDismissals")
    .values({ item, dismissedBy: by.id, dismissedByName: by.name, dismissedAt: nowIso() })
    .onConflict((conflict) => conflict.column("item").doNothing())
    .returning("item")
    .executeTakeFirst();
  return inserted !== undefined;
}
