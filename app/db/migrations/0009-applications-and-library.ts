import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes } from "../dialect.ts";

/*
 * Job applications with CVs, and the staff-managed library of articles and resources
 * (docs/decisions/0021-uploads-and-stored-files.md). Uploaded files live in the database by
 * default, in chunks, so that every instance sees them and a database backup includes them;
 * `storedFiles.storage` names where a file's bytes are, so that a bucket can be added later.
 */
export const applicationsAndLibrary: Migration = {
  async up(db: Kysely<unknown>) {
    const { dialect } = columnTypes(db);
    const bytes = dialect === "postgres" ? "bytea" : "blob";

    await db.schema
      .createTable("storedFiles")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("fileName", "text", (c) => c.notNull())
      .addColumn("contentType", "text", (c) => c.notNull())
      .addColumn("byteSize", "integer", (c) => c.notNull())
      .addColumn("sha256", "text", (c) => c.notNull())
      .addColumn("storage", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("storedFileChunks")
      .addColumn("fileId", "text", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("bytes", bytes, (c) => c.notNull())
      .addPrimaryKeyConstraint("storedFileChunks_pk", ["fileId", "seq"])
      .execute();

    await db.schema
      .createTable("applications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("careerId", "text", (c) => c.notNull())
      .addColumn("careerTitle", "text", (c) => c.notNull())
      .addColumn("fullName", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("location", "text", (c) => c.notNull())
      .addColumn("noticePeriod", "text", (c) => c.notNull())
      .addColumn("profileUrl", "text", (c) => c.notNull())
      .addColumn("coverNote", "text", (c) => c.notNull())
      .addColumn("consentText", "text", (c) => c.notNull())
      .addColumn("cvFileId", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("spamReason", "text")
      .addColumn("submittedAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text")
      .execute();
    await db.schema
      .createIndex("applications_submittedAt")
      .on("applications")
      .columns(["submittedAt", "id"])
      .execute();
    await db.schema
      .createIndex("applications_careerId")
      .on("applications")
      .columns(["careerId", "submittedAt"])
      .execute();
    await db.schema.createIndex("applications_email").on("applications").column("email").execute();

    await db.schema
      .createTable("applicationStatusChanges")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("applicationId", "text", (c) => c.notNull())
      .addColumn("fromStatus", "text")
      .addColumn("toStatus", "text", (c) => c.notNull())
      .addColumn("changedBy", "text")
      .addColumn("changedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("applicationStatusChanges_applicationId")
      .on("applicationStatusChanges")
      .columns(["applicationId", "changedAt"])
      .execute();
    await db.schema
      .createTable("applicationNotes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("applicationId", "text", (c) => c.notNull())
      .addColumn("authorId", "text")
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("applicationNotes_applicationId")
      .on("applicationNotes")
      .columns(["applicationId", "createdAt"])
      .execute();

    await db.schema
      .createTable("articles")
      .addColumn("slug", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("author", "text", (c) => c.notNull())
      .addColumn("publishedOn", "text", (c) => c.notNull())
      .addColumn("summary", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("articles_status_publishedOn")
      .on("articles")
      .columns(["status", "publishedOn"])
      .execute();

    await db.schema
      .createTable("resources")
      .addColumn("slug", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("summary", "text", (c) => c.notNull())
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("pageCount", "integer", (c) => c.notNull())
      .addColumn("fileId", "text")
      .addColumn("company", "text", (c) => c.notNull())
      .addColumn("industry", "text", (c) => c.notNull())
      .addColumn("challenge", "text", (c) => c.notNull())
      .addColumn("solution", "text", (c) => c.notNull())
      .addColumn("results", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "resources",
      "articles",
      "applicationNotes",
      "applicationStatusChanges",
      "applications",
      "storedFileChunks",
      "storedFiles",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
