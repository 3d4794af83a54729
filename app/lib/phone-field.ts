import { z } from "zod";
import { normalisePhone } from "./phone";

/*
 * The phone field of every form (enquiries, settings, any later one): the typed text is checked
 * and stored in the international format (phone.ts, decision 0019). No pattern for the browser:
 * people write numbers in many shapes (spaces, dashes, brackets, a leading 0 or +91), and the
 * server's check with the phone library is the one that knows which are numbers.
 */

/** The message under a phone field whose text is not a phone number. */
export const INVALID_PHONE_MESSAGE =
  "Enter a valid phone number, such as 98765 43210 or +44 20 7946 0958";

/**
 * A phone number field: optional (empty gives "") unless `requiredMessage` is given; at most
 * `max` characters as typed; the output is the number in the international format.
 */
export function phoneField(options: { max: number; requiredMessage?: string }) {
  const typed = z.string().trim().max(options.max, `Must be at most ${options.max} characters`);
  const checked = (
    options.requiredMessage ? typed.min(1, options.requiredMessage) : typed
  ).transform((text, ctx) => {
    if (text === "") return "";
    const number = normalisePhone(text);
    if (number !== undefined) return number;
    ctx.issues.push({ code: "custom", message: INVALID_PHONE_MESSAGE, input: text });
    return z.NEVER;
  });
  return options.requiredMessage ? checked : checked.optional().default("");
}
