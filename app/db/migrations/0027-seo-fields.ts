import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 29 (docs/decisions/0059-service-pages-and-seo-fields.md): the search and social fields
 * staff may set for a page text, an article, a resource, a service area or a job posting. One
 * row per subject (kind + its key); a subject without a row, or an empty field, shows the
 * defaults drawn from its content, as before.
 */
export const seoFields: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("seoFields")
      .addColumn("subjectKind", "text", (c) => c.notNull())
      .addColumn("subjectKey", "text", (c) => c.notNull())
      .addColumn("metaTitle", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("metaDescription", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("imageId", "text")
      .addColumn("canonical", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("seoFields_pk", ["subjectKind", "subjectKey"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("seoFields").execute();
  },
};
