import { useEffect, useId, useRef, useState } from "react";
import { useActionData, useLocation } from "react-router";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { focusFirstError } from "~/components/form/focus-first-error";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Constraints } from "~/lib/form-constraints";
import { uploadForm } from "~/lib/upload-form";
import {
  APPLICATION_MESSAGES,
  type ApplicationFailure,
  type ApplicationFieldErrors,
  type ApplicationTextField,
  applicationValuesFrom,
  asApplicationResult,
  CV_FIELD,
  CV_MESSAGES,
  cvProblemBeforeUpload,
  EMPTY_APPLICATION,
} from "~/modules/applications/application-fields";
import {
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  PERSON_CHECK_FIELD,
} from "~/modules/enquiries/contact-form";
import { FORM_TOKEN_PATH, useRenderedFormToken } from "~/web/form-token";
import { ApplicationFields } from "./application-fields";
import { ApplicationThanks, UploadProgress } from "./application-status-views";

/** The schema (the server's own) is loaded on first use, not with the page: it brings zod. */
const loadSchema = () => import("~/modules/applications/application-form");

/** A fresh form token, for a form that was drawn in the browser without one. */
async function fetchFormToken(): Promise<string | undefined> {
  try {
    const response = await fetch(FORM_TOKEN_PATH, { headers: { Accept: "application/json" } });
    const body = (response.ok ? await response.json() : undefined) as
      | { token?: unknown }
      | undefined;
    return typeof body?.token === "string" ? body.token : undefined;
  } catch {
    return undefined;
  }
}

/** The messages the browser can give before sending: the schema's and the chosen file's. */
async function checkBeforeSending(form: FormData): Promise<ApplicationFieldErrors> {
  const { applicationInputSchema, applicationFieldErrorsOf } = await loadSchema();
  const parsed = applicationInputSchema.safeParse(applicationValuesFrom(form));
  const errors = parsed.success ? {} : applicationFieldErrorsOf(parsed.error);
  const file = form.get(CV_FIELD);
  const cvError =
    file instanceof File && (file.name !== "" || file.size > 0)
      ? cvProblemBeforeUpload(file)
      : CV_MESSAGES.missing;
  return cvError ? { ...errors, [CV_FIELD]: cvError } : errors;
}

