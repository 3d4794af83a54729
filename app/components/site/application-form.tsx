import { useEffect, useRef } from "react";
import { useActionData, useLocation } from "react-router";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { FormAlert } from "~/components/form/form-alert";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import type { Constraints } from "~/lib/form-constraints";
import {
  APPLICATION_MESSAGES,
  type ApplicationFieldErrors,
  type ApplicationTextField,
  asApplicationResult,
  CV_MESSAGES,
  EMPTY_APPLICATION,
} from "~/modules/applications/application-fields";
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { useRenderedFormToken } from "~/web/form-token";
import { ApplicationFields } from "./application-fields";
import { enhanceApplicationForm } from "./application-form-enhance";
import { ApplicationThanks, UploadProgress } from "./application-status-views";

/** The name of the form's island: what the site's script enhances (decision 0073). */
export const APPLICATION_ISLAND = "application-form";

/**
 * The job application form on an active posting's page, as the server draws it. Without
 * JavaScript it is a multipart post to the page itself, and the page comes back with the
 * messages (the CV to be chosen again) or the thank-you. With JavaScript,
 * application-form-enhance.ts checks what it can at once, sends the same post with
 * XMLHttpRequest showing the upload's progress, and shows the answer in place: started by the
 * site's script (the island `data-island`; the page does not hydrate), or by the effect below
 * where React drew the form in the browser. The templates hold what it shows later.
 */
export function ApplicationForm({
  careerTitle,
  constraints,
  consentText,
}: {
  careerTitle: string;
  constraints: Constraints<ApplicationTextField>;
  consentText: string;
}) {
  const location = useLocation();
  const posted = asApplicationResult(useActionData());
  const rootRef = useRef<HTMLDivElement>(null);
  const renderedToken = useRenderedFormToken();

  // Only where React renders in the browser.
  useEffect(() => {
    if (rootRef.current) enhanceApplicationForm(rootRef.current);
  }, []);

  if (posted?.status === "success") return <ApplicationThanks careerTitle={careerTitle} />;

  const failure = posted;
  const errors: ApplicationFieldErrors = { ...(failure?.fieldErrors ?? {}) };
  // A page answering a post without JavaScript has no file in its input any more.
  if (failure && !errors.cv) errors.cv = CV_MESSAGES.chooseAgain;
  // A token the last answer came with (the person check's, or a fresh one for an expired form).
  const formToken = failure?.formToken || renderedToken;
  const shown = failure ? failure.values : EMPTY_APPLICATION;
  return (
    <div ref={rootRef} data-island={APPLICATION_ISLAND}>
      <form
        method="post"
        encType="multipart/form-data"
        action={`${location.pathname}#apply`}
        noValidate
        aria-label="Application form"
        className="relative space-y-5"
      >
        <p className="text-sm text-stone-700">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <FormAlert message={failure?.formError} />
        <SpamDefenceFields token={formToken} />
        <ApplicationFields
          constraints={constraints}
          shown={shown}
          errors={errors}
          consentText={consentText}
        />
        {/* Where the person check goes; takes no room while empty. */}
        <div data-person-check="" className="empty:hidden">
          {failure?.status === "confirm" ? (
            <EnquiryPersonCheck error={failure.fieldErrors[PERSON_CHECK_FIELD]} />
          ) : null}
        </div>
        <button
          type="submit"
          className="inline-flex w-full items-center justify-center rounded-md bg-navy-900 px-6 py-3 font-semibold text-paper hover:bg-navy-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          Submit Application
        </button>
      </form>
      <template data-template="thanks">
        <ApplicationThanks careerTitle={careerTitle} />
      </template>
      <template data-template="upload-progress">
        <UploadProgress share={0} />
      </template>
      <template data-template="person-check">
        <EnquiryPersonCheck />
      </template>
      <template data-template="person-check-error">
        <EnquiryPersonCheck error={APPLICATION_MESSAGES.invalid} />
      </template>
    </div>
  );
}
