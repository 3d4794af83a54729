import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Leads: the mail outbox (every e-mail the site sends, kept until it is sent or given up on) and
 * the per-address rate-limit log of the public forms.
 */
export const leads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("mailOutbox")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("toAddress", "text", (c) => c.notNull())
      .addColumn("replyTo", "text")
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("textBody", "text", (c) => c.notNull())
      .addColumn("htmlBody", "text", (c) => c.notNull())
      .addColumn("headers", "text", (c) => c.notNull())
      .addColumn("personEmail", "text")
      .addColumn("relatedId", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("nextAttemptAt", "text", (c) => c.notNull())
      .addColumn("claimToken", "text")
      .addColumn("lockedUntil", "text")
      .addColumn("lastError", "text")
      .addColumn("messageId", "text")
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .addColumn("sentAt", "text")
      .execute();
    await db.schema
      .createIndex("mailOutbox_due_idx")
      .on("mailOutbox")
      .columns(["status", "nextAttemptAt"])
      .execute();
    await db.schema
      .createIndex("mailOutbox_personEmail_idx")
      .on("mailOutbox")
      .column("personEmail")
      .execute();

    await db.schema
      .createTable("rateLimitEvents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("bucket", "text", (c) => c.notNull())
      .addColumn("addressHash", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("rateLimitEvents_lookup_idx")
      .on("rateLimitEvents")
      .columns(["bucket", "addressHash", "createdAt"])
      .execute();
    await db.schema
      .createIndex("rateLimitEvents_createdAt_idx")
      .on("rateLimitEvents")
      .column("createdAt")
      .execute();
  },
};
