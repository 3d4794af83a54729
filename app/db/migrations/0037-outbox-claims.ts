import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { dialectOf } from "../dialect.ts";

/*
 * The mail outbox's claims at any size (issue 25's crowd, decision 0079). Sent mails stay in the
 * outbox (the inbox shows what each person was sent), so the table only grows, and a burst of
 * enquiries leaves thousands of mails waiting. Each claim read its rows back by its token with a
 * walk of the whole table (no index held the token: 5 ms at 6,000 rows, and growing), and
 * ordered every waiting row to take the ten oldest (4.7 ms with 5,000 waiting).
 *
 * - `mailOutbox_claim_idx`: the rows of a claim, by its token; only claimed rows are in it.
 * - `mailOutbox_due_idx` gains `id`, the tie-break of the claim's order, so that the oldest
 *   waiting rows are read in order from the index and the read stops at the claim's size.
 */
async function up(db: Kysely<unknown>) {
  await sql`drop index "mailOutbox_due_idx"`.execute(db);
  await sql`
      create index "mailOutbox_due_idx" on "mailOutbox" ("status", "nextAttemptAt", "id")`.execute(
    db,
  );
  await sql`
      create index "mailOutbox_claim_idx" on "mailOutbox" ("claimToken")
      where "claimToken" is not null`.execute(db);
}

export const outboxClaims: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db) === "postgres") return up(db);
    // Kysely does not wrap SQLite migrations in a transaction: this one is all or nothing.
    await db.transaction().execute((trx) => up(trx));
  },
};
