import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  buttonClasses,
  FormError,
  fieldsFor,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { focusFirstError } from "~/components/form/focus-first-error";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatFileSize } from "~/lib/format";
import { uploadForm } from "~/lib/upload-form";
import { resourceInputSchema } from "~/modules/library/resource.schema";
import {
  RESOURCE_FILE_MAX_BYTES,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPES,
} from "~/modules/library/resource-types";
import { ResourceUploadProgress } from "./resource-file-parts";

/*
 * The resource form of the new and edit pages. Without JavaScript it is a plain multipart post
 * to its page. With JavaScript the same form goes up with XMLHttpRequest to
 * /admin/resources/save.json, so the page can show the upload's progress, then either opens the
 * saved resource or shows the messages in place, as the page would have.
 */

export interface ResourceFormState {
  message: string;
  values?: Record<string, string | boolean>;
  errors: Record<string, string>;
}

type SaveAnswer = { ok: true; location: string } | { ok: false; state: ResourceFormState };

const TYPE_OPTIONS = RESOURCE_TYPES.map((type) => ({
  value: type,
  label: RESOURCE_TYPE_LABELS[type],
}));
const SAVE_URL = "/admin/resources/save.json";
const TOO_LARGE = `The file is larger than ${RESOURCE_FILE_MAX_BYTES / (1024 * 1024)} MB.`;
const FORM_MESSAGE = "Error saving resource: please correct the fields marked below.";

/** The form's text fields as typed, to show again after a refusal made in the browser. */
const typedValues = (data: FormData) =>
  Object.fromEntries([...data.entries()].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;

export function ResourceForm({
  values,
  state,
  currentSlug,
  published = false,
  currentFile,
}: {
  /** The stored resource's values (edit) or the empty form (new). */
  values: Record<string, unknown>;
  /** What the server answered to a refused post (without JavaScript). */
  state?: ResourceFormState;
  currentSlug?: string;
  published?: boolean;
  currentFile?: { fileName: string; byteSize: number } | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [answer, setAnswer] = useState<{ state: ResourceFormState; n: number } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const shown = answer?.state ?? state;
  const [type, setType] = useState(String(shown?.values?.type ?? values.type ?? ""));
  const field = fieldsFor(resourceInputSchema, {
    values: shown?.values ?? values,
    errors: shown?.errors,
  });

  useEffect(() => {
    if (answer) focusFirstError(formRef.current, answer.state.errors);
  }, [answer]);

  const refuse = (next: ResourceFormState) =>
    setAnswer((previous) => ({ state: next, n: (previous?.n ?? 0) + 1 }));

  async function submitWithProgress(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    // With the pressed button, as a plain post sends it ("Save draft" or "Save and publish").
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const file = data.get("file");
    // Said at once rather than after 20 MB went up; the server checks it again.
    if (file instanceof File && file.size > RESOURCE_FILE_MAX_BYTES) {
      refuse({ message: FORM_MESSAGE, values: typedValues(data), errors: { file: TOO_LARGE } });
      return;
    }
    if (file instanceof File && file.size === 0 && file.name === "") data.delete("file");
    setProgress(0);
    try {
      const reply = await uploadForm(SAVE_URL, data, setProgress);
      const body = reply.body as SaveAnswer | undefined;
      if (body?.ok) {
        navigate(body.location);
        return;
      }
      if (reply.status === 401) {
        window.location.assign(
          `/admin/login?redirectTo=${encodeURIComponent(window.location.pathname)}`,
        );
        return;
      }
      refuse(
        body?.state ?? {
          message: "Error saving resource: please try again in a moment.",
          values: typedValues(data),
          errors: {},
        },
      );
    } catch {
      refuse({
        message: "Error saving resource: the connection failed. Check it and try again.",
        values: typedValues(data),
        errors: {},
      });
    } finally {
      setProgress(null);
    }
  }

  const caseStudy = type === "case-study";
  const fileHint = currentFile
    ? `Current file: ${currentFile.fileName} (${formatFileSize(currentFile.byteSize)}). Choose a file only to replace it. PDF, XLSX or DOCX, up to 20 MB.`
    : "PDF, XLSX or DOCX, up to 20 MB. A resource can be published once it has a file.";

  return (
    <Panel title={currentSlug ? "Edit resource" : "New resource"}>
      <form
        ref={formRef}
        key={answer ? `answer-${answer.n}` : "stored"}
        method="post"
        encType="multipart/form-data"
        action={currentSlug ? `/admin/resources/${currentSlug}` : "/admin/resources/new"}
        noValidate
        onSubmit={hydrated ? submitWithProgress : undefined}
        className="grid gap-4 md:grid-cols-2"
      >
        {shown?.message ? (
          <div className="md:col-span-2" data-form-error="" tabIndex={-1}>
            <FormError message={shown.message} />
          </div>
        ) : null}
        {currentSlug ? <input type="hidden" name="currentSlug" value={currentSlug} /> : null}
        <SelectField
          label="Type"
          {...field("type")}
          placeholder="Choose a resource type"
          options={TYPE_OPTIONS}
          onChange={(event) => setType(event.currentTarget.value)}
        />
        <TextField label="Category" {...field("category")} hint="e.g. Equity Compensation" />
        <TextField label="Title" {...field("title")} className="md:col-span-2" />
        <TextField
          label="Slug"
          {...field("slug")}
          readOnly={published}
          hint={
            published
              ? "The address of a published resource's request page stays the same."
              : "Lower-case words joined by hyphens. Left empty, it is made from the title."
          }
        />
        <TextField
          label="Page count"
          {...field("pageCount")}
          inputMode="numeric"
          hint="A whole number from 1 to 2000."
        />
        <TextAreaField label="Summary" {...field("summary")} className="md:col-span-2" rows={3} />
        <TextField
          label={currentFile ? "Replace the file" : "File"}
          name="file"
          type="file"
          accept=".pdf,.xlsx,.docx,application/pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          error={shown?.errors.file}
          hint={fileHint}
          className="md:col-span-2"
        />
        <fieldset
          hidden={hydrated && !caseStudy}
          className="grid gap-4 rounded-lg border border-slate-200 p-4 md:col-span-2 md:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold text-slate-900">
            Case study details (required for a case study, ignored for other types)
          </legend>
          <TextField label="Company" {...field("company")} required={caseStudy} />
          <TextField label="Industry" {...field("industry")} required={caseStudy} />
          <TextAreaField
            label="Challenge"
            {...field("challenge")}
            required={caseStudy}
            className="md:col-span-2"
          />
          <TextAreaField
            label="Solution"
            {...field("solution")}
            required={caseStudy}
            className="md:col-span-2"
          />
          <TextAreaField
            label="Results"
            {...field("results")}
            required={caseStudy}
            hint="One result per line."
            className="md:col-span-2"
          />
        </fieldset>
        <div className="flex flex-wrap items-center gap-4 md:col-span-2">
          {currentSlug && published ? (
            // Issue 29 (decision 0072): the live resource stays as it is until a draft is published.
            <>
              <button
                type="submit"
                name="intent"
                value="save"
                className={buttonClasses.primary}
                disabled={progress !== null}
              >
                Save and publish
              </button>
              <button
                type="submit"
                name="intent"
                value="draft"
                className={buttonClasses.secondary}
                disabled={progress !== null}
              >
                Save draft
              </button>
            </>
          ) : (
            <button type="submit" className={buttonClasses.primary} disabled={progress !== null}>
              {currentSlug ? "Save changes" : "Create resource"}
            </button>
          )}
          {progress !== null ? <ResourceUploadProgress share={progress} /> : null}
        </div>
      </form>
    </Panel>
  );
}
