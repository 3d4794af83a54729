import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { recordLeadSource } from "~/modules/attribution/lead-sources.server";
import { type PublicForm, submitPublicForm } from "~/modules/forms/public-form.server";
import { ENQUIRY_RATE_LIMIT } from "~/modules/forms/spam-defence.server";
import { type SpamRefusal, spamRefusalAnswer } from "~/modules/forms/spam-screen.server";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import type { Subscriber } from "~/modules/newsletter/newsletter.schema";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { newsletterConfirmation } from "~/modules/newsletter/newsletter-mails.server";
import { recordFormConsents } from "~/modules/privacy/consent-ledger.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { enquiryEvent } from "~/modules/webhooks/webhook-events";
import { queueWebhookEvent } from "~/modules/webhooks/webhook-queue.server";
import {
  CONTACT_MESSAGES,
  type ContactResult,
  ENQUIRY_NEWSLETTER_LABEL,
  type EnquiryFormValues,
  SOURCE_FIELD,
  valuesFromForm,
} from "./contact-form";
import { createEnquiry } from "./enquiries.server";
import {
  type Enquiry,
  type EnquiryInput,
  enquiryInputSchema,
  enquirySourceOf,
} from "./enquiry.schema";
import { enquiryAcknowledgement, enquiryNotification } from "./enquiry-mails.server";

export interface ContactSubmissionContext {
  /** Signs form tokens and hashes client addresses. */
  secret: string;
  clientAddress: string;
  mail: LeadMailOptions;
  now?: number;
  /** The visitor's lead-source cookie as sent (modules/attribution). */
  leadSourceCookie?: string;
}

export interface ContactSubmission {
  result: ContactResult;
  /** The HTTP status to answer with. */
  httpStatus: number;
  /** The stored enquiry (ordinary or held back as spam). */
  enquiry?: Enquiry;
  /** Mail was queued: wake the outbox. */
  queuedMail: boolean;
}

/** The form again, as typed, with what the spam defence asks of the visitor. */
const refused = (refusal: SpamRefusal, values: EnquiryFormValues): ContactSubmission => ({
  result: { ...spamRefusalAnswer(refusal, CONTACT_MESSAGES), values },
  httpStatus: refusal.httpStatus,
  queuedMail: false,
});

interface StoredEnquiry {
  enquiry: Enquiry;
  /** The sign-up made with the newsletter box (not for spam). */
  subscriber?: Subscriber;
}

/** The enquiry form for the public form pipeline: what it stores and mails. */
function contactForm(
  source: string,
  mail: LeadMailOptions,
): PublicForm<EnquiryInput, EnquiryFormValues, StoredEnquiry> {
  return {
    logAs: "enquiry",
    schema: enquiryInputSchema,
    valuesOf: valuesFromForm,
    rateLimit: ENQUIRY_RATE_LIMIT,
    async store(trx, input, { spamReason, leadSource }) {
      const enquiry = await createEnquiry(trx, input, { source, spamReason });
      if (!spamReason) await queueWebhookEvent(trx, "enquiry.created", enquiryEvent(enquiry));
      await recordLeadSource(trx, { enquiryId: enquiry.id }, leadSource);
      if (!spamReason) {
        await recordFormConsents(trx, {
          email: enquiry.email,
          form: "contact",
          record: { type: "enquiry", id: enquiry.id },
          boxes: enquiry.newsletter
            ? [{ purpose: "newsletter", words: ENQUIRY_NEWSLETTER_LABEL }]
            : [],
        });
      }
      if (spamReason || !enquiry.newsletter) return { result: { enquiry } };
      const { subscriber } = await subscribe(trx, {
        email: enquiry.email,
        source: CONTACT_FORM_NEWSLETTER_SOURCE,
        consentText: ENQUIRY_NEWSLETTER_LABEL,
        confirmed: !mail.enabled,
      });
      await recordLeadSource(trx, { subscriberId: subscriber.id }, leadSource);
      return { result: { enquiry, subscriber } };
    },
    async mail(trx, { enquiry, subscriber }) {
      const settings = await getGeneralSettings(trx);
      const mailContext = { settings, baseUrl: mail.baseUrl };
      await enqueueMail(
        trx,
        await enquiryNotification(enquiry, mailContext, mail.notifyTo ?? settings.email),
      );
      await enqueueMail(trx, await enquiryAcknowledgement(enquiry, mailContext));
      if (subscriber?.status === "pending") {
        await enqueueMail(trx, await newsletterConfirmation(subscriber, mailContext));
      }
      return true;
    },
  };
}

/**
 * Receives the enquiry form through the public form pipeline (modules/forms/public-form.server.ts):
 * validates it with the enquiry schema, applies the spam defence, then stores the enquiry and
 * queues its mails in one transaction (the enquiry is committed before anything is sent).
 * Suspected spam (a tripped honeypot, a missing, forged or replayed token) is stored too, in the
 * spam folder, with no mails, and the sender is told it arrived, as anyone else is. A post that
 * came too fast and shows no other sign of a bot is neither: autofill and fast typists do that,
 * so the visitor is asked to confirm they are a person (the form again, as typed, with a box to
 * tick and a token that is not timed), and nothing is stored until they do. Each token is good
 * for one submission. Only an address over its rate limit is turned away with a message saying
 * so.
 */
export async function submitContactForm(
  db: DB,
  form: FormData | URLSearchParams,
  context: ContactSubmissionContext,
): Promise<ContactSubmission> {
  const source = enquirySourceOf(form.get(SOURCE_FIELD));
  const outcome = await submitPublicForm(
    db,
    contactForm(source, context.mail),
    { fields: form },
    {
      secret: context.secret,
      clientAddress: context.clientAddress,
      now: context.now ?? Date.now(),
      leadSourceCookie: context.leadSourceCookie,
    },
  );
  const { values } = outcome;
  switch (outcome.kind) {
    case "invalid":
      return {
        result: {
          status: "invalid",
          formError: CONTACT_MESSAGES.invalid,
          fieldErrors: outcome.errors,
          values,
        },
        httpStatus: 400,
        queuedMail: false,
      };
    case "refused":
      return refused(outcome.refusal, values);
    case "spam": {
      const enquiry = outcome.stored?.enquiry;
      logger.warn("enquiry_held_as_spam", {
        enquiryId: enquiry?.id,
        spamReason: outcome.spamReason,
      });
      return { result: { status: "success" }, httpStatus: 200, enquiry, queuedMail: false };
    }
    case "stored": {
      const { enquiry } = outcome.stored;
      logger.info("enquiry_received", { enquiryId: enquiry.id, source });
      return {
        result: { status: "success" },
        httpStatus: 200,
        enquiry,
        queuedMail: outcome.queuedMail,
      };
    }
    case "failed":
      return {
        result: { status: "error", formError: CONTACT_MESSAGES.failed, fieldErrors: {}, values },
        httpStatus: 500,
        queuedMail: false,
      };
  }
}

/** The newsletter source of a sign-up made with the enquiry form's checkbox. */
export const CONTACT_FORM_NEWSLETTER_SOURCE = "contact-form:/contact";
