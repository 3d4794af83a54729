import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes } from "../dialect.ts";

/*
 * Issue 26: signed webhooks to the firm's CRM (docs/decisions/0054-webhooks.md).
 *
 * - `webhookEndpoints`: where staff want events sent, which events, and the signing secret
 *   (encrypted: the database alone does not let anyone sign as the site). The failure streak
 *   (`failingSince`, `consecutiveFailures`) and `pausedAt` live on the row, so every instance
 *   sees them.
 * - `webhookDeliveries`: one row per event and endpoint, written in the transaction of the event
 *   itself. `body` is the exact JSON that is signed and sent; `personEmail` (lower case) lets an
 *   erasure remove what was queued about a person. `claimToken` and `lockedUntil` are the lease
 *   that lets one instance at a time attempt a delivery.
 */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    const { bool, dialect } = columnTypes(db);
    const yes = dialect === "postgres" ? sql`true` : sql`1`;
    await db.schema
      .createTable("webhookEndpoints")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("events", "text", (c) => c.notNull())
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("enabled", bool, (c) => c.notNull().defaultTo(yes))
      .addColumn("pausedAt", "text")
      .addColumn("failingSince", "text")
      .addColumn("consecutiveFailures", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("webhookDeliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("endpointId", "text", (c) =>
        c.notNull().references("webhookEndpoints.id").onDelete("cascade"),
      )
      .addColumn("eventType", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("personEmail", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("scheduleFrom", "text", (c) => c.notNull())
      .addColumn("nextAttemptAt", "text")
      .addColumn("lastAttemptAt", "text")
      .addColumn("lastResponseCode", "integer")
      .addColumn("lastError", "text")
      .addColumn("claimToken", "text")
      .addColumn("lockedUntil", "text")
      .addColumn("deliveredAt", "text")
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("webhookDeliveries_status_next")
      .on("webhookDeliveries")
      .columns(["status", "nextAttemptAt"])
      .execute();
    await db.schema
      .createIndex("webhookDeliveries_endpoint_created")
      .on("webhookDeliveries")
      .columns(["endpointId", "createdAt", "id"])
      .execute();
    await db.schema
      .createIndex("webhookDeliveries_person")
      .on("webhookDeliveries")
      .column("personEmail")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("webhookDeliveries").execute();
    await db.schema.dropTable("webhookEndpoints").execute();
  },
};