/**
 * The job application form on an active posting's page. Without JavaScript it is a multipart
 * post to the page itself, and the page comes back with the messages (the CV to be chosen again)
 * or the thank-you. With JavaScript it checks what it can at once, then sends the same post with
 * XMLHttpRequest, showing the upload's progress, and shows the answer in place.
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
  const idPrefix = useId();
  const hydrated = useHydrated();
  const location = useLocation();
  const posted = asApplicationResult(useActionData());
  const formRef = useRef<HTMLFormElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);
  const focusOnFailure = useRef(false);
  const renderedToken = useRenderedFormToken();
  const [phase, setPhase] = useState<"idle" | "sending" | "success">(
    posted?.status === "success" ? "success" : "idle",
  );
  const [failure, setFailure] = useState<ApplicationFailure | undefined>(
    posted && posted.status !== "success" ? posted : undefined,
  );
  // A page answering a post without JavaScript has no file in its input any more.
  const [fileDropped, setFileDropped] = useState(Boolean(posted && posted.status !== "success"));
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const input = tokenRef.current;
    if (!input || input.value) return;
    let cancelled = false;
    void fetchFormToken().then((token) => {
      if (!cancelled && token && !input.value) input.value = token;
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!failure || !focusOnFailure.current) return;
    focusOnFailure.current = false;
    focusFirstError(
      formRef.current,
      failure.status === "confirm" ? { [PERSON_CHECK_FIELD]: true } : failure.fieldErrors,
    );
  }, [failure]);

  const showFailure = (result: ApplicationFailure) => {
    focusOnFailure.current = true;
    setFailure(result);
    setPhase("idle");
  };

  async function send(form: HTMLFormElement) {
    const formData = new FormData(form);
    const values = applicationValuesFrom(formData);
    const fieldErrors = await checkBeforeSending(formData);
    if (Object.keys(fieldErrors).length > 0) {
      showFailure({
        status: "invalid",
        formError: APPLICATION_MESSAGES.invalid,
        fieldErrors,
        values,
      });
      return;
    }
    setFailure(undefined);
    setFileDropped(false);
    setProgress(0);
    setPhase("sending");
    let result = undefined as ReturnType<typeof asApplicationResult>;
    try {
      const answer = await uploadForm(location.pathname, formData, setProgress);
      result = asApplicationResult(answer.body);
    } catch {
      result = {
        status: "error",
        formError: APPLICATION_MESSAGES.offline,
        fieldErrors: {},
        values,
      };
    }
    if (result?.status === "success") {
      setPhase("success");
      return;
    }
    const failed = result ?? {
      status: "error" as const,
      formError: APPLICATION_MESSAGES.failed,
      fieldErrors: {},
      values,
    };
    if (failed.formToken && tokenRef.current) tokenRef.current.value = failed.formToken;
    showFailure(failed);
  }

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    try {
      await send(event.currentTarget);
    } finally {
      busyRef.current = false;
    }
  }

  // The chosen file is checked at once; the message goes when a good file is chosen.
  function handleCvChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const problem = file ? cvProblemBeforeUpload(file) : undefined;
    setFileDropped(false);
    setFailure((current) => {
      const fieldErrors = { ...(current?.fieldErrors ?? {}), [CV_FIELD]: problem };
      if (!problem) delete fieldErrors[CV_FIELD];
      if (!current) {
        return problem
          ? { status: "invalid", formError: "", fieldErrors, values: EMPTY_APPLICATION }
          : undefined;
      }
      return { ...current, fieldErrors };
    });
  }

  if (phase === "success") return <ApplicationThanks careerTitle={careerTitle} />;

  const errors: ApplicationFieldErrors = { ...(failure?.fieldErrors ?? {}) };
  if (!errors.cv && fileDropped) errors.cv = CV_MESSAGES.chooseAgain;
  const formToken = (posted?.status !== "success" && posted?.formToken) || renderedToken;
  // Values as typed: the posted ones after a post without JavaScript (the inputs keep theirs).
  const shown = posted && posted.status !== "success" ? posted.values : EMPTY_APPLICATION;
  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      action={`${location.pathname}#apply`}
      noValidate
      onSubmit={handleSubmit}
      onFocus={() => void loadSchema()}
      aria-busy={phase === "sending" ? true : undefined}
      aria-label="Application form"
      className="relative space-y-5"
    >
      <p className="text-sm text-slate-700">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      {failure?.formError ? (
        <div
          role="alert"
          tabIndex={-1}
          data-form-error
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 focus:outline-none"
        >
          {failure.formError}
        </div>
      ) : null}
      <input
        ref={tokenRef}
        type="hidden"
        name={FORM_TOKEN_FIELD}
        defaultValue={formToken || undefined}
        suppressHydrationWarning
      />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${idPrefix}-hp`}>Leave this field empty</label>
        <input
          id={`${idPrefix}-hp`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <ApplicationFields
        constraints={constraints}
        shown={shown}
        errors={errors}
        consentText={consentText}
        onCvChange={hydrated ? handleCvChange : undefined}
      />
      {failure?.status === "confirm" ? (
        <EnquiryPersonCheck error={failure.fieldErrors[PERSON_CHECK_FIELD]} />
      ) : null}
      {phase === "sending" ? <UploadProgress share={progress} /> : null}
      <button
        type="submit"
        disabled={phase === "sending"}
        className="inline-flex w-full items-center justify-center rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {phase === "sending" ? "Sending..." : "Submit Application"}
      </button>
    </form>
  );
}
