import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Unlock links for sign-in (docs/decisions/0015-sign-in-locks-and-unlock-links.md): a locked
 * member of staff gets a single-use link by e-mail. Only a hash of each link's token is kept, so
 * the table alone opens nothing; rows live in the database so that every instance honours them.
 */
export const signInUnlock: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("signInUnlockTokens")
      .addColumn("tokenHash", "text", (c) => c.primaryKey())
      .addColumn("userId", "text", (c) => c.notNull())
      .addColumn("expiresAt", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("signInUnlockTokens_userId")
      .on("signInUnlockTokens")
      .column("userId")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("signInUnlockTokens").execute();
  },
};
