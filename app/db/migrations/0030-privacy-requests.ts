import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 27, the person's rights (docs/decisions/0062-privacy-requests.md): one row per request
 * made at /privacy/requests to see, correct or erase one's data or to name a nominee (DPDP Act
 * ss.11-14, Rules 2025 r.14).
 *
 * - The one-time code is kept only as a keyed hash (`codeHash`), with its expiry and the wrong
 *   tries counted (`codeTries`); it is cleared once the code is right.
 * - `status`: "unverified" until the code is right (staff never see these; they are pruned a day
 *   after their code expired), then "received", "in_progress", "completed" or "refused".
 * - `dueAt`: when the answer is due, set when the request is verified.
 * - No foreign key and no people trigger: a request names an address, not a record, and asking
 *   must not make the site hold a "person" it did not hold before.
 */
export const privacyRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("privacyRequests")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("nomineeName", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("nomineeEmail", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("codeHash", "text")
      .addColumn("codeExpiresAt", "text")
      .addColumn("codeTries", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("verifiedAt", "text")
      .addColumn("dueAt", "text")
      .addColumn("closedAt", "text")
      .addColumn("outcome", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("privacyRequests_status_due")
      .on("privacyRequests")
      .columns(["status", "dueAt"])
      .execute();
    await db.schema
      .createIndex("privacyRequests_created")
      .on("privacyRequests")
      .columns(["createdAt", "id"])
      .execute();
    await db.schema
      .createIndex("privacyRequests_email")
      .on("privacyRequests")
      .column("email")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("privacyRequests").execute();
  },
};
