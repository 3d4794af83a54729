import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { recordLeadSource } from "~/modules/attribution/lead-sources.server";
import { type PublicForm, submitPublicForm } from "~/modules/forms/public-form.server";
import { NEWSLETTER_RATE_LIMIT } from "~/modules/forms/spam-defence.server";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { recordFormConsents } from "~/modules/privacy/consent-ledger.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import {
  type NewsletterSubscribeInput,
  newsletterSubscribeSchema,
  type Subscriber,
} from "./newsletter.schema";
import { subscribe } from "./newsletter.server";
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_FIELDS,
  NEWSLETTER_MESSAGES,
  type NewsletterResult,
  type NewsletterStatus,
  safeReturnPath,
} from "./newsletter-form";
import { newsletterConfirmation } from "./newsletter-mails.server";

/** A pending address signing up again gets a new confirmation after this long. */
const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;

export interface SignUpContext {
  secret: string;
  clientAddress: string;
  mail: LeadMailOptions;
  now?: number;
  /** The visitor's lead-source cookie as sent (modules/attribution). */
  leadSourceCookie?: string;
}

export interface SignUpOutcome {
  result: NewsletterResult;
  httpStatus: number;
  queuedMail: boolean;
  /** What the visitor typed, to show it again with the message. */
  email: string;
}

const outcome = (
  status: NewsletterStatus,
  httpStatus: number,
  email: string,
  queuedMail = false,
  message = NEWSLETTER_MESSAGES[status],
): SignUpOutcome => ({ result: { status, message }, httpStatus, queuedMail, email });

/**
 * The stored source of a sign-up: the form (e.g. "footer") and the page it was on, e.g.
 * "footer:/resources". Unknown form names become "website".
 */
export function signUpSource(formSource: unknown, returnTo: unknown): string {
  const form =
    typeof formSource === "string" && /^[a-z][a-z0-9-]{0,39}$/.test(formSource)
      ? formSource
      : "website";
  const page = safeReturnPath(returnTo).split("?")[0];
  return `${form}:${page}`;
}

/** The newsletter form for the public form pipeline: the sign-up and its confirmation mail. */
function newsletterForm(
  source: string,
  context: SignUpContext,
  now: number,
): PublicForm<NewsletterSubscribeInput, { email: string }, Subscriber> {
  return {
    logAs: "newsletter_sign_up",
    schema: newsletterSubscribeSchema,
    valuesOf: (fields) => {
      const typed = fields.get(NEWSLETTER_FIELDS.email);
      return { email: typeof typed === "string" ? typed.slice(0, 300) : "" };
    },
    rateLimit: NEWSLETTER_RATE_LIMIT,
    // On every page, stored for every visitor: no token, only its honeypot and its limit.
    withoutToken: { honeypotField: NEWSLETTER_FIELDS.honeypot },
    async store(trx, input, { leadSource }) {
      const { subscriber } = await subscribe(trx, {
        email: input.email,
        source,
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: !context.mail.enabled,
      });
      await recordLeadSource(trx, { subscriberId: subscriber.id }, leadSource);
      await recordFormConsents(trx, {
        email: subscriber.email,
        form: "newsletter",
        record: { type: "subscriber", id: subscriber.id },
        boxes: [{ purpose: "newsletter", words: NEWSLETTER_CONSENT_TEXT }],
      });
      return { result: subscriber };
    },
    async mail(trx, subscriber) {
      if (subscriber.status !== "pending") return false;
      // One confirmation per address every few minutes, however often the form is sent.
      const recent = await trx
        .selectFrom("mailOutbox")
        .select("id")
        .where("relatedId", "=", subscriber.id)
        .where("kind", "=", "newsletter_confirmation")
        .where("createdAt", ">", new Date(now - CONFIRMATION_RESEND_MS).toISOString())
        .executeTakeFirst();
      if (recent) return false;
      const settings = await getGeneralSettings(trx);
      await enqueueMail(
        trx,
        await newsletterConfirmation(subscriber, { settings, baseUrl: context.mail.baseUrl }),
        new Date(now),
      );
      return true;
    },
  };
}

/**
 * Receives a newsletter form through the public form pipeline
 * (modules/forms/public-form.server.ts). With e-mail configured the address is stored as pending
 * and a confirmation mail is queued in the same transaction (double opt-in); without it the
 * address is subscribed at once. The answer does not say whether an address was already on the
 * list. A filled honeypot gets the ordinary answer and stores nothing.
 */
export async function signUpFromForm(
  db: DB,
  form: FormData | URLSearchParams,
  context: SignUpContext,
): Promise<SignUpOutcome> {
  const now = context.now ?? Date.now();
  const source = signUpSource(
    form.get(NEWSLETTER_FIELDS.source),
    form.get(NEWSLETTER_FIELDS.returnTo),
  );
  const submitted = await submitPublicForm(
    db,
    newsletterForm(source, context, now),
    { fields: form },
    {
      secret: context.secret,
      clientAddress: context.clientAddress,
      now,
      leadSourceCookie: context.leadSourceCookie,
    },
  );
  const { email } = submitted.values;
  const success: NewsletterStatus = context.mail.enabled ? "confirm_sent" : "subscribed";
  switch (submitted.kind) {
    case "invalid":
      return outcome("invalid", 400, email, false, submitted.errors.email);
    case "spam":
      logger.warn("newsletter_honeypot", {});
      return outcome(success, 200, "");
    case "refused":
      return outcome("rate_limited", 429, email);
    case "stored":
      return outcome(success, 200, "", submitted.queuedMail);
    case "failed":
      return outcome("error", 500, email);
  }
}
