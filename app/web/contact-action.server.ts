import { data } from "react-router";
import { leadSourceCookieOf } from "~/modules/attribution/lead-source-cookie.server";
import {
  CONTACT_MESSAGES,
  type ContactResult,
  EMPTY_VALUES,
  type EnquiryFormValues,
} from "~/modules/enquiries/contact-form";
import { submitContactForm } from "~/modules/enquiries/contact-submission.server";
import { leadMailOptions } from "~/modules/mail/options.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import type { RequestArgs } from "./guards.server";
import { readForm } from "./read-form.server";
import { clientAddressContext, runtimeFrom } from "./request-context";

const unreadable = (values: EnquiryFormValues = EMPTY_VALUES): ContactResult => ({
  status: "invalid",
  formError: CONTACT_MESSAGES.invalid,
  fieldErrors: {},
  values,
});

/**
 * Receives the enquiry form and answers with what the form shows: per-field messages and what
 * the visitor typed, the reason it was turned away, or success. Shared by the /contact page's
 * action (a post without JavaScript) and the JSON endpoint the form posts to with JavaScript.
 */
export async function handleContactPost({
  request,
  context,
}: RequestArgs): Promise<{ result: ContactResult; httpStatus: number }> {
  const form = await readForm(request);
  if (!form) return { result: unreadable(), httpStatus: 400 };
  const { db, config } = runtimeFrom(context);
  const submission = await submitContactForm(db, form, {
    secret: config.authSecret,
    clientAddress: context.get(clientAddressContext),
    leadSourceCookie: leadSourceCookieOf(request),
    mail: leadMailOptions(config),
  });
  if (submission.queuedMail) wakeOutbox();
  return { result: submission.result, httpStatus: submission.httpStatus };
}

/** The /contact route's action: `export const action = (args) => contactAction(args)`. */
export async function contactAction(args: RequestArgs) {
  const { result, httpStatus } = await handleContactPost(args);
  return data(result, { status: httpStatus });
}
