import type { DB } from "~/db/client.server";

/*
 * The bookings a change of a consultant's staff account leaves in place, for the Users page
 * (consultant-accounts.ts says it in words).
 */

/**
 * For each staff account that is a consultant (user id → count): how many of their bookings are
 * still booked and start from `now` on. Removing or disabling such an account leaves these booked
 * (a consultant is bookable only while the account exists and is not disabled, so they get no
 * new ones); the Users page says so. Only the given accounts when `userIds` is passed.
 */
export async function upcomingConsultationsOfAccounts(
  db: DB,
  { now = new Date(), userIds }: { now?: Date; userIds?: string[] } = {},
): Promise<Record<string, number>> {
  if (userIds?.length === 0) return {};
  let query = db
    .selectFrom("consultants")
    .leftJoin("bookings", (join) =>
      join
        .onRef("bookings.consultantId", "=", "consultants.id")
        .on("bookings.status", "=", "booked")
        .on("bookings.startsAt", ">=", now.toISOString()),
    )
    .select(["consultants.userId", (eb) => eb.fn.count<number>("bookings.id").as("upcoming")])
    .groupBy("consultants.userId");
  if (userIds) query = query.where("consultants.userId", "in", userIds);
  const rows = await query.execute();
  return Object.fromEntries(rows.map((row) => [row.userId, Number(row.upcoming)]));
}
