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

/**
 * The oldest `limit` rows of one kind that are due, in the claim's order, read from
 * `mailOutbox_due_idx` (status, nextAttemptAt, id) without sorting the rest (migration 0037):
 * pending rows whose time has come, or rows whose sender's lease ran out.
 */
function oldestDue(db: Executor, kind: "pending" | "expired", at: string, limit: number) {
  const query = db
    .selectFrom("mailOutbox")
    .select(["id", "nextAttemptAt"])
    .orderBy("nextAttemptAt")
    .orderBy("id")
    .limit(limit);
  return kind === "pending"
    ? query.where("status", "=", "pending").where("nextAttemptAt", "<=", at)
    : query.where("status", "=", "sending").where("lockedUntil", "<", at);
}

/** The database's order of two texts (byte order, as the index's), not the locale's. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
      // Each kind locked in its order, skipping rows another process holds; the oldest first.
      const rows = [
        ...(await oldestDue(trx, "pending", at, limit).forUpdate().skipLocked().execute()),
        ...(await oldestDue(trx, "expired", at, limit).forUpdate().skipLocked().execute()),
      ];
      const ids = rows
        .sort((a, b) => compareText(a.nextAttemptAt, b.nextAttemptAt) || compareText(a.id, b.id))
        .slice(0, limit)
        .map((row) => row.id);
      if (ids.length > 0) {
        await trx.updateTable("mailOutbox").set(claim).where("id", "in", ids).execute();
      }
    });
  } else {
    // Both kinds' oldest (each read in order from the index), then the oldest of those.
    const due = db
      .selectFrom(oldestDue(db, "pending", at, limit).as("pending"))
      .selectAll()
      .unionAll(db.selectFrom(oldestDue(db, "expired", at, limit).as("expired")).selectAll());
    await db
      .updateTable("mailOutbox")
      .set(claim)
      .where(
        "id",
        "in",
        db
          .selectFrom(due.as("due"))
          .select("id")
          .orderBy("nextAttemptAt")
          .orderBy("id")
          .limit(limit),
      )
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
