import type { z } from "zod";

/*
 * The one mapping of a failed parse to the messages a form shows, one per field: used by every
 * form's server side (app/web/parse-form.ts for staff forms, modules/forms/public-form.server.ts
 * for visitor forms) and by the browser's early checks (the enquiry and application forms).
 */

/** `{ field: first message }` from a failed parse, for per-field messages in forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
