import { z } from "zod";
import { SERVICE_INTERESTS } from "~/modules/enquiries/enquiry-options";
import { type BookingSettings, CELL_MINUTES } from "./booking.schema";
import type { SlotSettings } from "./free-slots";

/*
 * Meeting types (decision 0050): what a visitor can book, each with its own length, buffers,
 * notice, window and daily cap, and the consultants who take it. The buffer after, the notice and
 * the window may be left empty, meaning "as the booking settings": the seeded free consultation
 * keeps behaving exactly as before meeting types existed. No server code: the admin form reads
 * the schema for its fields.
 */

export const DEFAULT_MEETING_TYPE_ID = "mtp_free_consultation";

export interface MeetingType {
  id: string;
  slug: string;
  title: string;
  description: string;
  lengthMinutes: number;
  bufferBeforeMinutes: number;
  /** Null: the booking settings' buffer. */
  bufferAfterMinutes: number | null;
  /** Null: the booking settings' minimum notice. */
  minimumNoticeHours: number | null;
  /** Null: the booking settings' window. */
  horizonDays: number | null;
  /** Bookings of this type per consultant and IST day; null: only the consultant's own limit. */
  dailyCap: number | null;
  /** Empty: free. */
  feeNote: string;
  active: boolean;
  sortOrder: number;
  /** Who takes it; empty: every bookable consultant. */
  consultantIds: string[];
}

/** The settings the free-slot computation runs with for a type. */
export function slotSettingsOf(type: MeetingType, settings: BookingSettings): SlotSettings {
  return {
    bufferMinutes: type.bufferAfterMinutes ?? settings.bufferMinutes,
    minimumNoticeHours: type.minimumNoticeHours ?? settings.minimumNoticeHours,
    horizonDays: type.horizonDays ?? settings.horizonDays,
    lengthMinutes: type.lengthMinutes,
    bufferBeforeMinutes: type.bufferBeforeMinutes,
    dailyCap: type.dailyCap,
    meetingTypeId: type.id,
  };
}

/** "30 minutes", "1 hour", "1 hour 30 minutes". */
export function lengthLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [];
  if (hours) parts.push(`${hours} hour${hours === 1 ? "" : "s"}`);
  if (rest || !hours) parts.push(`${rest} minutes`);
  return parts.join(" ");
}

/** A whole number from a form field. */
const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** An optional whole number: empty means "as the booking settings" (or no cap). */
const optionalWholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === "" || value === undefined || value === null ? null : value),
    wholeNumber(label, min, max).nullable(),
  );

const onTheGrid = (value: number | null) => value === null || value % CELL_MINUTES === 0;
const gridMessage = (label: string) => `${label} must be a multiple of ${CELL_MINUTES} minutes`;

const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "false", "1", "0", ""])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const meetingTypeSchema = z.object({
  title: z
    .string("Title is required")
    .trim()
    .min(1, "Title is required")
    .max(80, "Title must be at most 80 characters"),
  slug: z
    .string("Address is required")
    .trim()
    .min(1, "Address is required")
    .max(60, "Address must be at most 60 characters")
    .regex(
      SLUG_PATTERN,
      "Use lower-case letters, digits and single hyphens, such as strategy-call",
    ),
  description: z
    .string()
    .trim()
    .max(300, "Description must be at most 300 characters")
    .optional()
    .default(""),
  lengthMinutes: wholeNumber("Length", 15, 240).refine(
    (value) => value % CELL_MINUTES === 0,
    gridMessage("Length"),
  ),
  bufferBeforeMinutes: wholeNumber("Buffer before", 0, 120).refine(
    (value) => value % CELL_MINUTES === 0,
    gridMessage("Buffer before"),
  ),
  bufferAfterMinutes: optionalWholeNumber("Buffer after", 0, 120).refine(
    onTheGrid,
    gridMessage("Buffer after"),
  ),
  minimumNoticeHours: optionalWholeNumber("Minimum notice", 0, 336),
  horizonDays: optionalWholeNumber("Booking window", 1, 365),
  dailyCap: optionalWholeNumber("Daily cap", 1, 16),
  feeNote: z
    .string()
    .trim()
    .max(200, "Note on fees must be at most 200 characters")
    .optional()
    .default(""),
  active: checkbox,
  sortOrder: wholeNumber("Order", 0, 999),
  consultantIds: z
    .array(z.string().trim().min(1).max(100), "Choose consultants from the list")
    .max(100, "Choose at most 100 consultants")
    .optional()
    .default([]),
});
export type MeetingTypeInput = z.output<typeof meetingTypeSchema>;

/** The routing rules form: for each service interest, the consultants who cover it. */
export const ROUTING_SERVICES = SERVICE_INTERESTS.filter((service) => service !== "multiple");

export const routingRuleSchema = z.object({
  service: z.enum(ROUTING_SERVICES, "Choose a service from the list"),
  consultantIds: z
    .array(z.string().trim().min(1).max(100), "Choose consultants from the list")
    .max(100, "Choose at most 100 consultants")
    .optional()
    .default([]),
});
export type RoutingRuleInput = z.output<typeof routingRuleSchema>;
