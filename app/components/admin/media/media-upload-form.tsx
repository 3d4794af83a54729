import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClasses, FormError, fieldsFor, TextField } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { focusFirstError } from "~/components/form/focus-first-error";
import { mediaDetailsSchema } from "~/modules/media/media.schema";

/*
 * The media library's upload form: a plain multipart post to /admin/media, the same with and
 * without JavaScript (with it, React Router sends the same form data and shows the answer in
 * place). A refused post comes back with the typed alt text and focal point and the field's
 * message; the file must be chosen again (a browser never refills a file input).
 */

export interface MediaUploadState {
  message: string;
  values?: Record<string, string | boolean>;
  errors: Record<string, string>;
}

export const MEDIA_ACCEPT =
  ".jpg,.jpeg,.png,.webp,.svg,image/jpeg,image/png,image/webp,image/svg+xml";

export function MediaUploadForm({ state }: { state?: MediaUploadState }) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formAction === "/admin/media";
  const formRef = useRef<HTMLFormElement>(null);
  const field = fieldsFor(mediaDetailsSchema, { values: state?.values, errors: state?.errors });
  useEffect(() => {
    if (state?.errors) focusFirstError(formRef.current, state.errors);
  }, [state]);
  return (
    <Panel title="Upload an image" className="mb-6">
      <Form
        ref={formRef}
        key={JSON.stringify(state ?? null)}
        method="post"
        action="/admin/media"
        encType="multipart/form-data"
        noValidate
        className="grid gap-4 md:grid-cols-2"
      >
        {state?.message ? (
          <div className="md:col-span-2" data-form-error="" tabIndex={-1}>
            <FormError message={state.message} />
          </div>
        ) : null}
        <TextField
          label="Image"
          name="file"
          type="file"
          required
          accept={MEDIA_ACCEPT}
          error={state?.errors.file}
          hint="JPEG, PNG, WebP or SVG, up to 10 MB. Photos work best at least 1920 px wide; the site makes smaller copies for phones."
          className="md:col-span-2"
        />
        <TextField
          label="Alt text"
          {...field("alt")}
          hint="What the image shows, for people who cannot see it (read aloud by screen readers)."
          className="md:col-span-2"
        />
        <TextField
          label="Focal point, across (%)"
          {...field("focalX")}
          inputMode="numeric"
          hint="Optional: 0 is the left edge, 100 the right. Kept in view when the image is cropped."
        />
        <TextField
          label="Focal point, down (%)"
          {...field("focalY")}
          inputMode="numeric"
          hint="Optional: 0 is the top, 100 the bottom. Empty: the centre."
        />
        <div className="flex flex-wrap items-center gap-4 md:col-span-2">
          <button type="submit" className={buttonClasses.primary} disabled={uploading}>
            {uploading ? "Uploading…" : "Upload image"}
          </button>
          {uploading ? (
            <p role="status" className="text-sm text-slate-700">
              Uploading and making the image's sizes: this takes a few seconds.
            </p>
          ) : null}
        </div>
      </Form>
    </Panel>
  );
}
