import type { DB } from "~/db/client.server";
import { bumpAvailabilityVersion } from "~/modules/commands/availability-version.server";
import { runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { DEFAULT_DAILY_LIMIT, FIRST_CONSULTANT_HOURS } from "./booking.schema";
import { insertConsultant, replaceWeeklyHours } from "./consultants.server";

/*
 * A fresh install can be booked at once (issue 15): the first admin becomes a consultant with
 * weekday hours 10:00-18:00 IST, in the transaction that creates the account (both ways of
 * creating it: ADMIN_* at start and the setup link). An install that had its admin before
 * bookings existed gets the same at its next start (`ensureFirstConsultant`), once: only while
 * no consultant was ever set up, so staff who remove everyone's hours are not overruled.
 */

/** Makes the account a consultant with the first hours, unless a consultant exists already. */
export async function enrolFirstConsultant(
  trx: DB,
  account: { userId: string; displayName: string },
): Promise<boolean> {
  const any = await trx.selectFrom("consultants").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  const id = await insertConsultant(trx, account.userId, {
    displayName: account.displayName,
    dailyLimit: DEFAULT_DAILY_LIMIT,
    active: true,
  });
  await replaceWeeklyHours(trx, id, FIRST_CONSULTANT_HOURS);
  await bumpAvailabilityVersion(trx);
  return true;
}

/**
 * At start: when staff accounts exist but no consultant ever did, the oldest active admin
 * becomes one. Two instances starting together agree: the user id is unique, and the loser's
 * transaction fails and is read again as "done".
 */
export async function ensureFirstConsultant(db: DB): Promise<boolean> {
  const any = await db.selectFrom("consultants").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  const admin = await db
    .selectFrom("user")
    .select(["id", "name", "username"])
    .where("role", "=", "admin")
    .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)]))
    .orderBy("createdAt")
    .limit(1)
    .executeTakeFirst();
  if (!admin) return false;
  const displayName = admin.name || admin.username || "Consultant";
  try {
    return await runCommand(db, SYSTEM_ACTOR, async (trx) => {
      const enrolled = await enrolFirstConsultant(trx, { userId: admin.id, displayName });
      if (!enrolled) return { result: false };
      return {
        result: true,
        audit: {
          action: "create",
          entityType: "consultant",
          entityId: admin.id,
          summary: `Made ${displayName} a consultant with weekday hours 10:00-18:00 IST, so that the consultation can be booked`,
        },
      };
    });
  } catch (error) {
    const since = await db.selectFrom("consultants").select("id").limit(1).executeTakeFirst();
    if (since) return false;
    throw error;
  }
}
