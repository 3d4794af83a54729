import { data, redirect } from "react-router";
import { NewsletterForm } from "~/components/newsletter-form";
import { leadMailOptions } from "~/modules/mail/options.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import { newsletterEmailConstraint } from "~/modules/newsletter/newsletter.schema";
import {
  FORM_PARAM,
  isSuccess,
  NEWSLETTER_FIELDS,
  type NewsletterResult,
  RESULT_PARAM,
  safeFormId,
  safeReturnPath,
} from "~/modules/newsletter/newsletter-form";
import { signUpFromForm } from "~/modules/newsletter/sign-up.server";
import { readForm } from "~/web/read-form.server";
import { clientAddressContext, runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/subscribe";
import { NewsletterPageShell, newsletterMeta } from "./page-shell";

/** The same for every visitor (what a post typed comes back from the action, never stored). */
export function loader() {
  return { newsletterEmail: newsletterEmailConstraint() };
}

/**
 * A newsletter form posted without JavaScript. On success the visitor goes back to the page the
 * form was on, which shows the result; otherwise this page shows the message and the form again
 * with what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const { db, config } = runtimeFrom(context);
  const outcome = await signUpFromForm(db, form, {
    secret: config.authSecret,
    clientAddress: context.get(clientAddressContext),
    mail: leadMailOptions(config),
  });
  if (outcome.queuedMail) wakeOutbox();
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

export const meta: Route.MetaFunction = ({ matches }) =>
  newsletterMeta(matches, "Newsletter", "/newsletter");

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const result: NewsletterResult | undefined = actionData?.result;
  const returnTo = actionData?.returnTo ?? "/";
  return (
    <NewsletterPageShell title="Newsletter">
      <p>Insights on compensation and benefits, by e-mail. No spam. Unsubscribe anytime.</p>
      <NewsletterForm
        id="newsletter-page-form"
        source={actionData?.source || "newsletter-page"}
        buttonLabel="Subscribe"
        defaultEmail={actionData?.email}
        initialResult={result}
        returnTo={actionData ? returnTo : "/newsletter"}
        emailConstraint={loaderData.newsletterEmail}
      />
      {actionData && returnTo !== "/" ? (
        <p>
          <a href={returnTo} className="font-medium text-blue-700 underline">
            Back to the page you were on
          </a>
        </p>
      ) : null}
    </NewsletterPageShell>
  );
}
