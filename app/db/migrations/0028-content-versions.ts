import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 29 (docs/decisions/0060-drafts-versions-scheduling.md): one mechanism for every kind of
 * content (article, resource, service, page text, posting), keyed by kind + the item's key.
 * - `contentDrafts`: at most one unpublished draft per item (the form's fields as JSON); saving
 *   it changes no public page.
 * - `contentVersions`: one row per publish or restore (who, when, the full content as JSON),
 *   numbered per item; never rewritten.
 * - `contentSchedules`: a publish or unpublish at a moment (UTC), done once by whichever
 *   instance claims it first (`doneAt` set in the transaction of the change).
 */
export const contentVersions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("contentDrafts")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("entityId", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("savedAt", "text", (c) => c.notNull())
      .addColumn("savedById", "text")
      .addColumn("savedByName", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("contentDrafts_pk", ["kind", "entityId"])
      .execute();
    await db.schema
      .createTable("contentVersions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("entityId", "text", (c) => c.notNull())
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("actorId", "text")
      .addColumn("actorName", "text", (c) => c.notNull())
      .addUniqueConstraint("contentVersions_number", ["kind", "entityId", "number"])
      .execute();
    await db.schema
      .createTable("contentSchedules")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("entityId", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("runAt", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("createdById", "text")
      .addColumn("createdByName", "text", (c) => c.notNull())
      .addColumn("doneAt", "text")
      .addColumn("outcome", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .createIndex("contentSchedules_due")
      .on("contentSchedules")
      .columns(["doneAt", "runAt"])
      .execute();
    await db.schema
      .createIndex("contentSchedules_item")
      .on("contentSchedules")
      .columns(["kind", "entityId"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("contentSchedules").execute();
    await db.schema.dropTable("contentVersions").execute();
    await db.schema.dropTable("contentDrafts").execute();
  },
};
