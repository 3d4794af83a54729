import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { FieldLookProvider, SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { focusFirstError } from "~/components/form/focus-first-error";
import { FormAlert } from "~/components/form/form-alert";
import { fieldsFor } from "~/components/form/form-fields";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import { container, PageHero, primaryButton, secondaryButton } from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { publicMeta } from "~/lib/seo";
import { startRequestSchema, verifyRequestSchema } from "~/modules/privacy-requests/request.schema";
import {
  CODE_LENGTH,
  dayInIndia,
  REQUEST_KIND_LABELS,
  REQUEST_KINDS,
  REQUEST_MESSAGES,
  type RequestPageResult,
  STEP_FIELD,
  VERIFY_HONEYPOT_FIELD,
} from "~/modules/privacy-requests/request-fields";
import type { RouteHandle } from "~/root";
import { useRenderedFormToken } from "~/web/form-token";
import { privacyRequestAction } from "~/web/privacy-request-action.server";
import type { Route } from "./+types/privacy.requests";

/*
 * The person's rights (DPDP Act 2023 ss.11-14; Rules 2025 r.14; decision 0062): ask to see,
 * correct or erase one's data, or name a nominee. Two steps on one page, each a plain form post
 * (with or without JavaScript): the address and what is asked; then the code mailed to the
 * address. The answers never say whether the site knows the address. Per visitor (a form token,
 * the steps' answers): never cached.
 */

export const handle: RouteHandle = { pageCache: false };

export function loader() {
  return {
    start: constraintsOf(startRequestSchema),
    verify: constraintsOf(verifyRequestSchema),
  };
}

export const action = (args: Route.ActionArgs) => privacyRequestAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Your Data Rights",
    description:
      "Ask to see, correct or erase the data we hold about you, or name a nominee to act for you.",
    path: "/privacy/requests",
  });

const KIND_OPTIONS = REQUEST_KINDS.map((kind) => ({
  value: kind,
  label: REQUEST_KIND_LABELS[kind],
}));

const downloadPath = (token: string, format: "json" | "pdf") =>
  `/privacy/requests/download?${new URLSearchParams({ t: token, format })}`;

function StartForm({
  constraints,
  answer,
}: {
  constraints: Route.ComponentProps["loaderData"]["start"];
  answer?: Extract<RequestPageResult, { step: "start" }>;
}) {
  const renderedToken = useRenderedFormToken();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  const field = fieldsFor(constraints, { values: answer?.values, errors: answer?.fieldErrors });
  useEffect(() => {
    if (answer) focusFirstError(formRef.current, answer.fieldErrors);
  }, [answer]);
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby="request-heading"
      className="mt-6 space-y-5"
      key={JSON.stringify(answer?.values ?? null)}
    >
      <FormAlert message={answer?.formError} />
      <input type="hidden" name={STEP_FIELD} value="start" />
      <SpamDefenceFields token={answer?.formToken ?? renderedToken} />
      <TextField
        label="Your email"
        type="email"
        autoComplete="email"
        hint="The address you used with us. We send a code to it to make sure the request is yours."
        {...field("email")}
      />
      <SelectField
        label="What would you like us to do?"
        options={KIND_OPTIONS}
        placeholder="Choose one"
        {...field("kind")}
      />
      <TextAreaField
        label="Details"
        hint="For a correction: what is wrong, and what it should say. Anything else you want us to know."
        rows={4}
        {...field("details")}
      />
      <fieldset className="space-y-4 rounded-card border border-stone-200 p-4">
        <legend className="px-1 font-semibold text-navy-950">Only to name a nominee</legend>
        <p className="text-sm text-stone-700">
          Someone who may use these rights for you if you die or can no longer act yourself.
        </p>
        <TextField label="Nominee's name" autoComplete="off" {...field("nomineeName")} />
        <TextField
          label="Nominee's email"
          type="email"
          autoComplete="off"
          {...field("nomineeEmail")}
        />
      </fieldset>
      {answer?.status === "confirm" ? (
        <EnquiryPersonCheck error={answer.fieldErrors.confirmPerson} />
      ) : null}
      <p className="text-sm text-stone-700">
        We use your address only to send the code and to answer this request, and keep the request
        as a record of what you asked and what we did.
      </p>
      <button type="submit" className={primaryButton} disabled={busy}>
        Send me a code
      </button>
    </Form>
  );
}

