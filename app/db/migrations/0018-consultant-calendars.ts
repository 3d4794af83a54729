import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes } from "../dialect.ts";

/*
 * Issue 25: consultants' own calendars (docs/decisions/0048-consultant-calendars.md).
 *
 * - `consultantCalendars`: a consultant's CalDAV collection or secret iCalendar address. What
 *   would let someone read the calendar (the CalDAV password, the whole secret address) is kept
 *   only in `secret`, encrypted; `label` and `address` are what staff may see. The sync state
 *   (last good sync, last error) and the lease that lets one instance at a time sync it live on
 *   the row, so every instance sees them.
 * - `consultantBusyIntervals`: the busy times the last good sync of a calendar found, as UTC
 *   instants; the free-slot computation leaves them out.
 * - `calendarBookingCopies`: the bookings written into a CalDAV calendar whose `writeBookings` is
 *   on, each with the booking's `icsSequence` when written (a move raises it: written again).
 */
export const consultantCalendars: Migration = {
  async up(db: Kysely<unknown>) {
    const { bool, dialect } = columnTypes(db);
    const no = dialect === "postgres" ? sql`false` : sql`0`;
    await db.schema
      .createTable("consultantCalendars")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("consultantId", "text", (c) =>
        c.notNull().references("consultants.id").onDelete("cascade"),
      )
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("username", "text", (c) => c.notNull())
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("writeBookings", bool, (c) => c.notNull().defaultTo(no))
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("lastAttemptAt", "text")
      .addColumn("lastSyncedAt", "text")
      .addColumn("lastError", "text")
      .addColumn("leaseOwner", "text")
      .addColumn("leaseUntil", "text")
      .execute();
    await db.schema
      .createIndex("consultantCalendars_consultant")
      .on("consultantCalendars")
      .column("consultantId")
      .execute();

    await db.schema
      .createTable("consultantBusyIntervals")
      .addColumn("calendarId", "text", (c) =>
        c.notNull().references("consultantCalendars.id").onDelete("cascade"),
      )
      .addColumn("consultantId", "text", (c) => c.notNull())
      .addColumn("startsAt", "text", (c) => c.notNull())
      .addColumn("endsAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("consultantBusyIntervals_consultant_startsAt")
      .on("consultantBusyIntervals")
      .columns(["consultantId", "startsAt"])
      .execute();
    await db.schema
      .createIndex("consultantBusyIntervals_calendar")
      .on("consultantBusyIntervals")
      .column("calendarId")
      .execute();

    await db.schema
      .createTable("calendarBookingCopies")
      .addColumn("calendarId", "text", (c) =>
        c.notNull().references("consultantCalendars.id").onDelete("cascade"),
      )
      .addColumn("bookingId", "text", (c) => c.notNull())
      .addColumn("sequence", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("calendarBookingCopies_pk", ["calendarId", "bookingId"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("calendarBookingCopies").execute();
    await db.schema.dropTable("consultantBusyIntervals").execute();
    await db.schema.dropTable("consultantCalendars").execute();
  },
};
