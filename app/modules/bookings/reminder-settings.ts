import { z } from "zod";

/*
 * The reminders' and the visitor's cut-off settings (issue 25, decision 0046), one form on the
 * bookings setup page. Reminders are written in hours before the meeting ("24, 1") and stored in
 * minutes, so a finer offset can come later without a migration.
 */

export const DEFAULT_REMINDER_HOURS = [24, 1] as const;
export const DEFAULT_VISITOR_CUTOFF_HOURS = 4;
export const MAX_REMINDERS = 3;
/** A week: a reminder further ahead is not a reminder. */
export const MAX_REMINDER_HOURS = 168;

export interface ReminderSettings {
  /** Hours before the meeting, largest first, as staff write them: "24, 1" ("" for none). */
  reminderHours: string;
  visitorCutoffHours: number;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  reminderHours: DEFAULT_REMINDER_HOURS.join(", "),
  visitorCutoffHours: DEFAULT_VISITOR_CUTOFF_HOURS,
};

const REMINDER_MESSAGE = `Reminders must be whole hours from 1 to ${MAX_REMINDER_HOURS}, separated by commas, such as 24, 1`;

/** "24, 1" → [24, 1]; undefined when any part is not a whole number of hours in range. */
export function hoursOf(text: string): number[] | undefined {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const hours = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  if (hours.some((value) => !(value >= 1 && value <= MAX_REMINDER_HOURS))) return undefined;
  return [...new Set(hours)].sort((a, b) => b - a);
}

export const reminderSettingsSchema = z.object({
  reminderHours: z
    .string(REMINDER_MESSAGE)
    .trim()
    .max(40, "Must be at most 40 characters")
    .refine((text) => hoursOf(text) !== undefined, REMINDER_MESSAGE)
    .refine(
      (text) => (hoursOf(text) ?? []).length <= MAX_REMINDERS,
      `At most ${MAX_REMINDERS} reminders`,
    )
    .transform((text) => (hoursOf(text) ?? []).join(", ")),
  visitorCutoffHours: z.coerce
    .number("Cut-off must be a number")
    .int("Cut-off must be a whole number")
    .min(0, "Cut-off must be at least 0")
    .max(MAX_REMINDER_HOURS, `Cut-off must be at most ${MAX_REMINDER_HOURS}`),
});

/** The offsets the reminder job works with, in minutes before the meeting, largest first. */
export const reminderMinutesOf = (settings: Pick<ReminderSettings, "reminderHours">) =>
  (hoursOf(settings.reminderHours) ?? []).map((hours) => hours * 60);

/** True once the visitor's private link may no longer change the booking (the cut-off passed). */
export const pastCutoff = (
  booking: { startsAt: string },
  settings: Pick<ReminderSettings, "visitorCutoffHours">,
  now: Date,
) => Date.parse(booking.startsAt) - settings.visitorCutoffHours * 3_600_000 <= now.getTime();
