import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 25: meeting links (docs/decisions/0047-meeting-links.md).
 *
 * - `consultantMeetingRooms`: a consultant's own fixed room (Google Meet, Zoom, Teams), one per
 *   consultant. A table of its own rather than a column on `consultants`, so that a consultant
 *   without a room has no row and the consultants' queries stay as they are.
 * - `bookingMeetingRooms`: the secret a booking's generated Jitsi room name is derived from,
 *   written once and kept when the booking moves, so the room is the same in every mail, the
 *   .ics and the private page, across restarts and on every instance.
 */
export const meetingLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("consultantMeetingRooms")
      .addColumn("consultantId", "text", (c) => c.primaryKey())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("bookingMeetingRooms")
      .addColumn("bookingId", "text", (c) => c.primaryKey())
      .addColumn("roomSecret", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("bookingMeetingRooms").execute();
    await db.schema.dropTable("consultantMeetingRooms").execute();
  },
};
