import { useRef, useState } from "react";
import { useActionData, useLocation } from "react-router";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { FormAlert } from "~/components/form/form-alert";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import { useFormFailure, useSingleSubmit } from "~/components/form/use-form-failure";
import { useHydrated } from "~/components/ui/use-hydrated";
import { fieldErrors } from "~/lib/field-errors";
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
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { useRenderedFormToken } from "~/web/form-token";
import { ApplicationFields } from "./application-fields";
import { ApplicationThanks, UploadProgress } from "./application-status-views";

/** The schema (the server's own) is loaded on first use, not with the page: it brings zod. */
const loadSchema = () => import("~/modules/applications/application-form");

/** The messages the browser can give before sending: the schema's and the chosen file's. */
async function checkBeforeSending(form: FormData): Promise<ApplicationFieldErrors> {
  const { applicationInputSchema } = await loadSchema();
  const parsed = applicationInputSchema.safeParse(applicationValuesFrom(form));
  const errors: ApplicationFieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
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
  const hydrated = useHydrated();
  const location = useLocation();
  const posted = asApplicationResult(useActionData());
  const formRef = useRef<HTMLFormElement>(null);
  const renderedToken = useRenderedFormToken();
  const [phase, setPhase] = useState<"idle" | "sending" | "success">(
    posted?.status === "success" ? "success" : "idle",
  );
  const {
    failure,
    setFailure,
    showFailure: revealFailure,
  } = useFormFailure<ApplicationFailure>(
    formRef,
    posted && posted.status !== "success" ? posted : undefined,
  );
  // A page answering a post without JavaScript has no file in its input any more.
  const [fileDropped, setFileDropped] = useState(Boolean(posted && posted.status !== "success"));
  const [progress, setProgress] = useState(0);

  const showFailure = (result: ApplicationFailure) => {
    revealFailure(result);
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
    showFailure(failed);
  }

  const handleSubmit = useSingleSubmit(send);

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
  // A token the last answer came with (the person check's, or a fresh one for an expired form).
  const formToken = failure?.formToken || renderedToken;
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
        onCvChange={hydrated ? handleCvChange : undefined}
      />
      {failure?.status === "confirm" ? (
        <EnquiryPersonCheck error={failure.fieldErrors[PERSON_CHECK_FIELD]} />
      ) : null}
      {phase === "sending" ? <UploadProgress share={progress} /> : null}
      <button
        type="submit"
        disabled={phase === "sending"}
        className="inline-flex w-full items-center justify-center rounded-md bg-navy-900 px-6 py-3 font-semibold text-paper hover:bg-navy-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {phase === "sending" ? "Sending..." : "Submit Application"}
      </button>
    </form>
  );
}
