import { sql } from "kysely";
import type { DB } from "~/db/client.server";

/*
 * Failed sign-in limiting, kept in the database so that it holds across restarts and several
 * server processes. Only failures count: a team signing in from one office address is never
 * slowed down by its own successful sign-ins.
 *
 * Failures count per account *and address* (the pair), and per address. Counting per account
 * alone let anyone keep a member of staff out by failing five times every 15 minutes from
 * anywhere; now such failures lock only the address they came from, and the owner signs in from
 * their own. An address that fails on many accounts is locked as a whole.
 *
 * Each key counts failures in a window; reaching the limit locks the key for a while, during which
 * every attempt (right password or not) is refused with 429 and a Retry-After. A locked person
 * can clear their account's locks with a link sent to their e-mail (sign-in-unlock.server.ts).
 */

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE = 60_000;

export const LOGIN_THROTTLE = {
  /** One account from one address: 5 wrong passwords in 15 minutes lock that pair for 15. */
  accountAtAddress: { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** One address trying many accounts: 20 failures in 15 minutes lock it out for 15 minutes. */
  address: { maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/** Rows idle this long are removed. */
const STALE_AFTER_MS = 24 * 60 * MINUTE;

export type ThrottleKind = keyof typeof LOGIN_THROTTLE;

export interface ThrottleKey {
  key: string;
  kind: ThrottleKind;
  rule: ThrottleRule;
}

const addressPart = (address: string) => `address:${address || "unknown"}`;
/** The start of every key of one account, whatever the address. */
const accountPrefix = (account: string) => `account:${account.trim().toLowerCase()}|`;

/**
 * The key of an account (its user id when it exists, else "name:" and the name that was typed)
 * tried from one address.
 */
export const accountAtAddressKey = (account: string, address: string): ThrottleKey => ({
  key: `${accountPrefix(account)}${addressPart(address)}`,
  kind: "accountAtAddress",
  rule: LOGIN_THROTTLE.accountAtAddress,
});

export const addressThrottleKey = (address: string): ThrottleKey => ({
  key: addressPart(address),
  kind: "address",
  rule: LOGIN_THROTTLE.address,
});

/** A lock that a failure has just started: how long, and what it locks. */
export interface LockStarted {
  seconds: number;
  kinds: ThrottleKind[];
}

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
 * Counts a failed attempt against each key. Returns the lock it has started (the seconds to
 * wait and the kinds of key now locked), else null.
 */
export async function recordLoginFailure(
  db: DB,
  keys: ThrottleKey[],
  now: Date = new Date(),
): Promise<LockStarted | null> {
  const nowIso = now.toISOString();
  let started = null as LockStarted | null;
  for (const { key, kind, rule } of keys) {
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
      const seconds = secondsUntil(lockedUntil, now);
      started = {
        seconds: Math.max(started?.seconds ?? 0, seconds),
        kinds: [...(started?.kinds ?? []), kind],
      };
    }
  }
  await db
    .deleteFrom("loginThrottle")
    .where("windowStartedAt", "<", new Date(now.getTime() - STALE_AFTER_MS).toISOString())
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", nowIso)]))
    .execute();
  return started;
}

/** Forgets the failures of an account at an address after a successful sign-in there. */
export async function clearLoginFailures(
  db: DB,
  key: ThrottleKey,
  now: Date = new Date(),
): Promise<void> {
  await db
    .deleteFrom("loginThrottle")
    .where("key", "=", key.key)
    .where((eb) =>
      eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", now.toISOString())]),
    )
    .execute();
}

/** The account's keys at every address (compared by prefix: an id may hold LIKE wildcards). */
const keysOfAccount = (accountId: string) => {
  const prefix = accountPrefix(accountId);
  return sql<boolean>`substr(${sql.ref("key")}, 1, ${prefix.length}) = ${prefix}`;
};

/** Whether the account is locked at any address now (an unlock link has something to do). */
export async function isAccountLockedAnywhere(
  db: DB,
  accountId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom("loginThrottle")
    .select("key")
    .where(keysOfAccount(accountId))
    .where("lockedUntil", ">", now.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Clears an account's locks and failures at every address (an unlock link was used). Locks of
 * whole addresses stay: they stop one address guessing many accounts, whoever owns the link.
 * Returns how many keys were cleared.
 */
export async function clearAccountLocks(db: DB, accountId: string): Promise<number> {
  const result = await db
    .deleteFrom("loginThrottle")
    .where(keysOfAccount(accountId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
