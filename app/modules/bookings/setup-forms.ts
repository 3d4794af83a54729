import { z } from "zod";
import {
  blockedDateSchema,
  bookingSettingsSchema,
  consultantSchema,
  extraHoursSchema,
  WEEKDAY_LABELS,
  type WeeklyHours,
  weeklyHoursSchema,
} from "./booking.schema";

/*
 * The staff's consultant setup forms (/admin/bookings/availability), one schema each, read by
 * the page for its fields and by the action to parse (parseForm). They are the rules of
 * booking.schema.ts; only the weekly hours need a form of their own: one row per weekday
 * ("start-1", "end-1" … "start-7", "end-7"), both left empty for a day off.
 */

const id = (message: string) => z.string(message).trim().min(1, message).max(100);

export const addConsultantFormSchema = consultantSchema.extend({
  userId: id("Choose a staff member"),
});

export const consultantDetailsFormSchema = consultantSchema;

export const blockDateFormSchema = blockedDateSchema;

export const extraHoursFormSchema = extraHoursSchema;

export const bookingSettingsFormSchema = bookingSettingsSchema;

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const startField = (weekday: number) => `start-${weekday}`;
export const endField = (weekday: number) => `end-${weekday}`;

const optionalTime = z.string().trim().max(5).optional().default("");

export const weekHoursFormSchema = z
  .object(
    Object.fromEntries(
      WEEKDAYS.flatMap((weekday) => [
        [startField(weekday), optionalTime],
        [endField(weekday), optionalTime],
      ]),
    ) as Record<string, typeof optionalTime>,
  )
  .superRefine((values, context) => {
    for (const weekday of WEEKDAYS) {
      const start = values[startField(weekday)] ?? "";
      const end = values[endField(weekday)] ?? "";
      if (!start && !end) continue;
      const day = WEEKDAY_LABELS[weekday - 1];
      const checked = weeklyHoursSchema.safeParse({ weekday, start, end });
      if (checked.success) continue;
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === "end" ? endField(weekday) : startField(weekday);
        context.addIssue({ code: "custom", message: `${day}: ${issue.message}`, path: [field] });
      }
    }
  });

/** The week a valid weekly hours form describes (days left empty have no hours). */
export function weekFromForm(values: Record<string, string>): WeeklyHours[] {
  return WEEKDAYS.flatMap((weekday) => {
    const start = values[startField(weekday)] ?? "";
    const end = values[endField(weekday)] ?? "";
    return start && end ? [{ weekday, start, end }] : [];
  });
}

/** The form's values for a stored week (the first interval of each day). */
export function formFromWeek(hours: WeeklyHours[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const weekday of WEEKDAYS) {
    const interval = hours.find((h) => h.weekday === weekday);
    values[startField(weekday)] = interval?.start ?? "";
    values[endField(weekday)] = interval?.end ?? "";
  }
  return values;
}
