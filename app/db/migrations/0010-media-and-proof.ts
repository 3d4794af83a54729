import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 14. The media library (images uploaded by staff, with responsive variants made on upload)
 * and the social proof staff manage: testimonials, client logos, results figures and team
 * members. Image bytes live in the file store (storedFiles, decision 0021) like every upload, so
 * that every instance serves the same variants. Services, articles and page heroes may name an
 * image. Social proof rows are `draft` or `published` (as articles are) and ordered by `position`.
 */
export const mediaAndProof: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("mediaAssets")
      .addColumn("id", "text", (c) => c.primaryKey())
      /** jpeg, png, webp or svg: the uploaded file's kind, told by its content. */
      .addColumn("kind", "text", (c) => c.notNull())
      /** The name the uploader's file had (shown to staff only; never used as a path). */
      .addColumn("originalName", "text", (c) => c.notNull())
      .addColumn("alt", "text", (c) => c.notNull())
      /** Focal point in per cent of width and height (null: the centre). */
      .addColumn("focalX", "integer")
      .addColumn("focalY", "integer")
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      /** The original (sanitised for SVG) in the file store. */
      .addColumn("fileId", "text", (c) => c.notNull())
      .addColumn("byteSize", "integer", (c) => c.notNull())
      .addColumn("createdBy", "text")
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("mediaAssets_createdAt")
      .on("mediaAssets")
      .columns(["createdAt", "id"])
      .execute();

    await db.schema
      .createTable("mediaVariants")
      .addColumn("mediaId", "text", (c) => c.notNull())
      /** avif or webp (raster images); an SVG has no variants and is served as sanitised. */
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("fileId", "text", (c) => c.notNull())
      .addColumn("byteSize", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("mediaVariants_pk", ["mediaId", "format", "width"])
      .execute();

    await db.schema
      .createTable("pageHeroImages")
      .addColumn("pageId", "text", (c) => c.primaryKey())
      .addColumn("mediaId", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema.alterTable("services").addColumn("imageId", "text").execute();
    await db.schema.alterTable("articles").addColumn("imageId", "text").execute();

    await db.schema
      .createTable("testimonials")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("quote", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("company", "text", (c) => c.notNull())
      .addColumn("photoId", "text")
      .addColumn("caseStudyUrl", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("clientLogos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("logoId", "text")
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("resultFigures")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("figure", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      /** The client or the industry the result was for. */
      .addColumn("client", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("teamMembers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("bio", "text", (c) => c.notNull())
      .addColumn("photoId", "text")
      .addColumn("linkedinUrl", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("articles").dropColumn("imageId").execute();
    await db.schema.alterTable("services").dropColumn("imageId").execute();
    for (const table of [
      "teamMembers",
      "resultFigures",
      "clientLogos",
      "testimonials",
      "pageHeroImages",
      "mediaVariants",
      "mediaAssets",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
