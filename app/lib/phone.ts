import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";

/*
 * Phone numbers, one rule for every form and one look wherever they are shown (decision 0019).
 * Numbers are checked with libphonenumber-js (Google's libphonenumber metadata, the library's
 * default "min" set: a number is valid when its country code, leading digits and length fit).
 * A number written without a country code is read as an Indian one, the firm's country:
 * `98765 43210` and `09876543210` are both `+91 98765 43210`. Stored and shown in the
 * international format, whose digits are the E.164 number (`tel:` links: phone-link.ts).
 */

/** The country of a number written without `+` and a country code. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "IN";

/** The number in `text` if the whole text is one valid phone number (nothing else around it). */
function parsePhone(text: string) {
  const parsed = parsePhoneNumberFromString(text.trim(), {
    defaultCountry: DEFAULT_PHONE_COUNTRY,
    // The whole input must be the number: "call me on 98765 43210" is not a phone number.
    extract: false,
  });
  return parsed?.isValid() ? parsed : undefined;
}

/**
 * The stored form of a typed phone number: its international format (`+91 98765 43210`,
 * `+44 20 7946 0958`, an extension as `+91 11 4000 0000 ext. 12`), or undefined when the text is
 * not one valid phone number.
 */
export function normalisePhone(text: string): string | undefined {
  return parsePhone(text)?.formatInternational();
}

/**
 * A stored phone number as it is shown: the international format whatever shape it was stored
 * in (rows saved before numbers were checked), or the text as it is when it is not a valid
 * number, so that nothing anyone wrote is lost or hidden.
 */
export function formatPhone(stored: string): string {
  return normalisePhone(stored) ?? stored.trim();
}
