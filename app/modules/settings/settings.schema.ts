import { z } from "zod";
import { formatPhone } from "~/lib/phone";
import { phoneField } from "~/lib/phone-field";
import { INDIAN_STATES, streetLinesOf } from "~/lib/postal-address";
import { whatsappField } from "~/lib/whatsapp-field";

/**
 * General site settings (settings document `general`). The brand name, e-mail, phone and the
 * partners' names are settings so that every page, e-mail and structured-data block takes them
 * from one place.
 */
/** The public Jitsi Meet service, used until staff name a server of their own (issue 25). */
export const DEFAULT_MEETING_SERVER = "https://meet.jit.si";

/** The Jitsi Meet server bookings' rooms are generated on: https, no query or fragment; empty for the public one. */
const meetingServerField = z
  .string()
  .trim()
  .max(200, "Must be at most 200 characters")
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return (
        url.protocol === "https:" && !url.username && !url.password && !url.search && !url.hash
      );
    } catch {
      return false;
    }
  }, "Enter the https address of a Jitsi Meet server, such as https://meet.jit.si")
  .transform((value) => (value === "" ? "" : new URL(value).toString().replace(/\/+$/, "")));

/** The activity log is kept at least a year (Rules r.8(3)), at most ten. */
export const MIN_ACTIVITY_LOG_DAYS = 365;
export const MAX_ACTIVITY_LOG_DAYS = 3650;
const ACTIVITY_DAYS_MESSAGE = `Enter a whole number of days from ${MIN_ACTIVITY_LOG_DAYS} to ${MAX_ACTIVITY_LOG_DAYS}: the law asks for at least one year`;

export const generalSettingsSchema = z.object({
  siteName: z
    .string()
    .trim()
    .min(1, "Site name is required")
    .max(80, "Must be at most 80 characters"),
  tagline: z.string().trim().max(160, "Must be at most 160 characters"),
  siteDescription: z.string().trim().max(500, "Must be at most 500 characters"),
  email: z.email("Enter a valid e-mail address").max(254),
  // Stored in the international format (+91 98765 43210); see app/lib/phone.ts.
  phone: phoneField({ max: 30, requiredMessage: "Phone is required" }),
  ceoName: z.string().trim().min(1, "CEO name is required").max(80),
  ctoName: z.string().trim().min(1, "CTO name is required").max(80),
  linkedinUrl: z.url("Enter a full URL").max(300),
  // The office address (footer, contact page, structured data); the country is India.
  officeStreet: z
    .string()
    .trim()
    .min(1, "Street address is required")
    .max(200, "Must be at most 200 characters")
    .refine((text) => streetLinesOf(text).length <= 3, "Use at most three lines"),
  officeCity: z.string().trim().min(1, "City is required").max(80, "Must be at most 80 characters"),
  officeState: z.enum(INDIAN_STATES, "Choose a state or union territory"),
  officePinCode: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, "Enter a 6-digit PIN code, such as 110001"),
  // A mobile number for click-to-chat on WhatsApp; empty means no WhatsApp links.
  whatsappNumber: whatsappField(),
  maintenanceMode: z.boolean(),
  analyticsEnabled: z.boolean(),
  // Where job applications are announced; empty means the contact e-mail (careersAddressOf).
  careersEmail: z.union([z.literal(""), z.email("Enter a valid e-mail address").max(254)]),
  // Issue 24: who the privacy policy names for personal-data requests and grievances (the DPDP
  // contact); empty means the contact e-mail (privacyAddressOf). Optional: stored settings from
  // before it read as empty.
  privacyEmail: z
    .union([z.literal(""), z.email("Enter a valid e-mail address").max(254)])
    .optional(),
  // Applications and their CVs are deleted this many months after they arrive.
  applicationRetentionMonths: z.coerce
    .number({ message: "Enter a whole number of months between 1 and 120" })
    .int("Enter a whole number of months between 1 and 120")
    .min(1, "Enter a whole number of months between 1 and 120")
    .max(120, "Enter a whole number of months between 1 and 120"),
  // Issue 27: the activity log is kept this many days, never less than a year (DPDP Rules 2025
  // r.6(1)(e) and r.8(3); decision 0063). Optional: stored settings from before read as the default.
  activityLogRetentionDays: z.coerce
    .number({ message: ACTIVITY_DAYS_MESSAGE })
    .int(ACTIVITY_DAYS_MESSAGE)
    .min(MIN_ACTIVITY_LOG_DAYS, ACTIVITY_DAYS_MESSAGE)
    .max(MAX_ACTIVITY_LOG_DAYS, ACTIVITY_DAYS_MESSAGE)
    .optional(),
  // Article views and resource downloads are shown publicly only from this count up.
  publicCountThreshold: z.coerce
    .number({ message: "Enter a whole number from 0 to 1000000" })
    .int("Enter a whole number from 0 to 1000000")
    .min(0, "Enter a whole number from 0 to 1000000")
    .max(1_000_000, "Enter a whole number from 0 to 1000000"),
  // Issue 25: where bookings without a consultant's own room meet. Optional: stored settings from
  // before it read as the public server (meetingServerOf).
  meetingServerUrl: meetingServerField.optional(),
});

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/**
 * The settings as they are read back. The phone of settings saved before phone numbers were
 * checked is shown in the international format when it is a number, and as it was otherwise (the
 * Settings form then asks for a valid one), instead of the whole document falling back to the
 * defaults and taking the site name and e-mail with it.
 */
export const storedGeneralSettingsSchema = generalSettingsSchema.extend({
  phone: z.string().max(200).transform(formatPhone),
  // Checked when it was saved; not checked again at every read, which would take the mobile
  // numbering plans onto every page request and drop the whole document if a plan changed.
  whatsappNumber: z.string().max(60),
});

/** The address the privacy policy gives for personal data: the privacy e-mail, else the contact e-mail. */
export const privacyAddressOf = (settings: Pick<GeneralSettings, "privacyEmail" | "email">) =>
  settings.privacyEmail || settings.email;

/** How many days the activity log keeps an entry: the setting, never under the legal minimum. */
export const activityLogDaysOf = (settings: Pick<GeneralSettings, "activityLogRetentionDays">) =>
  Math.max(settings.activityLogRetentionDays ?? MIN_ACTIVITY_LOG_DAYS, MIN_ACTIVITY_LOG_DAYS);

/** The Jitsi Meet server bookings' rooms are generated on: the one set, else the public one. */
export const meetingServerOf = (settings: Pick<GeneralSettings, "meetingServerUrl">) =>
  settings.meetingServerUrl || DEFAULT_MEETING_SERVER;

/** The address job applications are announced to: the careers e-mail, else the contact e-mail. */
export const careersAddressOf = (settings: Pick<GeneralSettings, "careersEmail" | "email">) =>
  settings.careersEmail || settings.email;
