import type { DB } from "~/db/client.server";

/* The applications' figures for the dashboard and the admin sidebar. */

/** Applications still in status new, outside the spam folder: the ones nobody has looked at. */
export async function countNewApplications(db: DB): Promise<number> {
  const row = await db
    .selectFrom("applications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "new")
    .where("spamReason", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
