import { z } from "zod";

/*
 * The staff forms of consultants' calendars (/admin/bookings/calendars), one schema each, read by
 * the page for its fields and by the action to parse. A CalDAV calendar and a secret address are
 * two forms, so neither shows fields the other needs.
 */

const id = (message: string) => z.string(message).trim().min(1, message).max(100);

const CALENDAR_ADDRESS = /^(https?|webcal):\/\//i;

/** An http(s) or webcal address with a host; the message names what was expected. */
const addressOf = (required: string, invalid: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(2000, "Use an address of at most 2,000 characters")
    .refine((value) => {
      if (!CALENDAR_ADDRESS.test(value)) return false;
      try {
        return new URL(value.replace(/^webcal:/i, "https:")).hostname.length > 0;
      } catch {
        return false;
      }
    }, invalid);

const label = z
  .string("Enter a name for this calendar")
  .trim()
  .min(1, "Enter a name for this calendar")
  .max(80, "Use a name of at most 80 characters");

const password = z
  .string("Enter the password")
  .min(1, "Enter the password")
  .max(500, "Use a password of at most 500 characters");

const secretAddress = addressOf(
  "Enter the calendar's secret address",
  "Enter the secret address as the calendar gives it, starting with https:// (or webcal://)",
);

export const caldavCalendarFormSchema = z.object({
  consultantId: id("Choose a consultant"),
  label,
  url: addressOf(
    "Enter the address of the CalDAV calendar",
    "Enter the calendar's address, starting with https://",
  ).refine(
    (value) => !/^webcal:/i.test(value),
    "Enter the calendar's address, starting with https://",
  ),
  username: z
    .string("Enter the user name")
    .trim()
    .min(1, "Enter the user name")
    .max(200, "Use a user name of at most 200 characters"),
  password,
  writeBookings: z.boolean().default(false),
});

export const icsCalendarFormSchema = z.object({
  consultantId: id("Choose a consultant"),
  label,
  secretAddress,
});

export const replacePasswordFormSchema = z.object({
  calendarId: id("This calendar no longer exists"),
  password,
});

export const replaceAddressFormSchema = z.object({
  calendarId: id("This calendar no longer exists"),
  secretAddress,
});

/** What staff see of a secret address: enough to tell two apart, not enough to read one. */
export function addressHint(secret: string): string {
  const url = new URL(secret.replace(/^webcal:/i, "https:"));
  return `${url.hostname} (secret address saved)`;
}
