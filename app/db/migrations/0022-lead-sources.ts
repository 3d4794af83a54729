import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 26: where each lead came from (docs/decisions/0055-lead-sources.md). One `leadSources`
 * row per enquiry, booking, job application or newsletter subscriber that arrived with a source,
 * holding the first and the latest outside arrival (campaign parameters, referring host, landing
 * path, day). Each record column is unique and cascades, so a record's erasure takes its source
 * with it. Indexed by source and campaign for the lists' filters and a later funnel.
 */
const TOUCH = ["Source", "Medium", "Campaign", "Term", "Content", "Referrer", "Landing", "Date"];

const OWNERS = [
  ["enquiryId", "enquiries.id"],
  ["bookingId", "bookings.id"],
  ["applicationId", "applications.id"],
  ["subscriberId", "newsletterSubscribers.id"],
] as const;

export const leadSources: Migration = {
  async up(db: Kysely<unknown>) {
    let table = db.schema.createTable("leadSources").addColumn("id", "text", (c) => c.primaryKey());
    for (const [column, target] of OWNERS) {
      table = table.addColumn(column, "text", (c) =>
        c.unique().references(target).onDelete("cascade"),
      );
    }
    for (const which of ["first", "latest"]) {
      for (const field of TOUCH) {
        table = table.addColumn(`${which}${field}`, "text", (c) => c.notNull().defaultTo(""));
      }
    }
    await table
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    for (const which of ["first", "latest"]) {
      await db.schema
        .createIndex(`leadSources_${which}`)
        .on("leadSources")
        .columns([`${which}Source`, `${which}Campaign`])
        .execute();
      await db.schema
        .createIndex(`leadSources_${which}Campaign`)
        .on("leadSources")
        .column(`${which}Campaign`)
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("leadSources").execute();
  },
};
