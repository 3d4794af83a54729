import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { dialectOf } from "../dialect.ts";

/*
 * Issue 29 (docs/decisions/0058-redirects-and-site-search.md): permanent redirects (an old
 * address, unique, to a live one), the bounded log of addresses that had no page, and the site
 * search's documents with each database's own full-text index: a generated, weighted tsvector
 * with a GIN index on PostgreSQL, a FTS5 table on SQLite (porter stemming, as PostgreSQL's
 * `english` configuration stems).
 */
export const redirectsAndSearch: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("redirects")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("fromPath", "text", (c) => c.notNull().unique())
      .addColumn("toPath", "text", (c) => c.notNull())
      .addColumn("origin", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("redirects_toPath").on("redirects").column("toPath").execute();

    await db.schema
      .createTable("notFoundPaths")
      .addColumn("path", "text", (c) => c.primaryKey())
      .addColumn("hits", "integer", (c) => c.notNull())
      .addColumn("referrer", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("firstSeen", "text", (c) => c.notNull())
      .addColumn("lastSeen", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("notFoundPaths_lastSeen")
      .on("notFoundPaths")
      .column("lastSeen")
      .execute();

    await db.schema
      .createTable("searchDocuments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("docNumber", "integer", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .execute();
    if (dialectOf(db) === "postgres") {
      await sql`alter table "searchDocuments" add column "searchVector" tsvector
        generated always as (
          setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
          setweight(to_tsvector('english'::regconfig, "body"), 'B')
        ) stored`.execute(db);
      await sql`create index "searchDocuments_vector" on "searchDocuments" using gin ("searchVector")`.execute(
        db,
      );
    } else {
      await sql`create virtual table "searchFts" using fts5(
        title, body, tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(db);
    }

    await db.schema
      .createTable("searchState")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("contentVersion", "integer", (c) => c.notNull())
      .execute();
    await sql`insert into "searchState" ("id", "contentVersion") values ('index', 0)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("searchState").execute();
    if (dialectOf(db) === "sqlite") await sql`drop table "searchFts"`.execute(db);
    await db.schema.dropTable("searchDocuments").execute();
    await db.schema.dropTable("notFoundPaths").execute();
    await db.schema.dropTable("redirects").execute();
  },
};
