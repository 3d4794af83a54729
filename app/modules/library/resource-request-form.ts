import { z } from "zod";

/*
 * The "Download Now" request form: name, e-mail and company. The schema is the only place where
 * the fields' limits and messages are written; the request page's loader passes its constraints
 * to the form (constraintsOf), the action parses with it. Plain data and types below are shared
 * with the page (a type import only: the page does not load zod).
 */

const requiredText = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `Must be at most ${max} characters`);

export const resourceRequestSchema = z.object({
  name: requiredText("Name", 160),
  email: z
    .string("Email is required")
    .trim()
    .min(1, "Email is required")
    .max(254, "Must be at most 254 characters")
    .pipe(z.email("Enter a valid email address")),
  company: requiredText("Company", 160),
});

export type ResourceRequestInput = z.output<typeof resourceRequestSchema>;
export type ResourceRequestField = keyof ResourceRequestInput;

/** What a visitor typed, as it is shown back to them. */
export type ResourceRequestValues = Record<ResourceRequestField, string>;

/** The fields of a posted request form, as typed. */
export function resourceRequestValuesFrom(form: FormData | URLSearchParams): ResourceRequestValues {
  const text = (name: ResourceRequestField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { name: text("name"), email: text("email"), company: text("company") };
}

export const RESOURCE_REQUEST_MESSAGES = {
  invalid: "Please correct the highlighted fields.",
  rateLimited:
    "We have received several requests from your network in a short time. Please wait a few minutes and try again.",
  expired: "This form was open for a long time. Please check your details and send it again.",
  confirm:
    "Your request was sent faster than people usually type, as automated programs do. Please confirm you are a person below and send it again; everything you typed is kept.",
  confirmPersonRequired: "Tick this box to confirm you are a person",
  failed:
    "Sorry, your request could not be sent. Please try again in a moment, or write to us by e-mail.",
} as const;

/** What the request page shows after a post. */
export type ResourceRequestResult =
  | {
      status: "success";
      /** The signed link (path and query): the download starts from it at once. */
      downloadHref: string;
      /** ISO time the link stops working. */
      expiresAt: string;
      /** The same, as the page and the e-mail say it: "30 Nov 2026, 3:45 pm IST". */
      validUntil: string;
      /** Where the link was e-mailed ("" when no mail was sent). */
      emailedTo: string;
    }
  | {
      /** "confirm": sent too fast; the visitor is asked to confirm they are a person. */
      status: "invalid" | "rate_limited" | "expired" | "confirm" | "error";
      formError: string;
      fieldErrors: Partial<Record<string, string>>;
      values: Record<string, string | boolean>;
      /** A fresh form token when the one sent was too old, or the person check's token. */
      formToken?: string;
    };
