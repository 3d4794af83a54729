import { fieldErrors } from "~/lib/field-errors";
import { uploadForm } from "~/lib/upload-form";
import { zodWithoutEval } from "~/lib/zod-without-eval";
import {
  APPLICATION_MESSAGES,
  APPLICATION_TEXT_FIELDS,
  type ApplicationFailure,
  type ApplicationFieldErrors,
  applicationValuesFrom,
  asApplicationResult,
  CONSENT_FIELD,
  CV_FIELD,
  CV_MESSAGES,
  cvProblemBeforeUpload,
  uploadProgressWords,
} from "~/modules/applications/application-fields";
import {
  drawRefusal,
  fromTemplate,
  refusalParts,
  sendOneAtATime,
  setFieldError,
  showSending,
} from "../form/form-dom";

/*
 * What JavaScript adds to the job application form, in plain DOM code on the markup the server
 * rendered (application-form.tsx): the island of /careers/:id, which loads no React (decision
 * 0073); the same code runs where React drew the form after a client-side navigation.
 *
 * Without JavaScript the form is a multipart post to the page itself, and the page comes back
 * with the messages (the CV to be chosen again) or the thank-you. With this, it checks what it
 * can at once (the chosen file as soon as it is chosen, the fields with the server's schema on
 * sending), sends the same post with XMLHttpRequest showing the upload's progress, and shows the
 * answer in place.
 */

/** The schema (the server's own) is loaded on first use, not with the page: it brings zod. */
const loadSchema = () => {
  zodWithoutEval();
  return import("~/modules/applications/application-form");
};

/** The fields whose messages the form shows, in its order. */
const FIELDS = [...APPLICATION_TEXT_FIELDS, CV_FIELD, CONSENT_FIELD] as const;

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

/** Enhances the application form inside `root`, once. */
export function enhanceApplicationForm(root: HTMLElement) {
  if (root.dataset.enhanced) return;
  const parts = refusalParts(root);
  const form = parts?.form;
  const button = form?.querySelector<HTMLButtonElement>("button[type=submit]");
  const cv = form?.querySelector<HTMLInputElement>(`input[name=${CV_FIELD}]`);
  if (!parts || !form || !button || !cv) return;
  root.dataset.enhanced = "true";
  const buttonLabel = button.textContent ?? "";

  form.addEventListener("focusin", () => void loadSchema(), { once: true });
  // The chosen file is checked at once; the message goes when a good file is chosen.
  cv.addEventListener("change", () => {
    const file = cv.files?.[0];
    setFieldError(cv, file ? cvProblemBeforeUpload(file) : undefined);
  });

  const setSending = showSending(form, button, buttonLabel);

  const showFailure = (failure: ApplicationFailure) => drawRefusal(parts, FIELDS, failure, true);

  const send = async () => {
    const formData = new FormData(form);
    const values = applicationValuesFrom(formData);
    const errors = await checkBeforeSending(formData);
    if (Object.keys(errors).length > 0) {
      showFailure({
        status: "invalid",
        formError: APPLICATION_MESSAGES.invalid,
        fieldErrors: errors,
        values,
      });
      return;
    }
    drawRefusal(parts, FIELDS, undefined, false);
    // The upload's progress, above the button (drawn by application-status-views.tsx).
    const progress = fromTemplate(parts.template("upload-progress"));
    const bar = progress?.querySelector("progress");
    const words = progress?.querySelector("label");
    const onProgress = (share: number) => {
      const percent = Math.min(100, Math.max(0, Math.round(share * 100)));
      if (bar) {
        bar.value = percent;
        bar.textContent = `${percent}%`;
      }
      if (words) words.textContent = uploadProgressWords(percent);
    };
    if (progress) button.before(progress);
    setSending(true);
    let result: ReturnType<typeof asApplicationResult>;
    try {
      const answer = await uploadForm(window.location.pathname, formData, onProgress);
      result = asApplicationResult(answer.body);
    } catch {
      result = {
        status: "error",
        formError: APPLICATION_MESSAGES.offline,
        fieldErrors: {},
        values,
      };
    }
    progress?.remove();
    setSending(false);
    if (result?.status === "success") {
      const thanks = fromTemplate(parts.template("thanks"));
      if (thanks) {
        form.replaceWith(thanks);
        thanks.focus();
      }
      return;
    }
    showFailure(
      result ?? {
        status: "error",
        formError: APPLICATION_MESSAGES.failed,
        fieldErrors: {},
        values,
      },
    );
  };

  sendOneAtATime(form, send);
}
