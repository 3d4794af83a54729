import { Link } from "react-router";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { FieldLookProvider, TextField } from "~/components/form/fields";
import { FormAlert } from "~/components/form/form-alert";
import { fieldsFor } from "~/components/form/form-fields";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import { MailIcon } from "~/components/site/icons";
import { PrivacyShortNotice } from "~/components/site/privacy-short-notice";
import { primaryButton } from "~/components/site/ui";
import type { Constraints } from "~/lib/form-constraints";
import { calculatorPath } from "~/modules/calculators/catalogue";
import {
  BREAKDOWN_CONSENT_WORDS,
  BREAKDOWN_QUERY_FIELD,
  type BreakdownRequestField,
  type BreakdownRequestResult,
} from "~/modules/calculators/shared/breakdown-request-fields";
import { useRenderedFormToken } from "~/web/form-token";

/*
 * "E-mail me this breakdown" (decision 0052): a plain post (the page does not hydrate, decision
 * 0071); the answer is the page again with the outcome in this place. With JavaScript the page's
 * script posts it in place (components/form/post-in-place.ts): this section of the answer
 * replaces this one, focus on "Breakdown sent" or the first field to correct.
 * The calculator's query travels in a hidden field, which the page's script keeps in step with
 * the inputs; the server computes from it again and never trusts a figure from the browser.
 */
export function EmailBreakdownForm({
  slug,
  query,
  constraints,
  answer,
  hidden,
}: {
  slug: string;
  /** The calculator's inputs as a query string (sent with the form). */
  query: string;
  constraints: Constraints<BreakdownRequestField>;
  /** The answer of a post. */
  answer?: BreakdownRequestResult;
  /** No breakdown to send yet (a field to correct): the script shows it once there is. */
  hidden: boolean;
}) {
  const renderedToken = useRenderedFormToken();
  const failure = answer && answer.status !== "success" ? answer : undefined;
  const field = fieldsFor(constraints, { values: failure?.values, errors: failure?.fieldErrors });
  return (
    <section
      // The answer of a post with JavaScript takes this section's place (post-in-place.ts).
      id="email-breakdown"
      aria-labelledby="email-breakdown-heading"
      className="rounded-card border border-stone-200 bg-stone-50 p-6"
      data-print="hide"
      data-calculator-when-ok=""
      hidden={hidden}
    >
      {answer?.status === "success" ? (
        <div data-breakdown-sent="">
          <h2
            id="email-breakdown-heading"
            tabIndex={-1}
            data-focus-on-answer=""
            className="text-xl font-semibold text-navy-950 outline-none"
          >
            Breakdown sent
          </h2>
          <p className="mt-2 text-stone-700">
            {answer.emailedTo
              ? `We have e-mailed the breakdown with its PDF to ${answer.emailedTo}.`
              : "Thank you: your request is with us."}
          </p>
        </div>
      ) : (
        <>
          <h2 id="email-breakdown-heading" className="text-xl font-semibold text-navy-950">
            E-mail me this breakdown
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <FieldLookProvider value="site">
            <form
              method="post"
              action={`${calculatorPath(slug)}${query ? `?${query}` : ""}`}
              aria-labelledby="email-breakdown-heading"
              noValidate
              className="mt-4 space-y-4"
              data-calculator-mail=""
            >
              <FormAlert message={failure?.formError} />
              <input
                type="hidden"
                name={BREAKDOWN_QUERY_FIELD}
                value={query}
                data-calculator-query=""
              />
              <SpamDefenceFields token={failure?.formToken ?? renderedToken} />
              <TextField label="Name" autoComplete="name" {...field("name")} />
              <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
              <TextField label="Company" autoComplete="organization" {...field("company")} />
              {failure?.status === "confirm" ? (
                <EnquiryPersonCheck error={failure.fieldErrors.confirmPerson} />
              ) : null}
              <p className="text-sm text-stone-600">
                {BREAKDOWN_CONSENT_WORDS.replace(" Privacy Policy explains.", "")}{" "}
                <Link to="/privacy" className="text-navy-700 underline">
                  Privacy Policy
                </Link>{" "}
                explains.
              </p>
              <PrivacyShortNotice form="calculator" />
              <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
                <MailIcon className="h-5 w-5" />
                E-mail me this breakdown
              </button>
            </form>
          </FieldLookProvider>
        </>
      )}
    </section>
  );
}
