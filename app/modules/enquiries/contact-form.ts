import type { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";

/*
 * What the enquiry form and the code that receives it agree on: field names, the hidden fields
 * of the spam defence, the messages, and the shape of a result. No server code here: the form
 * (browser) and the action (server) both import it.
 */

/** The visible fields, in the form's order. */
export const ENQUIRY_TEXT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "company",
  "title",
  "phone",
  "companySize",
  "industry",
  "service",
  "timeline",
  "message",
] as const;
export type EnquiryTextField = (typeof ENQUIRY_TEXT_FIELDS)[number];
export type EnquiryField = EnquiryTextField | "newsletter";

/** `career:<id>` or `resource:<slug>` when the visitor came from a posting or a resource. */
export const SOURCE_FIELD = "source";

/** The newsletter checkbox's label, which is also the consent text stored with the sign-up. */
export const ENQUIRY_NEWSLETTER_LABEL =
  "Subscribe to our newsletter for insights on compensation and benefits";

export const CONTACT_MESSAGES = {
  invalid: "Please correct the highlighted fields.",
  rateLimited:
    "We have received several enquiries from your network in a short time. Please wait a few minutes and send your enquiry again.",
  expired: "This form was open for a long time. Please check your details and send it again.",
  confirm:
    "Your enquiry was sent faster than people usually type, as automated programs do. Please confirm you are a person below and send it again; everything you typed is kept.",
  confirmPersonRequired: "Tick this box to confirm you are a person",
  failed:
    "Sorry, your enquiry could not be sent. Please try again in a moment, or write to us by e-mail.",
  offline:
    "Sorry, your enquiry could not be sent. Please check your internet connection and try again.",
} as const;

/** What a visitor typed, as it is shown back to them (text as typed, checkbox as ticked). */
export type EnquiryFormValues = Record<EnquiryTextField, string> & { newsletter: boolean };

export type ContactFieldErrors = Partial<Record<EnquiryField | typeof PERSON_CHECK_FIELD, string>>;

export type ContactResult =
  | { status: "success" }
  | {
      /** "confirm": sent too fast; the visitor is asked to confirm they are a person. */
      status: "invalid" | "rate_limited" | "expired" | "confirm" | "error";
      formError: string;
      fieldErrors: ContactFieldErrors;
      values: EnquiryFormValues;
      /** A fresh form token when the one sent was too old, or the person check's token. */
      formToken?: string;
    };

export const EMPTY_VALUES: EnquiryFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  title: "",
  phone: "",
  companySize: "",
  industry: "",
  service: "",
  timeline: "",
  message: "",
  newsletter: false,
};

/** Longest text kept from any field when it is shown back (the schema's limits are lower). */
const ECHO_LIMIT = 10_000;

/** The visible fields of a submitted form, as typed. */
export function valuesFromForm(form: FormData | URLSearchParams): EnquiryFormValues {
  const values = { ...EMPTY_VALUES };
  for (const field of ENQUIRY_TEXT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.slice(0, ECHO_LIMIT) : "";
  }
  const newsletter = form.get("newsletter");
  values.newsletter = newsletter === "on" || newsletter === "true" || newsletter === "1";
  return values;
}

/** A result that came back from the server, checked before it is trusted by the form. */
export function asContactResult(value: unknown): ContactResult | undefined {
  if (!value || typeof value !== "object") return undefined;
  const status = (value as { status?: unknown }).status;
  if (status === "success") return { status };
  if (
    status === "invalid" ||
    status === "rate_limited" ||
    status === "expired" ||
    status === "confirm" ||
    status === "error"
  ) {
    const candidate = value as Partial<Extract<ContactResult, { formError: string }>>;
    return {
      status,
      formError: typeof candidate.formError === "string" ? candidate.formError : "",
      fieldErrors:
        candidate.fieldErrors && typeof candidate.fieldErrors === "object"
          ? candidate.fieldErrors
          : {},
      values: { ...EMPTY_VALUES, ...(candidate.values ?? {}) },
      formToken: typeof candidate.formToken === "string" ? candidate.formToken : undefined,
    };
  }
  return undefined;
}
