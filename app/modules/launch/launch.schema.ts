import { z } from "zod";
import { LAUNCH_ITEMS } from "./launch-items";

/** The launch checklist's form on the dashboard: dismiss an item, or send a test mail. */
export const launchActionSchema = z
  .object({
    intent: z.enum(["dismiss", "test-mail"], "Choose what to do"),
    // Empty when the test mail is asked for (the form posts every field of the schema).
    item: z.union([z.literal(""), z.enum(LAUNCH_ITEMS, "Choose an item of the launch checklist")]),
  })
  .superRefine((value, ctx) => {
    if (value.intent === "dismiss" && !value.item) {
      ctx.addIssue({
        code: "custom",
        path: ["item"],
        message: "Choose an item of the launch checklist",
      });
    }
  });

export type LaunchAction = z.output<typeof launchActionSchema>;
