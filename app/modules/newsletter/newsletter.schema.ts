import { z } from "zod";
import { constraintsOf } from "~/lib/form-constraints";

/**
 * pending: signed up, waiting for the e-mail confirmation; subscribed: confirmed (or confirmation
 * not required because e-mail is not configured); unsubscribed: left through the unsubscribe link.
 */
export const SUBSCRIBER_STATUSES = ["pending", "subscribed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending confirmation",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
};

/** The form an address is stored and compared in: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const newsletterEmailSchema = z
  .string("Email is required")
  .trim()
  .min(1, "Email is required")
  .max(254, "Must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"))
  .transform(normaliseEmail);

/** The newsletter sign-up forms (footer, resources page). */
export const newsletterSubscribeSchema = z.object({
  email: newsletterEmailSchema,
});

/** The sign-up forms' e-mail field: required mark and limit, for a loader to hand to the form. */
export const newsletterEmailConstraint = () => constraintsOf(newsletterSubscribeSchema).email ?? {};

export type NewsletterSubscribeInput = z.output<typeof newsletterSubscribeSchema>;

export interface Subscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  /** Where the address was given, e.g. "footer" or "resources". */
  source: string;
  /** The consent wording the visitor agreed to. */
  consentText: string;
  consentedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** The secret in confirmation and unsubscribe links. */
  token: string;
  createdAt: string;
  updatedAt: string;
}
