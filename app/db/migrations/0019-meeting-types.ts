import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes } from "../dialect.ts";

/*
 * Issue 25: meeting types and routing (docs/decisions/0050-meeting-types-and-routing.md).
 *
 * - `meetingTypes`: what a visitor can book (title, slug, length, buffers before and after,
 *   minimum notice, booking window, a daily cap per consultant, a note on fees, active, order).
 *   The buffer after, the notice and the window may be null: "as the booking settings", which is
 *   how the seeded type, today's free 30-minute consultation, keeps behaving exactly as before.
 * - `meetingTypeConsultants`: which consultants take a type; none listed means every one.
 * - `bookings.meetingTypeId`: every booking's type; existing bookings belong to the seeded one.
 * - `bookingRoutingRules`: a visitor's service interest → the consultants who cover it.
 */
export const DEFAULT_MEETING_TYPE_ID = "mtp_free_consultation";

export const meetingTypes: Migration = {
  async up(db: Kysely<unknown>) {
    const { bool } = columnTypes(db);
    await db.schema
      .createTable("meetingTypes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("lengthMinutes", "integer", (c) => c.notNull())
      .addColumn("bufferBeforeMinutes", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("bufferAfterMinutes", "integer")
      .addColumn("minimumNoticeHours", "integer")
      .addColumn("horizonDays", "integer")
      .addColumn("dailyCap", "integer")
      /** Empty: free. Otherwise what the visitor reads about fees. */
      .addColumn("feeNote", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("active", bool, (c) => c.notNull())
      .addColumn("sortOrder", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("meetingTypeConsultants")
      .addColumn("meetingTypeId", "text", (c) => c.notNull())
      .addColumn("consultantId", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("meetingTypeConsultants_pk", ["meetingTypeId", "consultantId"])
      .execute();
    await db.schema
      .createTable("bookingRoutingRules")
      .addColumn("service", "text", (c) => c.notNull())
      .addColumn("consultantId", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("bookingRoutingRules_pk", ["service", "consultantId"])
      .execute();
    const at = new Date().toISOString();
    await (db as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto("meetingTypes")
      .values({
        id: DEFAULT_MEETING_TYPE_ID,
        slug: "free-consultation",
        title: "Free consultation",
        description:
          "A free 30-minute call on compensation, equity or benefits with one of our consultants.",
        lengthMinutes: 30,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: null,
        minimumNoticeHours: null,
        horizonDays: null,
        dailyCap: null,
        feeNote: "",
        active: true,
        sortOrder: 0,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    // Existing bookings belong to the free consultation (the column's default).
    await db.schema
      .alterTable("bookings")
      .addColumn("meetingTypeId", "text", (c) => c.notNull().defaultTo(DEFAULT_MEETING_TYPE_ID))
      .execute();
    await db.schema
      .createIndex("bookings_meetingType_idx")
      .on("bookings")
      .columns(["meetingTypeId", "startsAt"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("bookings_meetingType_idx").execute();
    await db.schema.alterTable("bookings").dropColumn("meetingTypeId").execute();
    await db.schema.dropTable("bookingRoutingRules").execute();
    await db.schema.dropTable("meetingTypeConsultants").execute();
    await db.schema.dropTable("meetingTypes").execute();
  },
};
