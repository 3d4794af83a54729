import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The enquiry form's tokens that have been used (issue 12, item 16): a token is good for one
 * submission, and every instance must agree on which were used, so the record is in the
 * database. `id` is the token's signature (unique per token, unguessable without the secret);
 * a row is deleted once its token would be refused as expired anyway (`expiresAt`).
 */
export const formTokenUses: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("formTokenUses")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("usedAt", "text", (c) => c.notNull())
      .addColumn("expiresAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("formTokenUses_expiresAt_idx")
      .on("formTokenUses")
      .column("expiresAt")
      .execute();
  },
};
