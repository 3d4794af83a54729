import { z } from "zod";
import { phoneField } from "~/lib/phone-field";
import { CONSENT_REQUIRED_MESSAGE, NOTICE_PERIODS } from "./application-fields";

export * from "./application-fields";

/*
 * The one schema of the job application form: the action parses every post with it, the page
 * reads its required marks and limits (constraintsOf) and the browser loads it on first use to
 * point out mistakes before the upload. The CV is a file and is checked apart (size while the
 * post streams in, type by its content): application-submission.server.ts.
 */

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (label: string, max: number) => text(max).min(1, `${label} is required`);

const PROFILE_URL_MESSAGE = "Enter a full web address starting with https://, or leave it empty";

export const applicationInputSchema = z.object({
  fullName: requiredText("Full name", 120),
  email: z
    .string("Email is required")
    .trim()
    .min(1, "Email is required")
    .max(254, "Must be at most 254 characters")
    .pipe(z.email("Enter a valid email address")),
  // Indian numbers as +91 98765 43210, others in their international form (app/lib/phone.ts).
  phone: phoneField({ max: 40, requiredMessage: "Phone number is required" }),
  location: requiredText("Current location", 120),
  noticePeriod: z.enum(NOTICE_PERIODS, "Choose your notice period from the list"),
  // Optional; only web addresses (a javascript: or file: link would be shown to staff).
  profileUrl: text(300).pipe(
    z.union([
      z.literal(""),
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: PROFILE_URL_MESSAGE }),
    ]),
  ),
  coverNote: requiredText("Cover note", 5000),
  consent: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true" || value === "1")
    .refine((value) => value, CONSENT_REQUIRED_MESSAGE),
  // Optional and separate (DPDP Act s.6(1), decision 0061): keep the CV for future roles.
  cvPool: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true" || value === "1"),
});

/** A validated application's fields, as the submission stores them. */
export type ApplicationInput = z.output<typeof applicationInputSchema>;
