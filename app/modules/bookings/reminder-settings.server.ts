import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { DEFAULT_BOOKING_SETTINGS } from "./booking.schema";
import {
  DEFAULT_REMINDER_SETTINGS,
  type ReminderSettings,
  reminderMinutesOf,
} from "./reminder-settings";

/*
 * Reading and saving the reminder settings (columns of the one `bookingSettings` row, migration
 * 0016). Stored in minutes; read back as the hours staff wrote.
 */

const SETTINGS_ID = "default";

export async function getReminderSettings(db: DB): Promise<ReminderSettings> {
  const row = await db
    .selectFrom("bookingSettings")
    .select(["reminderMinutes", "visitorCutoffHours"])
    .where("id", "=", SETTINGS_ID)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS };
  const hours = row.reminderMinutes
    .split(",")
    .map((part) => Number(part.trim()) / 60)
    .filter((value) => Number.isInteger(value) && value > 0);
  return {
    reminderHours: hours.join(", "),
    visitorCutoffHours: Number(row.visitorCutoffHours),
  };
}

/** Saves the reminders and the cut-off; saving the same values records nothing. */
export function updateReminderSettings(
  db: DB,
  actor: Actor,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  return runCommand(db, actor, async (trx) => {
    const before = await getReminderSettings(trx);
    const stored = {
      reminderMinutes: reminderMinutesOf(settings).join(","),
      visitorCutoffHours: settings.visitorCutoffHours,
      updatedAt: nowIso(),
    };
    await trx
      .insertInto("bookingSettings")
      .values({ id: SETTINGS_ID, ...DEFAULT_BOOKING_SETTINGS, ...stored })
      .onConflict((oc) => oc.column("id").doUpdateSet(stored))
      .execute();
    const after = await getReminderSettings(trx);
    if (
      before.reminderHours === after.reminderHours &&
      before.visitorCutoffHours === after.visitorCutoffHours
    ) {
      return { result: after };
    }
    const reminders = after.reminderHours ? `${after.reminderHours} hours before` : "none";
    return {
      result: after,
      audit: {
        action: "update",
        entityType: "settings",
        entityId: "bookings",
        summary: `Updated the reminders (${reminders}) and the visitor's cut-off (${after.visitorCutoffHours} h before)`,
      },
    };
  });
}
