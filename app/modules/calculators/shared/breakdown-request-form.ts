import { z } from "zod";
import type { BreakdownRequestField } from "./breakdown-request-fields";

/*
 * "E-mail me this breakdown": name, e-mail and company. The schema is the only place where the
 * fields' limits and messages are written; a calculator page passes `constraintsOf` of it to the
 * form (no zod in the browser), the action parses with it through the public form pipeline. The
 * calculator's own inputs travel beside these fields as the page's query string (`query`).
 */

const requiredText = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `Must be at most ${max} characters`);

export const breakdownRequestSchema = z.object({
  name: requiredText("Name", 160),
  email: z
    .string("Email is required")
    .trim()
    .min(1, "Email is required")
    .max(254, "Must be at most 254 characters")
    .pipe(z.email("Enter a valid email address")),
  company: requiredText("Company", 160),
  // The browser's list of fields (breakdown-request-fields.ts), no more and no fewer.
} satisfies Record<BreakdownRequestField, z.ZodType>);

export type BreakdownRequestInput = z.output<typeof breakdownRequestSchema>;
