import { useEffect, useRef } from "react";
import { useActionData, useLocation } from "react-router";
import { PrivacyShortNotice } from "~/components/site/privacy-short-notice";
import type { Constraints } from "~/lib/form-constraints";
import {
  asContactResult,
  CONTACT_MESSAGES,
  EMPTY_VALUES,
  type EnquiryField,
  type EnquiryFormValues,
} from "~/modules/enquiries/contact-form";
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { useRenderedFormToken } from "~/web/form-token";
import { EnquiryFields } from "./enquiry-fields";
import { enhanceEnquiryForm } from "./enquiry-form-enhance";
import { EnquiryPersonCheck } from "./enquiry-person-check";
import { FormAlert } from "./form/form-alert";
import { SpamDefenceFields } from "./form/spam-defence-fields";
import { primaryButton } from "./site/ui";

/** The name of the form's island: what the site's script enhances (decision 0073). */
export const ENQUIRY_ISLAND = "enquiry-form";

/** Spec section 9's Thank You, shown in place of the form once an enquiry is stored. */
function EnquiryThanks() {
  return (
    <div
      data-enquiry-thanks=""
      tabIndex={-1}
      role="status"
      className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900 focus:outline-none"
    >
      <h3 className="text-xl font-semibold">Thank You!</h3>
      <p className="mt-2">Your message has been sent. We will get back to you within 24 hours.</p>
    </div>
  );
}

/**
 * The enquiry form (spec section 9), as the server draws it. Without JavaScript it is a plain
 * form posting to the page it is on (whose action is contactAction), and the page comes back
 * with the messages or the Thank You. With JavaScript, enquiry-form-enhance.ts posts it in place
 * and draws the answers: started by the site's script on /contact, which does not hydrate (the
 * island `data-island`), or by the effect below where React drew the form in the browser (a
 * client-side navigation from a page that hydrates). The templates hold what that code shows
 * later, drawn here by the same components as a post without JavaScript gets.
 */
export function EnquiryForm({
  constraints,
}: {
  /** The enquiry schema's constraints, from the page's loader (`constraintsOf`). */
  constraints: Constraints<EnquiryField>;
}) {
  const location = useLocation();
  const posted = asContactResult(useActionData());
  const rootRef = useRef<HTMLDivElement>(null);
  // A token only while the server renders; the browser keeps the rendered value.
  const renderedToken = useRenderedFormToken();
  const failure = posted && posted.status !== "success" ? posted : undefined;

  // Only where React renders in the browser; SpamDefenceFields fetches the token there.
  useEffect(() => {
    if (rootRef.current) enhanceEnquiryForm(rootRef.current, { fetchToken: false });
  }, []);

  // After a post that came back with a token of its own (the person check's, or a fresh one for
  // an expired form), the form carries that one.
  const formToken = failure?.formToken || renderedToken;
  const shown: EnquiryFormValues = failure ? failure.values : EMPTY_VALUES;
  return (
    <div
      ref={rootRef}
      id="enquiry-form"
      data-island={ENQUIRY_ISLAND}
      className="relative scroll-mt-24"
    >
      {posted?.status === "success" ? <EnquiryThanks /> : null}
      <form
        method="post"
        action={`${location.pathname}${location.search}#enquiry-form`}
        noValidate
        aria-label="Enquiry form"
        className="space-y-5"
      >
        <p className="text-sm text-slate-700">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <FormAlert message={failure?.formError} />
        <SpamDefenceFields token={formToken} />

        <EnquiryFields
          constraints={constraints}
          shown={shown}
          errors={failure?.fieldErrors ?? {}}
        />
        {/* Where the person check goes; takes no room while empty. */}
        <div data-person-check="" className="empty:hidden">
          {failure?.status === "confirm" ? (
            <EnquiryPersonCheck error={failure.fieldErrors[PERSON_CHECK_FIELD]} />
          ) : null}
        </div>
        <PrivacyShortNotice form="contact" />
        <button
          type="submit"
          className={`${primaryButton} w-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto`}
        >
          Send Message
        </button>
      </form>
      <template data-template="thanks">
        <EnquiryThanks />
      </template>
      <template data-template="person-check">
        <EnquiryPersonCheck />
      </template>
      <template data-template="person-check-error">
        <EnquiryPersonCheck error={CONTACT_MESSAGES.confirmPersonRequired} />
      </template>
    </div>
  );
}
