import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Staff admin: cookie-less page-view counts (per path and day, and referring sites per day),
 * the failed sign-in counters behind the login rate limit, and the one-time first-admin setup
 * token (stored as a hash).
 */
export const admin: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("pageViews")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("pageViews_pk", ["day", "path"])
      .execute();

    await db.schema
      .createTable("pageReferrers")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("host", "text", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("pageReferrers_pk", ["day", "host"])
      .execute();

    await db.schema
      .createTable("loginThrottle")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("windowStartedAt", "text", (c) => c.notNull())
      .addColumn("lockedUntil", "text")
      .execute();

    await db.schema
      .createTable("staffSetupTokens")
      .addColumn("tokenHash", "text", (c) => c.primaryKey())
      .addColumn("expiresAt", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
  },
};
