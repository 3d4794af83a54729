import { z } from "zod";
import { istLocalToUtc } from "./ist";

/*
 * The one schema of the "Schedule" form (issue 29): publish or unpublish at a date and time typed
 * in IST. The time must be valid and still to come when the form is sent.
 */
export const scheduleInputSchema = z.object({
  action: z.enum(["publish", "unpublish"], { error: "Choose publish or unpublish" }),
  runAt: z
    .string()
    .trim()
    .min(1, { error: "Date and time are required", abort: true })
    .refine((value) => istLocalToUtc(value) !== undefined, {
      error: "Enter a real date and time in IST (e.g. 2026-12-01 09:30)",
      abort: true,
    })
    .refine(
      (value) => Date.parse(istLocalToUtc(value) as string) > Date.now(),
      "Choose a time still to come (IST)",
    ),
});

export type ScheduleInput = z.output<typeof scheduleInputSchema>;
