/*
 * What the newsletter forms and the code that receives them agree on. No server code here: the
 * form (browser) and the routes (server) both import it, and it stays small because the form is
 * on every public page.
 */

export const NEWSLETTER_PATH = "/newsletter";
/** The pages the confirmation mail links to; opening one shows a button, its POST acts. */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";
export const NEWSLETTER_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";
/** Where the form posts when JavaScript runs (a JSON answer, shown in place). */
export const NEWSLETTER_API_PATH = "/api/newsletter";

/** Hidden fields: which form, the page it is on (to go back to without JavaScript), a honeypot. */
export const NEWSLETTER_FIELDS = {
  email: "email",
  source: "source",
  returnTo: "returnTo",
  formId: "formId",
  honeypot: "hp_website",
} as const;

/**
 * The words under every sign-up form, beside a link to the privacy notice in force: what the
 * visitor agrees to by subscribing, kept in the consent ledger as the words shown (DPDP Act s.6,
 * decision 0061) and on the subscriber's record.
 */
export const NEWSLETTER_CONSENT_TEXT =
  "Send me the newsletter by e-mail. No spam. Unsubscribe anytime.";

/** Query parameters a post without JavaScript comes back with, so the form shows the result. */
export const RESULT_PARAM = "newsletter";
export const FORM_PARAM = "newsletterForm";

export const NEWSLETTER_STATUSES = [
  "confirm_sent",
  "subscribed",
  "invalid",
  "rate_limited",
  "error",
] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const NEWSLETTER_MESSAGES: Record<NewsletterStatus, string> = {
  confirm_sent:
    "Thank you! Please check your inbox and click the link in our e-mail to confirm your subscription.",
  subscribed: "Thank you for subscribing!",
  invalid: "Enter a valid email address",
  rate_limited: "Too many sign-ups from your network. Please try again in a few minutes.",
  error: "Sorry, we could not subscribe you right now. Please try again later.",
};

export const isNewsletterStatus = (value: unknown): value is NewsletterStatus =>
  typeof value === "string" && (NEWSLETTER_STATUSES as readonly string[]).includes(value);

export const isSuccess = (status: NewsletterStatus) =>
  status === "confirm_sent" || status === "subscribed";

export interface NewsletterResult {
  status: NewsletterStatus;
  message: string;
}

/** A same-site path to return to ("/" for anything else), with our result parameters removed. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !/^\/(?![/\\])/.test(value) || value.length > 500) return "/";
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return "/";
    url.searchParams.delete(RESULT_PARAM);
    url.searchParams.delete(FORM_PARAM);
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}

/** A form id usable as an element id and a URL fragment. */
export const safeFormId = (value: unknown): string | undefined =>
  typeof value === "string" && /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(value) ? value : undefined;
