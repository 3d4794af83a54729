/*
 * What the browser needs of "E-mail me this breakdown": the fields' names, the consent words, the
 * messages and the result the page shows. No zod here: a public page must not load it
 * (CONTRIBUTING, "constraintsOf"); the schema is in breakdown-request-form.ts, for the server.
 */

export type BreakdownRequestField = "name" | "email" | "company";
export type BreakdownRequestValues = Record<BreakdownRequestField, string>;

/** The hidden field that carries the calculator's inputs (the page's query string). */
export const BREAKDOWN_QUERY_FIELD = "query";

/** The words above the button: what is done with the details. */
export const BREAKDOWN_CONSENT_WORDS =
  "We e-mail you this breakdown as a PDF, and keep your details to follow up on it, as our Privacy Policy explains.";

export function breakdownRequestValuesFrom(
  form: FormData | URLSearchParams,
): BreakdownRequestValues {
  const text = (name: BreakdownRequestField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { name: text("name"), email: text("email"), company: text("company") };
}

export const BREAKDOWN_REQUEST_MESSAGES = {
  invalid: "Please correct the highlighted fields.",
  inputs: "The calculator's figures need attention before the breakdown can be sent: see above.",
  rateLimited:
    "We have received several requests from your network in a short time. Please wait a few minutes and try again.",
  expired: "This form was open for a long time. Please check your details and send it again.",
  confirm:
    "Your request was sent faster than people usually type, as automated programs do. Please confirm you are a person below and send it again; everything you typed is kept.",
  confirmPersonRequired: "Tick this box to confirm you are a person",
  failed:
    "Sorry, your request could not be sent. Please try again in a moment, or write to us by e-mail.",
} as const;

/** What a calculator page shows after the e-mail form was posted. */
export type BreakdownRequestResult =
  | { status: "success"; emailedTo: string }
  | {
      status: "invalid" | "rate_limited" | "expired" | "confirm" | "error";
      formError: string;
      fieldErrors: Partial<Record<string, string>>;
      values: Record<string, string | boolean>;
      formToken?: string;
    };
