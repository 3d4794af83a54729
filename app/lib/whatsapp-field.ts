import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { z } from "zod";
import { DEFAULT_PHONE_COUNTRY } from "./phone";

/*
 * The WhatsApp number setting: empty (WhatsApp is off) or a mobile number. Checked against the
 * library's "mobile" metadata, which knows which digits are mobile numbers in each country
 * (the default "min" set of phone.ts only checks lengths), so a landline such as 011 4000 0000 is
 * refused. Only the admin's Settings form loads it. Stored in the international format, like
 * every phone number (decision 0019).
 */

export const INVALID_WHATSAPP_MESSAGE =
  "Enter a mobile number for WhatsApp, such as 98765 43210 or +44 7700 900123, or leave it empty";

/** The stored form of a typed WhatsApp number, or undefined when it is not a mobile number. */
export function normaliseWhatsappNumber(text: string): string | undefined {
  const parsed = parsePhoneNumberFromString(text.trim(), {
    defaultCountry: DEFAULT_PHONE_COUNTRY,
    extract: false,
  });
  if (!parsed?.isValid() || parsed.ext) return undefined;
  const type = parsed.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE"
    ? parsed.formatInternational()
    : undefined;
}

export const whatsappField = () =>
  z
    .string()
    .trim()
    .max(30, "Must be at most 30 characters")
    .transform((text, ctx) => {
      if (text === "") return "";
      const number = normaliseWhatsappNumber(text);
      if (number !== undefined) return number;
      ctx.issues.push({ code: "custom", message: INVALID_WHATSAPP_MESSAGE, input: text });
      return z.NEVER;
    })
    .optional()
    .default("");
