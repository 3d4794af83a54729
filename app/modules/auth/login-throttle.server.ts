import { sql } from "kysely";
import type { DB } from "~/db/client.server";

/*
 * Failed sign-in limiting, per account and per client address, kept in the database so that it
 * holds across restarts and several server processes. Only failures count: a team signing in
 * from one office address is never slowed down by its own successful sign-ins.
 *
 * Each key counts failures in a window; reaching the limit locks the key for a while, during which
 * every attempt (right password or not) is refused with 429 and a Retry-After.
 */

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE = 60_000;

export const LOGIN_THROTTLE = {
  /** A guessed account: 5 wrong passwords in 15 minutes lock it for 15 minutes. */
  account: { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** One address trying many accounts: 20 failures in 15 minutes lock it out for 15 minutes. */
  address: { maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/** Rows idle this long are removed. */
const STALE_AFTER_MS = 24 * 60 * MINUTE;

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

/** The throttle key of an account (its user id when it exists, else the name that was typed). */
export const accountThrottleKey = (account: string): ThrottleKey => ({
  key: `account:${account.trim().toLowerCase()}`,
  rule: LOGIN_THROTTLE.account,
});

export const addressThrottleKey = (address: string): ThrottleKey => ({
  key: `address:${address || "unknown"}`,
  rule: LOGIN_THROTTLE.address,
});

const secondsUntil = (iso: string, now: Date) =>
  Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));

/** Seconds to wait before another attempt, or null when none of the keys is locked. */
export async function loginRetryAfter(
  db: DB,
  keys: ThrottleKey[],
  now: Date = new Date(),
): Promise<number | null> {
  if (keys.length === 0) return null;
  const rows = await db
    .selectFrom("loginThrottle")
    .select(["key", "lockedUntil"])
    .where(
      "key",
      "in",
      keys.map((k) => k.key),
    )
    .where("lockedUntil", ">", now.toISOString())
    .execute();
  if (rows.length === 0) return null;
  return Math.max(...rows.map((row) => secondsUntil(row.lockedUntil as string, now)));
}

/**
 * Counts a failed attempt against each key. Returns the seconds to wait when one of them is now
 * locked, else null.
 */
export async function recordLoginFailure(
  db: DB,
  keys: ThrottleKey[],
  now: Date = new Date(),
): Promise<number | null> {
  const nowIso = now.toISOString();
  let retryAfter: number | null = null;
  for (const { key, rule } of keys) {
    const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
    // One atomic statement, so concurrent failures are all counted on both dialects.
    const ref = (column: string) => sql.ref(`loginThrottle.${column}`);
    await db
      .insertInto("loginThrottle")
      .values({ key, failures: 1, windowStartedAt: nowIso, lockedUntil: null })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          failures: sql<number>`case when ${ref("windowStartedAt")} <= ${windowStart} then 1 else ${ref("failures")} + 1 end`,
          windowStartedAt: sql<string>`case when ${ref("windowStartedAt")} <= ${windowStart} then ${nowIso} else ${ref("windowStartedAt")} end`,
        }),
      )
      .execute();
    // Reaching the limit starts a lock and a fresh count for after it.
    const lockedUntil = new Date(now.getTime() + rule.lockMs).toISOString();
    const locked = await db
      .updateTable("loginThrottle")
      .set({ failures: 0, windowStartedAt: nowIso, lockedUntil })
      .where("key", "=", key)
      .where("failures", ">=", rule.maxFailures)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) > 0) {
      retryAfter = Math.max(retryAfter ?? 0, secondsUntil(lockedUntil, now));
    }
  }
  await db
    .deleteFrom("loginThrottle")
    .where("windowStartedAt", "<", new Date(now.getTime() - STALE_AFTER_MS).toISOString())
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", nowIso)]))
    .execute();
  return retryAfter;
}

/** Forgets an account's failures after a successful sign-in. */
export async function clearLoginFailures(db: DB, key: ThrottleKey): Promise<void> {
  await db
    .deleteFrom("loginThrottle")
    .where("key", "=", key.key)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", nowIsoOf())]))
    .execute();
}

const nowIsoOf = () => new Date().toISOString();
