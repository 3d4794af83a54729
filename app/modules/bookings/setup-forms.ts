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
 * booking.schema.ts; only the weekly hours need a form of their own: two rows per weekday (the
 * second for a split day), both times of a row left empty for no hours.
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

/** Each weekday has two rows of hours: the second is for a split day (a lunch break). */
export const INTERVALS_PER_DAY = [1, 2] as const;
type IntervalNumber = (typeof INTERVALS_PER_DAY)[number];

/** Field names: "start-1"/"end-1" for Monday's first hours, "start-1-2"/"end-1-2" for its second. */
export const startField = (weekday: number, interval: IntervalNumber = 1) =>
  interval === 1 ? `start-${weekday}` : `start-${weekday}-${interval}`;
export const endField = (weekday: number, interval: IntervalNumber = 1) =>
  interval === 1 ? `end-${weekday}` : `end-${weekday}-${interval}`;

const optionalTime = z.string().trim().max(5).optional().default("");

const HOURS_FIELDS = WEEKDAYS.flatMap((weekday) =>
  INTERVALS_PER_DAY.flatMap((interval) => [
    startField(weekday, interval),
    endField(weekday, interval),
  ]),
);

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const weekHoursFormSchema = z
  .object(
    Object.fromEntries(HOURS_FIELDS.map((field) => [field, optionalTime])) as Record<
      string,
      typeof optionalTime
    >,
  )
  .superRefine((values, context) => {
    for (const weekday of WEEKDAYS) {
      const day = WEEKDAY_LABELS[weekday - 1];
      const valid: Array<{ start: string; end: string; interval: IntervalNumber }> = [];
      for (const interval of INTERVALS_PER_DAY) {
        const start = values[startField(weekday, interval)] ?? "";
        const end = values[endField(weekday, interval)] ?? "";
        if (!start && !end) continue;
        const checked = weeklyHoursSchema.safeParse({ weekday, start, end });
        if (checked.success) {
          valid.push({ start, end, interval });
          continue;
        }
        for (const issue of checked.error.issues) {
          const field =
            issue.path[0] === "end" ? endField(weekday, interval) : startField(weekday, interval);
          context.addIssue({ code: "custom", message: `${day}: ${issue.message}`, path: [field] });
        }
      }
      const [first, second] = valid;
      const overlap =
        first &&
        second &&
        minutes(first.start) < minutes(second.end) &&
        minutes(second.start) < minutes(first.end);
      if (overlap) {
        context.addIssue({
          code: "custom",
          message: `${day}: the second hours overlap the first`,
          path: [startField(weekday, second.interval)],
        });
      }
    }
  });

/** The week a valid weekly hours form describes (rows left empty have no hours). */
export function weekFromForm(values: Record<string, string>): WeeklyHours[] {
  return WEEKDAYS.flatMap((weekday) =>
    INTERVALS_PER_DAY.flatMap((interval) => {
      const start = values[startField(weekday, interval)] ?? "";
      const end = values[endField(weekday, interval)] ?? "";
      return start && end ? [{ weekday, start, end }] : [];
    }).sort((a, b) => minutes(a.start) - minutes(b.start)),
  );
}

/** The form's values for a stored week (a day's hours in time order, two rows at most). */
export function formFromWeek(hours: WeeklyHours[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const weekday of WEEKDAYS) {
    const ofDay = hours
      .filter((h) => h.weekday === weekday)
      .sort((a, b) => minutes(a.start) - minutes(b.start));
    for (const interval of INTERVALS_PER_DAY) {
      values[startField(weekday, interval)] = ofDay[interval - 1]?.start ?? "";
      values[endField(weekday, interval)] = ofDay[interval - 1]?.end ?? "";
    }
  }
  return values;
}
