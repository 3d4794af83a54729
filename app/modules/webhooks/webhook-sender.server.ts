import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import type { WebhookAddressRules } from "./webhook-address.server";
import { type AttemptResult, postSigned } from "./webhook-post.server";
import { nextAttemptAfter, shouldPause } from "./webhook-schedule";
import { openSigningSecret } from "./webhook-secrets.server";

/*
 * Sending queued deliveries (decision 0054). A run claims the due deliveries of endpoints that
 * are on and not paused; a claim is a lease (`claimToken`, `lockedUntil`), so each delivery is
 * attempted by one instance at a time, and one whose instance died goes back to the others when
 * the lease runs out. Each attempt is signed afresh (the timestamp is the attempt's) with the
 * `standardwebhooks` package, sent to the address that was checked (webhook-post.server.ts), and
 * its outcome written only while the claim still holds. A 2xx answer delivers it; anything else
 * schedules the next attempt (webhook-schedule.ts) or, after 3 days, fails it for good. An
 * endpoint whose attempts have all failed for 24 hours is paused.
 */

/** Longer than an attempt can take (10 s) with room for a slow database. */
export const CLAIM_LEASE_MS = 60 * 1000;
export const BATCH_SIZE = 10;

export interface SenderOptions {
  /** Opens endpoint secrets (webhookKey(AUTH_SECRET)). */
  key: Buffer;
  rules: WebhookAddressRules;
  now?: Date;
  limit?: number;
  /** How long an attempt may take (ATTEMPT_TIMEOUT_MS, 10 s; tests use less). */
  timeoutMs?: number;
}

type Delivery = {
  id: string;
  endpointId: string;
  body: string;
  attempts: number;
  scheduleFrom: string;
  claimToken: string | null;
};

function dueRows(db: DB, at: string, limit: number) {
  return db
    .selectFrom("webhookDeliveries")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("nextAttemptAt", "<=", at)]),
        eb.and([eb("status", "=", "sending"), eb("lockedUntil", "<", at)]),
      ]),
    )
    .where("endpointId", "in", (eb) =>
      eb
        .selectFrom("webhookEndpoints")
        .select("id")
        .where("enabled", "=", true)
        .where("pausedAt", "is", null),
    )
    .orderBy("nextAttemptAt")
    .orderBy("id")
    .limit(limit);
}

/**
 * Claims up to `limit` due deliveries for this caller, as the mail outbox does
 * (mail/outbox-claims.server.ts): on PostgreSQL the due rows are locked, skipping rows another
 * process holds, and marked in one transaction; on SQLite one UPDATE (SQLite has one writer)
 * picks and marks them. Either way a delivery goes to one claimant only.
 */
export async function claimDueDeliveries(
  db: DB,
  now: Date = new Date(),
  limit: number = BATCH_SIZE,
): Promise<Delivery[]> {
  const at = now.toISOString();
  const claimToken = randomBytes(12).toString("base64url");
  const claim = {
    status: "sending" as const,
    claimToken,
    lockedUntil: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
  };
  if (dialectOf(db as unknown as Kysely<unknown>) === "postgres") {
    await db.transaction().execute(async (trx) => {
      const ids = (await dueRows(trx, at, limit).forUpdate().skipLocked().execute()).map(
        (row) => row.id,
      );
      if (ids.length > 0) {
        await trx.updateTable("webhookDeliveries").set(claim).where("id", "in", ids).execute();
      }
    });
  } else {
    await db
      .updateTable("webhookDeliveries")
      .set(claim)
      .where("id", "in", dueRows(db, at, limit))
      .execute();
  }
  const rows = await db
    .selectFrom("webhookDeliveries")
    .select(["id", "endpointId", "body", "attempts", "scheduleFrom", "claimToken"])
    .where("claimToken", "=", claimToken)
    .orderBy("nextAttemptAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

/** Writes an attempt's outcome while the claim holds; updates the endpoint's failure streak. */
async function recordAttempt(
  db: DB,
  delivery: Delivery,
  result: AttemptResult,
  now: Date,
): Promise<"delivered" | "retry" | "failed" | "lost"> {
  const at = now.toISOString();
  const attempts = delivery.attempts + 1;
  const ok = result.error === undefined;
  const next = ok ? null : nextAttemptAfter(attempts, new Date(delivery.scheduleFrom), now);
  const status = ok ? "delivered" : next ? "pending" : "failed";
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("webhookDeliveries")
      .set({
        status,
        attempts,
        lastAttemptAt: at,
        lastResponseCode: result.status ?? null,
        lastError: result.error?.slice(0, 500) ?? null,
        nextAttemptAt: next?.toISOString() ?? null,
        deliveredAt: ok ? at : null,
        claimToken: null,
        lockedUntil: null,
      })
      .where("id", "=", delivery.id)
      .where("claimToken", "=", delivery.claimToken)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return "lost";
    if (ok) {
      await trx
        .updateTable("webhookEndpoints")
        .set({ failingSince: null, consecutiveFailures: 0 })
        .where("id", "=", delivery.endpointId)
        .execute();
      return "delivered";
    }
    const endpoint = await trx
      .selectFrom("webhookEndpoints")
      .select(["failingSince", "pausedAt"])
      .where("id", "=", delivery.endpointId)
      .executeTakeFirst();
    const failingSince = endpoint?.failingSince ?? at;
    await trx
      .updateTable("webhookEndpoints")
      .set((eb) => ({
        failingSince,
        consecutiveFailures: eb("consecutiveFailures", "+", 1),
        ...(endpoint && !endpoint.pausedAt && shouldPause(new Date(failingSince), now)
          ? { pausedAt: at, updatedAt: at }
          : {}),
      }))
      .where("id", "=", delivery.endpointId)
      .execute();
    return status === "failed" ? "failed" : "retry";
  });
}

async function attempt(
  endpoint: { url: string; secret: string },
  delivery: Delivery,
  options: SenderOptions,
  now: Date,
): Promise<AttemptResult> {
  let secret: string;
  try {
    secret = openSigningSecret(options.key, endpoint.secret);
  } catch {
    return { error: "The signing secret cannot be read (AUTH_SECRET changed): rotate it" };
  }
  return postSigned(endpoint.url, secret, delivery, options.rules, now, options.timeoutMs);
}

export interface SendReport {
  delivered: number;
  retried: number;
  failed: number;
}

/** One run: claims the due deliveries and attempts them (at once), then writes the outcomes. */
export async function sendDueDeliveries(db: DB, options: SenderOptions): Promise<SendReport> {
  const now = options.now ?? new Date();
  const claimed = await claimDueDeliveries(db, now, options.limit ?? BATCH_SIZE);
  const report: SendReport = { delivered: 0, retried: 0, failed: 0 };
  if (claimed.length === 0) return report;
  const endpointIds = [...new Set(claimed.map((delivery) => delivery.endpointId))];
  const endpoints = new Map(
    (
      await db
        .selectFrom("webhookEndpoints")
        .select(["id", "url", "secret"])
        .where("id", "in", endpointIds)
        .execute()
    ).map((endpoint) => [endpoint.id, endpoint]),
  );
  await Promise.all(
    claimed.map(async (delivery) => {
      const endpoint = endpoints.get(delivery.endpointId);
      const result = endpoint
        ? await attempt(endpoint, delivery, options, now)
        : { error: "The endpoint was removed" };
      const outcome = await recordAttempt(db, delivery, result, options.now ?? new Date());
      if (outcome === "delivered") report.delivered += 1;
      else if (outcome === "retry") report.retried += 1;
      else if (outcome === "failed") report.failed += 1;
    }),
  );
  return report;
}
