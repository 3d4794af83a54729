import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import type { OutboxRow } from "~/db/schema";
import type { Executor } from "./outbox.server";

/*
 * Claims on outbox rows: which process sends which mail. A claim is a lease, so a row whose
 * sender died goes back to the others (outbox-sender.server.ts sends what is claimed here).
 */

/** How long a claim holds; a row whose sender died is taken over after it. */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** Rows claimed at a time when the caller names no limit. */
export const BATCH_SIZE = 10;

/** Rows that are due: pending and their time has come, or claimed by a sender whose lease ran out. */
function dueRows(db: Executor, at: string, limit: number) {
  return db
    .selectFrom("mailOutbox")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("nextAttemptAt", "<=", at)]),
        eb.and([eb("status", "=", "sending"), eb("lockedUntil", "<", at)]),
      ]),
    )
    .orderBy("nextAttemptAt")
    .orderBy("id")
    .limit(limit);
}

/**
 * Claims up to `limit` due rows for this caller. On PostgreSQL the due rows are locked (skipping
 * rows another process holds) and marked in one transaction; on SQLite one UPDATE statement (an
 * atomic transaction of its own, SQLite having one writer) picks and marks them. Either way a
 * row goes to one claimant only, and a claim is a lease: a sender that dies releases its rows
 * when CLAIM_LEASE_MS runs out.
 */
export async function claimDueMails(
  db: DB,
  now: Date = new Date(),
  limit: number = BATCH_SIZE,
): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const claimToken = randomBytes(12).toString("base64url");
  const claim = {
    status: "sending",
    claimToken,
    lockedUntil: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
    updatedAt: at,
  };
  if (dialectOf(db as unknown as Kysely<unknown>) === "postgres") {
    await db.transaction().execute(async (trx) => {
      const ids = (await dueRows(trx, at, limit).forUpdate().skipLocked().execute()).map(
        (row) => row.id,
      );
      if (ids.length > 0) {
        await trx.updateTable("mailOutbox").set(claim).where("id", "in", ids).execute();
      }
    });
  } else {
    await db
      .updateTable("mailOutbox")
      .set(claim)
      .where("id", "in", dueRows(db, at, limit))
      .execute();
  }
  return db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("claimToken", "=", claimToken)
    .orderBy("nextAttemptAt")
    .orderBy("id")
    .execute();
}

/**
 * Hands claimed rows back unsent (status pending, still due), so that another process sends them
 * now instead of after the lease. Only rows their claim still holds are touched (the rows may
 * come from several claims).
 */
export async function releaseClaims(db: DB, rows: OutboxRow[], now: Date): Promise<void> {
  const byToken = Map.groupBy(
    rows.filter((row) => row.claimToken),
    (row) => row.claimToken as string,
  );
  for (const [token, claimed] of byToken) {
    await db
      .updateTable("mailOutbox")
      .set({ status: "pending", claimToken: null, lockedUntil: null, updatedAt: now.toISOString() })
      .where(
        "id",
        "in",
        claimed.map((row) => row.id),
      )
      .where("claimToken", "=", token)
      .execute();
  }
}
