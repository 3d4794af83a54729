import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 27, keeping only what is needed and breaches (docs/decisions/0063-inventory-retention-breaches.md).
 *
 * - `applications.retentionNoticeSentAt`: when the candidate was told that the application and CV
 *   are about to be deleted (DPDP Rules 2025 r.8(2): at least 48 hours before). The purge deletes
 *   only rows whose notice is at least 48 hours old, so nothing goes without its notice.
 * - `breaches`: the breach register (Act s.8(6), Rules r.7): what happened, when it was found,
 *   what data and whose, the measures, the approved notice to the people affected, and when the
 *   detailed report reached the Board (due 72 hours after `discoveredAt`).
 * - `breachAffected`: the people affected, one row per breach and address, with when their
 *   notice was queued (once: the row is claimed in the transaction that queues the mail).
 */
export const retentionNoticesAndBreaches: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("applications").addColumn("retentionNoticeSentAt", "text").execute();
    await db.schema
      .createTable("breaches")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("whatHappened", "text", (c) => c.notNull())
      .addColumn("occurredAt", "text")
      .addColumn("discoveredAt", "text", (c) => c.notNull())
      .addColumn("dataAffected", "text", (c) => c.notNull())
      .addColumn("whoAffected", "text", (c) => c.notNull())
      .addColumn("consequences", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("mitigation", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("safetySteps", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("causes", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("causedBy", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("prevention", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("noticeSubject", "text")
      .addColumn("noticeText", "text")
      .addColumn("noticeApprovedAt", "text")
      .addColumn("noticeApprovedByName", "text")
      .addColumn("boardReportedAt", "text")
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("createdByName", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("breaches_discovered")
      .on("breaches")
      .columns(["discoveredAt", "id"])
      .execute();
    await db.schema
      .createTable("breachAffected")
      .addColumn("breachId", "text", (c) =>
        c.notNull().references("breaches.id").onDelete("cascade"),
      )
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("notifiedAt", "text")
      .addPrimaryKeyConstraint("breachAffected_pk", ["breachId", "email"])
      .execute();
    await db.schema
      .createIndex("breachAffected_email")
      .on("breachAffected")
      .column("email")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("breachAffected").execute();
    await db.schema.dropTable("breaches").execute();
    await db.schema.alterTable("applications").dropColumn("retentionNoticeSentAt").execute();
  },
};
