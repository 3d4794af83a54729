import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes } from "../dialect.ts";

/*
 * Issue 15: booking the free consultation (docs/decisions/0030-consultation-bookings.md).
 *
 * - Consultants are staff accounts marked as such, with weekly hours, blocked dates and one-off
 *   extra hours, all in India Standard Time wall-clock ("HH:mm") and IST calendar dates.
 * - Bookings store their instants in UTC (house convention) and the visitor's time zone.
 * - `bookingCells` is what makes double booking impossible: one row per 5-minute cell a booking
 *   occupies (meeting plus buffer), primary key (consultantId, cellStart), written in the
 *   booking's transaction. Two bookings that would overlap need the same cell; the second insert
 *   finds it taken, on one instance or on several.
 * - `consultantDayLoads` counts each consultant's bookings per IST day, raised by a conditional
 *   update, so that the daily limit holds under concurrent bookings too.
 * - The outbox carries a calendar invitation (`calendarEvent`, JSON), sent as an .ics part.
 */
export const bookings: Migration = {
  async up(db: Kysely<unknown>) {
    const { bool } = columnTypes(db);
    await db.schema
      .createTable("consultants")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("userId", "text", (c) => c.notNull().unique())
      .addColumn("displayName", "text", (c) => c.notNull())
      .addColumn("active", bool, (c) => c.notNull())
      .addColumn("dailyLimit", "integer", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("consultantWeeklyHours")
      .addColumn("consultantId", "text", (c) => c.notNull())
      /** ISO weekday: 1 Monday … 7 Sunday. */
      .addColumn("weekday", "integer", (c) => c.notNull())
      /** IST wall-clock "HH:mm". */
      .addColumn("startTime", "text", (c) => c.notNull())
      .addColumn("endTime", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("consultantWeeklyHours_pk", ["consultantId", "weekday", "startTime"])
      .execute();

    await db.schema
      .createTable("consultantBlockedDates")
      .addColumn("consultantId", "text", (c) => c.notNull())
      /** IST calendar date "yyyy-MM-dd". */
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("consultantBlockedDates_pk", ["consultantId", "date"])
      .execute();

    await db.schema
      .createTable("consultantExtraHours")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("consultantId", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("startTime", "text", (c) => c.notNull())
      .addColumn("endTime", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("consultantExtraHours_consultant_date")
      .on("consultantExtraHours")
      .columns(["consultantId", "date"])
      .execute();

    await db.schema
      .createTable("bookingSettings")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("bufferMinutes", "integer", (c) => c.notNull())
      .addColumn("minimumNoticeHours", "integer", (c) => c.notNull())
      .addColumn("horizonDays", "integer", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("bookings")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("consultantId", "text", (c) => c.notNull())
      .addColumn("startsAt", "text", (c) => c.notNull())
      .addColumn("endsAt", "text", (c) => c.notNull())
      .addColumn("visitorName", "text", (c) => c.notNull())
      .addColumn("visitorEmail", "text", (c) => c.notNull())
      .addColumn("visitorCompany", "text", (c) => c.notNull())
      .addColumn("visitorPhone", "text", (c) => c.notNull())
      /** The IANA zone the visitor saw the times in, for their mails. */
      .addColumn("visitorTimeZone", "text", (c) => c.notNull())
      /** booked, completed, no_show, cancelled. */
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("enquiryId", "text", (c) => c.notNull())
      .addColumn("icsUid", "text", (c) => c.notNull().unique())
      .addColumn("icsSequence", "integer", (c) => c.notNull())
      /** Raised on each move: the private link of an earlier confirmation stops working. */
      .addColumn("manageLinkVersion", "integer", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("bookings_startsAt")
      .on("bookings")
      .columns(["startsAt", "id"])
      .execute();
    await db.schema
      .createIndex("bookings_consultant_startsAt")
      .on("bookings")
      .columns(["consultantId", "startsAt"])
      .execute();
    await db.schema
      .createIndex("bookings_status_startsAt")
      .on("bookings")
      .columns(["status", "startsAt"])
      .execute();
    await db.schema.createIndex("bookings_enquiryId").on("bookings").column("enquiryId").execute();

    await db.schema
      .createTable("bookingCells")
      .addColumn("consultantId", "text", (c) => c.notNull())
      /** UTC ISO instant of the 5-minute cell's start. */
      .addColumn("cellStart", "text", (c) => c.notNull())
      .addColumn("bookingId", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("bookingCells_pk", ["consultantId", "cellStart"])
      .execute();
    await db.schema
      .createIndex("bookingCells_bookingId")
      .on("bookingCells")
      .column("bookingId")
      .execute();

    await db.schema
      .createTable("consultantDayLoads")
      .addColumn("consultantId", "text", (c) => c.notNull())
      /** IST calendar date "yyyy-MM-dd". */
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("booked", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("consultantDayLoads_pk", ["consultantId", "day"])
      .execute();

    await db.schema.alterTable("mailOutbox").addColumn("calendarEvent", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("mailOutbox").dropColumn("calendarEvent").execute();
    for (const table of [
      "consultantDayLoads",
      "bookingCells",
      "bookings",
      "bookingSettings",
      "consultantExtraHours",
      "consultantBlockedDates",
      "consultantWeeklyHours",
      "consultants",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
