import { z } from "zod";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { minutesOfDay, timeZoneOr } from "./booking-time";
import { CHOOSE_TIME_MESSAGE } from "./picker-days";
import { WEEKDAY_LABELS } from "./weekdays";

/*
 * The booking forms' rules, shared by forms and actions: the visitor's booking (the enquiry's
 * fields, a slot and the zone they saw it in), staff moves and outcomes, and the consultant
 * setup (weekly hours, blocked dates, extra hours, the booking settings). Times of day are IST
 * wall-clock "HH:mm" on a 5-minute grid, the grid of the cells that guard against double
 * booking (decision 0030).
 */

/** The consultation's length; fixed by the firm's promise ("a free 30-minute consultation"). */
export const SLOT_MINUTES = 30;
/** The grid of occupied cells (bookingCells); every slot start and buffer is a multiple of it. */
export const CELL_MINUTES = 5;

export { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from "./booking-statuses";

export { WEEKDAY_LABELS };

/** The defaults a fresh install books with (issue 15). */
export const DEFAULT_BOOKING_SETTINGS = {
  bufferMinutes: 15,
  minimumNoticeHours: 12,
  horizonDays: 30,
} as const;
export const DEFAULT_DAILY_LIMIT = 8;
/** The first admin's hours: weekdays 10:00-18:00 IST. */
export const FIRST_CONSULTANT_HOURS = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  start: "10:00",
  end: "18:00",
}));

/** A whole number from a form field (text) or from code (number). */
const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const timeOfDay = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .regex(TIME_PATTERN, `${label} must be a time such as 09:30`)
    .refine(
      // Zod runs every check even after the pattern failed: only a real time is on the grid or not.
      (value) => !TIME_PATTERN.test(value) || minutesOfDay(value) % CELL_MINUTES === 0,
      `${label} must be on a ${CELL_MINUTES}-minute mark`,
    );

const calendarDate = z
  .string("Date is required")
  .trim()
  .min(1, "Date is required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date such as 2026-03-02")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "Enter a real calendar date");

/** An interval of one day: its end at least a slot after its start. */
const interval = { start: timeOfDay("Start time"), end: timeOfDay("End time") };
/** Only compared when both are times (a malformed one has its own message already). */
const endsAfterStart = (value: { start: string; end: string }) =>
  !TIME_PATTERN.test(value.start) ||
  !TIME_PATTERN.test(value.end) ||
  minutesOfDay(value.end) >= minutesOfDay(value.start) + SLOT_MINUTES;
const END_AFTER_START = {
  message: `End time must be at least ${SLOT_MINUTES} minutes after the start time`,
  path: ["end"],
};

export const weeklyHoursSchema = z
  .object({ weekday: wholeNumber("Weekday", 1, 7), ...interval })
  .refine(endsAfterStart, END_AFTER_START);
export type WeeklyHours = z.output<typeof weeklyHoursSchema>;

/** A consultant's whole week, replacing what was set; intervals of one day may not overlap. */
export const weekScheduleSchema = z
  .array(weeklyHoursSchema)
  .max(50, "At most 50 intervals")
  .superRefine((hours, context) => {
    hours.forEach((interval, index) => {
      const clash = hours.some(
        (other, otherIndex) =>
          otherIndex < index &&
          other.weekday === interval.weekday &&
          minutesOfDay(other.start) < minutesOfDay(interval.end) &&
          minutesOfDay(interval.start) < minutesOfDay(other.end),
      );
      if (clash) {
        context.addIssue({
          code: "custom",
          message: `Overlaps other hours on ${WEEKDAY_LABELS[interval.weekday - 1]}`,
          path: [index, "start"],
        });
      }
    });
  });

export const blockedDateSchema = z.object({
  date: calendarDate,
  note: z.string().trim().max(200, "Must be at most 200 characters").optional().default(""),
});
export type BlockedDateInput = z.output<typeof blockedDateSchema>;

export const extraHoursSchema = z
  .object({ date: calendarDate, ...interval })
  .refine(endsAfterStart, END_AFTER_START);
export type ExtraHoursInput = z.output<typeof extraHoursSchema>;

export const bookingSettingsSchema = z.object({
  bufferMinutes: wholeNumber("Buffer", 0, 120).refine(
    (value) => value % CELL_MINUTES === 0,
    `Buffer must be a multiple of ${CELL_MINUTES} minutes`,
  ),
  minimumNoticeHours: wholeNumber("Minimum notice", 0, 336),
  horizonDays: wholeNumber("Booking window", 1, 365),
});
export type BookingSettings = z.output<typeof bookingSettingsSchema>;

/** A checkbox: a boolean, or what an HTML form sends for it. */
const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "false", "1", "0", ""])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

export const consultantSchema = z.object({
  displayName: z
    .string("Display name is required")
    .trim()
    .min(1, "Display name is required")
    .max(80, "Must be at most 80 characters"),
  dailyLimit: wholeNumber("Daily limit", 1, 16),
  active: checkbox,
});
export type ConsultantInput = z.output<typeof consultantSchema>;

/** A UTC instant as the slot pickers send it (a slot's `startsAt`). */
const instant = z
  .string(CHOOSE_TIME_MESSAGE)
  .trim()
  .min(1, CHOOSE_TIME_MESSAGE)
  .pipe(z.iso.datetime({ offset: true, message: "Choose a time from the list" }))
  .transform((value) => new Date(value).toISOString());

const visitorTimeZone = z
  .string()
  .trim()
  .optional()
  .transform((value) => timeZoneOr(value));

/** The meeting type's slug the visitor booked on (/book?type=…); empty: the free consultation. */
const meetingTypeSlug = z.string().trim().max(60, "Choose a meeting type from the list").optional();

/** The visitor's booking: the enquiry form's fields, the slot, their zone and the type. */
export const bookingRequestSchema = enquiryInputSchema.extend({
  startsAt: instant,
  timeZone: visitorTimeZone,
  meetingType: meetingTypeSlug,
});
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** Moving a booking: the new slot (and, for staff, optionally another consultant). */
export const moveBookingSchema = z.object({
  startsAt: instant,
  consultantId: z.string().trim().max(100).optional(),
});
export type MoveBookingInput = z.output<typeof moveBookingSchema>;

export const bookingOutcomeSchema = z.enum(["completed", "no_show"], "Choose an outcome");
export type BookingOutcome = z.output<typeof bookingOutcomeSchema>;
