import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { ENQUIRY_RATE_LIMIT } from "~/modules/forms/spam-defence.server";
import {
  type SpamRefusal,
  screenSubmission,
  spamRefusalAnswer,
  spamSignalsOf,
} from "~/modules/forms/spam-screen.server";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { newsletterConfirmation } from "~/modules/newsletter/newsletter-mails.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import {
  CONTACT_MESSAGES,
  type ContactResult,
  ENQUIRY_NEWSLETTER_LABEL,
  type EnquiryFormValues,
  fieldErrorsOf,
  SOURCE_FIELD,
  valuesFromForm,
} from "./contact-form";
import { createEnquiry } from "./enquiries.server";
import { type Enquiry, enquiryInputSchema, enquirySourceOf } from "./enquiry.schema";
import { enquiryAcknowledgement, enquiryNotification } from "./enquiry-mails.server";

export interface ContactSubmissionContext {
  /** Signs form tokens and hashes client addresses. */
  secret: string;
  clientAddress: string;
  mail: LeadMailOptions;
  now?: number;
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

/**
 * Receives the enquiry form: validates it with the enquiry schema, applies the spam defence,
 * then stores the enquiry and queues its mails in one transaction (the enquiry is committed
 * before anything is sent). Suspected spam (a tripped honeypot, a missing, forged or replayed
 * token) is stored too, in the spam folder, with no mails, and the sender is told it arrived, as
 * anyone else is. A post that came too fast and shows no other sign of a bot is neither: autofill
 * and fast typists do that, so the visitor is asked to confirm they are a person (the form again,
 * as typed, with a box to tick and a token that is not timed), and nothing is stored until they
 * do. Each token is good for one submission. Only an address over its rate limit is turned away
 * with a message saying so.
 */
export async function submitContactForm(
  db: DB,
  form: FormData | URLSearchParams,
  context: ContactSubmissionContext,
): Promise<ContactSubmission> {
  const now = context.now ?? Date.now();
  const values = valuesFromForm(form);
  const parsed = enquiryInputSchema.safeParse(values);
  if (!parsed.success) {
    return {
      result: {
        status: "invalid",
        formError: CONTACT_MESSAGES.invalid,
        fieldErrors: fieldErrorsOf(parsed.error),
        values,
      },
      httpStatus: 400,
      queuedMail: false,
    };
  }

  try {
    const screen = await screenSubmission(
      db,
      spamSignalsOf(form),
      { secret: context.secret, clientAddress: context.clientAddress, now },
      { limit: ENQUIRY_RATE_LIMIT, logAs: "enquiry" },
    );
    if (screen.refusal) return refused(screen.refusal, values);
    const source = enquirySourceOf(form.get(SOURCE_FIELD));
    const outcome = await db.transaction().execute(async (trx) => {
      // Used up in the transaction that stores the enquiry: a post that fails to store leaves
      // its token unused for the visitor's next try.
      const admission = await screen.admit(trx);
      if (admission.refusal) return { refusal: admission.refusal };
      const { spamReason } = admission;
      const enquiry = await createEnquiry(trx, parsed.data, { source, spamReason });
      if (spamReason) return { enquiry, spamReason, queuedMail: false };
      const settings = await getGeneralSettings(trx);
      const mailContext = { settings, baseUrl: context.mail.baseUrl };
      await enqueueMail(
        trx,
        enquiryNotification(enquiry, mailContext, context.mail.notifyTo ?? settings.email),
      );
      await enqueueMail(trx, enquiryAcknowledgement(enquiry, mailContext));
      if (enquiry.newsletter) {
        const { subscriber } = await subscribe(trx, {
          email: enquiry.email,
          source: CONTACT_FORM_NEWSLETTER_SOURCE,
          consentText: ENQUIRY_NEWSLETTER_LABEL,
          confirmed: !context.mail.enabled,
        });
        if (subscriber.status === "pending") {
          await enqueueMail(trx, newsletterConfirmation(subscriber, mailContext));
        }
      }
      return { enquiry, spamReason, queuedMail: true };
    });
    if (outcome.refusal) return refused(outcome.refusal, values);
    const { enquiry, spamReason, queuedMail } = outcome;
    if (spamReason) logger.warn("enquiry_held_as_spam", { enquiryId: enquiry.id, spamReason });
    else logger.info("enquiry_received", { enquiryId: enquiry.id, source });
    return { result: { status: "success" }, httpStatus: 200, enquiry, queuedMail };
  } catch (error) {
    logger.error("enquiry_failed", { error });
    return {
      result: { status: "error", formError: CONTACT_MESSAGES.failed, fieldErrors: {}, values },
      httpStatus: 500,
      queuedMail: false,
    };
  }
}

/** The newsletter source of a sign-up made with the enquiry form's checkbox. */
export const CONTACT_FORM_NEWSLETTER_SOURCE = "contact-form:/contact";
