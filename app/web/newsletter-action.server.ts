import { data, redirect } from "react-router";
import { leadSourceCookieOf } from "~/modules/attribution/lead-source-cookie.server";
import { leadMailOptions } from "~/modules/mail/options.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import {
  FORM_PARAM,
  isSuccess,
  NEWSLETTER_FIELDS,
  NEWSLETTER_MESSAGES,
  RESULT_PARAM,
  safeFormId,
  safeReturnPath,
} from "~/modules/newsletter/newsletter-form";
import { signUpFromForm } from "~/modules/newsletter/sign-up.server";
import type { RequestArgs } from "./guards.server";
import { readForm } from "./read-form.server";
import { clientAddressContext, runtimeFrom } from "./request-context";

/*
 * The newsletter forms' posts, which modules/newsletter/sign-up.server.ts receives: to
 * /newsletter without JavaScript (newsletterPageAction: back to the page the form was on, or the
 * page with the message), and to /api/newsletter with it (newsletterApiAction: JSON shown in
 * place).
 */

async function signUp({ context, request }: RequestArgs, form: FormData) {
  const { db, config } = runtimeFrom(context);
  const outcome = await signUpFromForm(db, form, {
    secret: config.authSecret,
    clientAddress: context.get(clientAddressContext),
    leadSourceCookie: leadSourceCookieOf(request),
    mail: leadMailOptions(config),
  });
  if (outcome.queuedMail) wakeOutbox();
  return outcome;
}

/**
 * A newsletter form posted without JavaScript. On success the visitor goes back to the page the
 * form was on, which shows the result; otherwise the /newsletter page shows the message and the
 * form again with what was typed.
 */
export async function newsletterPageAction(args: RequestArgs) {
  const form = (await readForm(args.request)) ?? new FormData();
  const outcome = await signUp(args, form);
  const formId = safeFormId(form.get(NEWSLETTER_FIELDS.formId));
  const returnTo = safeReturnPath(form.get(NEWSLETTER_FIELDS.returnTo));
  if (isSuccess(outcome.result.status) && formId) {
    const url = new URL(returnTo, "http://site.invalid");
    url.searchParams.set(RESULT_PARAM, outcome.result.status);
    url.searchParams.set(FORM_PARAM, formId);
    throw redirect(`${url.pathname}${url.search}#${formId}`, 303);
  }
  const source = form.get(NEWSLETTER_FIELDS.source);
  return data(
    {
      result: outcome.result,
      email: outcome.email,
      returnTo,
      source: typeof source === "string" && /^[a-z][a-z0-9-]{0,39}$/.test(source) ? source : "",
    },
    { status: outcome.httpStatus },
  );
}

/** POST /api/newsletter: the JSON answer the form shows in place. */
export async function newsletterApiAction(args: RequestArgs) {
  const form = await readForm(args.request);
  if (!form) {
    return Response.json(
      { status: "invalid", message: NEWSLETTER_MESSAGES.invalid },
      { status: 400 },
    );
  }
  const outcome = await signUp(args, form);
  return Response.json(outcome.result, {
    status: outcome.httpStatus,
    headers: { "Cache-Control": "no-store" },
  });
}
