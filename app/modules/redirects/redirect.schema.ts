import { z } from "zod";
import { isRedirectTarget, isSitePath, MAX_REDIRECT_LENGTH, sitePathOf } from "./redirect-paths";

/** The admin's redirect form (add and edit): one schema for the form and the action. */
export const redirectInputSchema = z
  .object({
    fromPath: z
      .string()
      .trim()
      .min(1, "Enter the old address, starting with /.")
      .max(MAX_REDIRECT_LENGTH, `Keep the old address under ${MAX_REDIRECT_LENGTH} characters.`)
      .refine(
        isSitePath,
        "The old address must be a path of this site, starting with / (e.g. /old-page).",
      )
      .transform(sitePathOf)
      .refine((path) => path !== "/", "The home page cannot be redirected."),
    toPath: z
      .string()
      .trim()
      .min(1, "Enter where it should go: a path starting with / or an https:// address.")
      .max(MAX_REDIRECT_LENGTH, `Keep the new address under ${MAX_REDIRECT_LENGTH} characters.`)
      .refine(
        isRedirectTarget,
        "The new address must be a path of this site starting with / or an https:// address.",
      ),
  })
  .refine((input) => sitePathOf(input.toPath) !== input.fromPath || !isSitePath(input.toPath), {
    message: "The new address must differ from the old one.",
    path: ["toPath"],
  });

export type RedirectInput = z.infer<typeof redirectInputSchema>;
