import type { BetterAuthOptions } from "better-auth";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions["rateLimit"]>["customStorage"]>;

/*
 * Storage for better-auth's own request limiter (per address and endpoint under /api/auth). Its
 * default is process memory, which each instance behind a load balancer would count on its own;
 * kept in the database, every instance counts against one allowance.
 *
 * The rows live in the loginThrottle table (a key, a count, the start of its window), under keys
 * of their own ("api:…"), so no table of better-auth's is needed. Each request is one atomic
 * upsert that starts a new window or adds one to the current one, so concurrent requests on any
 * number of instances are all counted.
 */

const KEY_PREFIX = "api:";
/** Rows of windows that ended this long ago are removed (at most once per interval). */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export function databaseRateLimitStorage(db: DB, clock: () => number = Date.now): RateLimitStorage {
  let prunedAt = 0;
  return {
    async consume(key, rule) {
      const now = clock();
      const nowIso = new Date(now).toISOString();
      const windowStart = new Date(now - rule.window * 1000).toISOString();
      const ref = (column: string) => sql.ref(`loginThrottle.${column}`);
      const expired = sql<boolean>`${ref("windowStartedAt")} <= ${windowStart}`;
      const row = await db
        .insertInto("loginThrottle")
        .values({ key: KEY_PREFIX + key, failures: 1, windowStartedAt: nowIso, lockedUntil: null })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            failures: sql<number>`case when ${expired} then 1 else ${ref("failures")} + 1 end`,
            windowStartedAt: sql<string>`case when ${expired} then ${nowIso} else ${ref("windowStartedAt")} end`,
          }),
        )
        .returning(["failures", "windowStartedAt"])
        .executeTakeFirstOrThrow();

      if (now - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now;
        await db
          .deleteFrom("loginThrottle")
          .where("key", "like", `${KEY_PREFIX}%`)
          .where("windowStartedAt", "<", new Date(now - PRUNE_AFTER_MS).toISOString())
          .execute();
      }

      if (Number(row.failures) <= rule.max) return { allowed: true, retryAfter: null };
      const endsAt = Date.parse(row.windowStartedAt) + rule.window * 1000;
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
    },
  };
}
