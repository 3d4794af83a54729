import type { DB } from "~/db/client.server";
import { countNewApplications } from "~/modules/applications/application-stats.server";

/*
 * The numbers next to the admin sidebar's entries: what is waiting for staff. Read by the admin
 * layout on every page it loads, so each is one count from an index (enquiries: migration 0005's
 * partial status index; applications are few).
 */

export interface SidebarCounts {
  /** New enquiries outside the spam folder. */
  enquiries: number;
  /** New applications outside the spam folder. */
  applications: number;
}

async function countNewEnquiries(db: DB): Promise<number> {
  const row = await db
    .selectFrom("enquiries")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("spamReason", "is", null)
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getSidebarCounts(db: DB): Promise<SidebarCounts> {
  const [enquiries, applications] = await Promise.all([
    countNewEnquiries(db),
    countNewApplications(db),
  ]);
  return { enquiries, applications };
}