function CodeForm({
  constraints,
  answer,
}: {
  constraints: Route.ComponentProps["loaderData"]["verify"];
  answer: Extract<RequestPageResult, { step: "code" }>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  const field = fieldsFor(constraints, { errors: answer.fieldErrors });
  useEffect(() => {
    if (answer.fieldErrors) focusFirstError(formRef.current, answer.fieldErrors);
  }, [answer]);
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby="request-heading"
      className="mt-6 space-y-5"
      key={`${answer.request}-${answer.formError ?? ""}`}
    >
      <p role="status" className="rounded-card bg-emerald-50 p-4 text-emerald-900">
        {REQUEST_MESSAGES.codeSent}
      </p>
      <FormAlert message={answer.formError} />
      <input type="hidden" name={STEP_FIELD} value="verify" />
      <input type="hidden" name="request" value={answer.request} />
      <input type="hidden" name="kind" value={answer.kind} />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="request-website">Leave this field empty</label>
        <input
          id="request-website"
          type="text"
          name={VERIFY_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <TextField
        label="Code from the e-mail"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`\\d{${CODE_LENGTH}}`}
        data-focus-on-answer=""
        {...field("code")}
        maxLength={CODE_LENGTH}
      />
      <button type="submit" className={primaryButton} disabled={busy}>
        Confirm my request
      </button>
    </Form>
  );
}

function Done({ answer }: { answer: Extract<RequestPageResult, { step: "done" }> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mt-6 space-y-4" data-request-done={answer.kind}>
      <h2
        ref={heading}
        tabIndex={-1}
        data-focus-on-answer=""
        className="text-2xl font-semibold text-navy-950 outline-none"
      >
        {answer.kind === "access" ? "Your data is ready" : "We have your request"}
      </h2>
      {answer.download ? (
        <>
          <p>
            Everything this website holds about your address, read just now. The links work for 24
            hours on this page.
          </p>
          <ul className="flex flex-wrap gap-3">
            <li>
              <a className={primaryButton} href={downloadPath(answer.download, "pdf")} download>
                Download as PDF (readable)
              </a>
            </li>
            <li>
              <a className={secondaryButton} href={downloadPath(answer.download, "json")} download>
                Download as JSON (every value in full)
              </a>
            </li>
          </ul>
        </>
      ) : (
        <p>
          Your request is confirmed. We will answer by e-mail by {dayInIndia(answer.dueAt)} at the
          latest.
        </p>
      )}
    </div>
  );
}

export default function PrivacyRequests({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData;
  return (
    <>
      <PageHero eyebrow="Privacy" title="Your Data Rights" />
      <section className={`${container} py-16`}>
        <div className="max-w-3xl text-lg text-stone-700">
          <h2 id="request-heading" className="text-2xl font-semibold text-navy-950">
            Make a request
          </h2>
          <p className="mt-3">
            You may ask to see the data we hold about you, to have it corrected, completed or
            erased, or name someone to act for you. We answer within 30 days. To withdraw a consent,
            use the link in any of our e-mails.
          </p>
          {/* Each step posts in place without React (decision 0073); plain posts without it. */}
          <div id="privacy-request" data-island="post-in-place">
            <FieldLookProvider value="site">
              {answer?.step === "code" ? (
                <CodeForm constraints={loaderData.verify} answer={answer} />
              ) : answer?.step === "done" ? (
                <Done answer={answer} />
              ) : (
                <>
                  {answer?.step === "dead" ? <FormAlert message={answer.formError} /> : null}
                  <StartForm
                    constraints={loaderData.start}
                    answer={answer?.step === "start" ? answer : undefined}
                  />
                </>
              )}
            </FieldLookProvider>
          </div>
          <p className="pt-8 text-base">
            <Link to="/privacy" className="font-medium text-navy-700 underline">
              Read our privacy notice
            </Link>{" "}
            to see what we keep and why, and how to complain to the Data Protection Board of India.
          </p>
        </div>
      </section>
    </>
  );
}
