import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { FieldLookProvider, TextField } from "~/components/form/fields";
import { focusFirstError } from "~/components/form/focus-first-error";
import { FormAlert } from "~/components/form/form-alert";
import { fieldsFor } from "~/components/form/form-fields";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import { DownloadIcon } from "~/components/site/icons";
import { PrivacyShortNotice } from "~/components/site/privacy-short-notice";
import { primaryButton, secondaryButton } from "~/components/site/ui";
import type { Constraints } from "~/lib/form-constraints";
import type {
  ResourceRequestField,
  ResourceRequestResult,
} from "~/modules/library/resource-request-form";

/*
 * The request form of /resources/:slug/download and the answer to it. One form for all ways:
 * without JavaScript it posts the page (the answer page starts the download with a meta
 * refresh); on the page as loaded, which does not hydrate, the site's script posts it and shows
 * the answer page's part in place, then starts the download once (post-in-place.ts, decision
 * 0073); where React drew it (a client-side navigation), the fetcher does the same.
 */

type Success = Extract<ResourceRequestResult, { status: "success" }>;
type Failure = Exclude<ResourceRequestResult, Success>;

export function RequestAnswer({
  answer,
  title,
  startByRefresh,
}: {
  answer: Success;
  title: string;
  /** The page came back from a post without JavaScript: a meta refresh starts the download. */
  startByRefresh: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const { validUntil } = answer;
  return (
    <div className="space-y-4" data-request-answer="">
      {/* React places it in the document's head; a delay of 0 is a redirect, not a timed refresh. */}
      {startByRefresh ? (
        <meta httpEquiv="refresh" content={`0;url=${answer.downloadHref}`} />
      ) : null}
      <h2
        ref={heading}
        tabIndex={-1}
        data-focus-on-answer=""
        className="text-2xl font-semibold text-navy-950 outline-none"
      >
        Your download is starting
      </h2>
      <p className="text-stone-700">
        If it does not start,{" "}
        {/* data-start-download: followed once when this answer is shown in place without React
            (components/form/post-in-place.ts); React's form starts it itself. */}
        <a
          className="font-semibold text-navy-700 underline"
          href={answer.downloadHref}
          data-start-download={startByRefresh ? "" : undefined}
        >
          download {title}
        </a>
        .
      </p>
      {answer.emailedTo ? (
        <p className="text-stone-700">
          We have also e-mailed the link to <strong>{answer.emailedTo}</strong>. It is valid for 7
          days, until {validUntil}.
        </p>
      ) : (
        <p className="text-stone-700">The link is valid for 7 days, until {validUntil}.</p>
      )}
      <Link to="/resources" className={secondaryButton}>
        Back to Resources
      </Link>
    </div>
  );
}

export function ResourceRequestForm({
  slug,
  title,
  constraints,
  formToken,
  failure,
}: {
  slug: string;
  title: string;
  constraints: Constraints<ResourceRequestField>;
  formToken: string;
  /** The refused post of a page posted without JavaScript. */
  failure?: Failure;
}) {
  const fetcher = useFetcher<ResourceRequestResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const answer = fetcher.data;
  const shownFailure = answer && answer.status !== "success" ? answer : failure;

  useEffect(() => {
    if (!answer) return;
    if (answer.status === "success") {
      // The file comes as an attachment: the browser downloads it and stays on this page.
      window.location.assign(answer.downloadHref);
    } else {
      focusFirstError(formRef.current, answer.fieldErrors);
    }
  }, [answer]);

  if (answer?.status === "success") {
    return <RequestAnswer answer={answer} title={title} startByRefresh={false} />;
  }
  const field = fieldsFor(constraints, {
    values: shownFailure?.values,
    errors: shownFailure?.fieldErrors,
  });
  const busy = fetcher.state !== "idle";
  return (
    <FieldLookProvider value="site">
      <fetcher.Form
        ref={formRef}
        method="post"
        action={`/resources/${slug}/download`}
        aria-label="Request form"
        noValidate
        className="space-y-5"
        key={JSON.stringify(shownFailure?.values ?? null)}
      >
        <p className="text-sm text-stone-600">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <FormAlert message={shownFailure?.formError} />
        <SpamDefenceFields token={shownFailure?.formToken ?? formToken} />
        <TextField label="Name" autoComplete="name" {...field("name")} />
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Company" autoComplete="organization" {...field("company")} />
        {shownFailure?.status === "confirm" ? (
          <EnquiryPersonCheck error={shownFailure.fieldErrors.confirmPerson} />
        ) : null}
        <p className="text-sm text-stone-600">
          We e-mail you a download link that works for 7 days, and keep your request to follow up on
          it, as our{" "}
          <Link to="/privacy" className="text-navy-700 underline">
            Privacy Policy
          </Link>{" "}
          explains.
        </p>
        <PrivacyShortNotice form="resource" />
        <button type="submit" disabled={busy} className={`${primaryButton} w-full sm:w-auto`}>
          <DownloadIcon className="h-5 w-5" />
          {busy ? "Sending..." : "Download Now"}
        </button>
      </fetcher.Form>
    </FieldLookProvider>
  );
}
