import { z } from "zod";
import { CODE_LENGTH, REQUEST_KINDS, type StartField, type VerifyField } from "./request-fields";

/*
 * The forms of /privacy/requests and of the staff's request page (decision 0062). The schemas are
 * the only place where the fields' limits and messages are written; the public page passes
 * `constraintsOf` of them to its form (no zod in the browser).
 */

const email = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(254, "Must be at most 254 characters")
    .pipe(z.email("Enter a valid email address"));

/** Step 1: the address, what the person asks for, and what that kind of request needs. */
export const startRequestSchema = z
  .object({
    email: email("Email"),
    kind: z.enum(REQUEST_KINDS, "Choose what you would like us to do"),
    details: z.string().trim().max(4000, "Must be at most 4000 characters"),
    nomineeName: z.string().trim().max(160, "Must be at most 160 characters"),
    nomineeEmail: z.union([z.literal(""), email("Nominee's email")]),
  } satisfies Record<StartField, z.ZodType>)
  .superRefine((input, ctx) => {
    // A correction says what is wrong (Act s.12(2)); a nomination names someone (s.14).
    if (input.kind === "correct" && input.details === "") {
      ctx.addIssue({
        code: "custom",
        path: ["details"],
        message: "Tell us what is wrong and what it should say",
      });
    }
    if (input.kind === "nominate") {
      if (input.nomineeName === "") {
        ctx.addIssue({
          code: "custom",
          path: ["nomineeName"],
          message: "Nominee's name is required",
        });
      }
      if (input.nomineeEmail === "") {
        ctx.addIssue({
          code: "custom",
          path: ["nomineeEmail"],
          message: "Nominee's email is required",
        });
      }
    }
  });

export type StartRequestInput = z.output<typeof startRequestSchema>;

/** Step 2: the request the code was sent for, and the code. */
export const verifyRequestSchema = z.object({
  request: z.string().trim().min(1, "Please start again").max(80, "Please start again"),
  code: z
    .string("Enter the code from the e-mail")
    .trim()
    .regex(
      new RegExp(`^\\d{${CODE_LENGTH}}$`),
      `Enter the ${CODE_LENGTH}-digit code from the e-mail`,
    ),
} satisfies Record<VerifyField, z.ZodType>);

export type VerifyRequestInput = z.output<typeof verifyRequestSchema>;

/** Staff: a step of a request (start work, complete with a note, refuse with the reason, erase). */
export const REQUEST_STEP_INTENTS = ["start", "complete", "refuse", "erase"] as const;

export const requestStepSchema = z
  .object({
    intent: z.enum(REQUEST_STEP_INTENTS, "Choose a step"),
    outcome: z.string().trim().max(2000, "Must be at most 2000 characters"),
    confirm: z.boolean(),
  })
  .superRefine((input, ctx) => {
    // What was done, or why not, is sent to the person (Act s.12, s.13; Rules r.14).
    if (input.intent === "complete" && input.outcome === "") {
      ctx.addIssue({ code: "custom", path: ["outcome"], message: "Say what was done" });
    }
    if (input.intent === "refuse" && input.outcome === "") {
      ctx.addIssue({
        code: "custom",
        path: ["outcome"],
        message: "Give the reason (it is sent to the person)",
      });
    }
    if (input.intent === "erase" && !input.confirm) {
      ctx.addIssue({
        code: "custom",
        path: ["confirm"],
        message: "Tick the box to confirm the erasure",
      });
    }
  });

export type RequestStepInput = z.output<typeof requestStepSchema>;
