import { z } from "zod";
import { phoneField } from "~/lib/phone-field";

import {
  COMPANY_SIZES,
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  INDUSTRIES,
  SERVICE_INTERESTS,
  TIMELINES,
} from "./enquiry-options";

export * from "./enquiry-options";

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (label: string, max: number) => text(max).min(1, `${label} is required`);
const optionalText = (max: number) => text(max).optional().default("");
/** An optional select: one of the options, or "" when nothing was picked. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) =>
  z
    .enum([...values, ""] as [...T, ""], message)
    .optional()
    .transform((value): T[number] | "" => value ?? "");

/** A checkbox: a boolean, or what an HTML form sends for it ("on", or nothing). */
const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "false", "1", "0", ""])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

export const enquiryInputSchema = z.object({
  firstName: requiredText("First name", 80),
  lastName: requiredText("Last name", 80),
  email: z
    .string("Email is required")
    .trim()
    .min(1, "Email is required")
    .max(254, "Must be at most 254 characters")
    .pipe(z.email("Enter a valid email address")),
  company: requiredText("Company", 160),
  title: optionalText(120),
  // Stored in the international format (+91 98765 43210); see app/lib/phone.ts.
  phone: phoneField({ max: 40 }),
  companySize: optionalChoice(COMPANY_SIZES, "Choose a company size from the list"),
  industry: optionalChoice(INDUSTRIES, "Choose an industry from the list"),
  service: optionalChoice(SERVICE_INTERESTS, "Choose a service from the list"),
  timeline: optionalChoice(TIMELINES, "Choose a timeline from the list"),
  message: optionalText(5000),
  newsletter: checkbox,
});

/** What the form sends. */
export type EnquiryFormInput = z.input<typeof enquiryInputSchema>;
/** A validated enquiry as createEnquiry takes it. */
export type EnquiryInput = z.output<typeof enquiryInputSchema>;

export const enquiryNoteSchema = z.object({
  body: requiredText("Note", 5000),
});

export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES, "Choose a status from the list");

/** A stored enquiry. */
export interface Enquiry {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  company: string;
  title: string;
  phone: string;
  companySize: string;
  industry: string;
  service: string;
  timeline: string;
  message: string;
  newsletter: boolean;
  submittedAt: string;
  status: EnquiryStatus;
  source: string;
  /** Why the spam defence held it back; null for an ordinary enquiry. */
  spamReason: string | null;
  updatedAt: string | null;
}

export interface EnquiryStatusChange {
  id: string;
  enquiryId: string;
  fromStatus: EnquiryStatus | null;
  toStatus: EnquiryStatus;
  changedBy: string | null;
  changedAt: string;
}

export interface EnquiryNote {
  id: string;
  enquiryId: string;
  authorId: string | null;
  body: string;
  createdAt: string;
}

/* Where an enquiry came from. */

/** The enquiry form's own source, and the default. */
export const CONTACT_FORM_SOURCE = "contact_form";

/**
 * `contact_form`, or the posting (`career:<id>`) or resource (`resource:<slug>`) the visitor came
 * from, the ids being slugs (lower-case letters, digits and hyphens).
 */
export const enquirySourceSchema = z
  .string()
  .trim()
  .regex(
    /^(?:contact_form|career:[a-z0-9][a-z0-9-]{0,99}|resource:[a-z0-9][a-z0-9-]{0,99})$/,
    "Unknown source",
  );

/** The source a form sent, or the contact form's when it sent none or one of the wrong shape. */
export function enquirySourceOf(value: unknown): string {
  const parsed = enquirySourceSchema.safeParse(value);
  return parsed.success ? parsed.data : CONTACT_FORM_SOURCE;
}
