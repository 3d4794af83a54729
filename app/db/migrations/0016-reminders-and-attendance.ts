import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 25: reminders before a consultation, the visitor's cut-off, and attendance
 * (docs/decisions/0046-reminders-and-attendance.md).
 *
 * - `bookingSettings.reminderMinutes`: the reminders' offsets before the meeting, in minutes,
 *   comma-separated ("1440,60"; empty for none). `visitorCutoffHours`: how long before the
 *   meeting the visitor's private link stops changing it.
 * - `bookingReminders`: one row per reminder claimed, primary key (bookingId, offsetMinutes,
 *   bookingVersion). The job inserts it in the transaction that queues the mail, so of two
 *   instances only one gets the row and sends; a move raises the booking's version (its
 *   `icsSequence`), so the new time gets reminders of its own and the old time's never go out.
 */
export const remindersAndAttendance: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("bookingSettings")
      .addColumn("reminderMinutes", "text", (c) => c.notNull().defaultTo("1440,60"))
      .execute();
    await db.schema
      .alterTable("bookingSettings")
      .addColumn("visitorCutoffHours", "integer", (c) => c.notNull().defaultTo(4))
      .execute();
    await db.schema
      .createTable("bookingReminders")
      .addColumn("bookingId", "text", (c) => c.notNull())
      .addColumn("offsetMinutes", "integer", (c) => c.notNull())
      .addColumn("bookingVersion", "integer", (c) => c.notNull())
      /** "sent", or "skipped" when a later reminder of the same booking went out instead. */
      .addColumn("outcome", "text", (c) => c.notNull())
      .addColumn("claimedAt", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("bookingReminders_pk", [
        "bookingId",
        "offsetMinutes",
        "bookingVersion",
      ])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("bookingReminders").execute();
    await db.schema.alterTable("bookingSettings").dropColumn("visitorCutoffHours").execute();
    await db.schema.alterTable("bookingSettings").dropColumn("reminderMinutes").execute();
  },
};
