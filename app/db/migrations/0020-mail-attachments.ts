import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 28: a mail may carry files (a calculator's breakdown as a PDF;
 * docs/decisions/0052-calculators.md). `attachments` holds them as JSON (file name, content
 * type, the bytes in base64), written in the same transaction as the lead the mail is about, so
 * the outbox still needs nothing but its row to send it, on any instance, after any restart.
 */
export const mailAttachments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("mailOutbox").addColumn("attachments", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("mailOutbox").dropColumn("attachments").execute();
  },
};
