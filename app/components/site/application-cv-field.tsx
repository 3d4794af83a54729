import { useId } from "react";
import { CV_ACCEPT, CV_FIELD, CV_HINT } from "~/modules/applications/application-fields";

/*
 * The application form's CV upload and consent box. The form kit has no file field, and its
 * site-look checkbox shows no message; both need one here (a CV refused for its type, a consent
 * box left unticked), linked to the control for screen readers.
 */

export function CvField({
  label,
  error,
  onChange,
}: {
  label: string;
  error?: string;
  /** Checks the chosen file at once (size and name); the server checks its content. */
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  const inputId = `${id}-cv`;
  // Named after the input, as fields.tsx names them: form/form-dom.ts finds them so.
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
        {label}
        <span aria-hidden="true" className="text-red-700">
          {" *"}
        </span>
      </label>
      <input
        id={inputId}
        type="file"
        name={CV_FIELD}
        accept={CV_ACCEPT}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={onChange}
        className="mt-1 block w-full rounded-md border border-stone-500 bg-card px-3 py-2 text-sm text-navy-950 file:mr-4 file:rounded-md file:border-0 file:bg-navy-50 file:px-4 file:py-2 file:font-semibold file:text-navy-800 hover:file:bg-marigold-100 focus:outline-2 focus:outline-offset-1 focus:outline-navy-700 aria-[invalid=true]:border-red-700"
      />
      <p id={hintId} className="mt-1 text-xs text-stone-600">
        {CV_HINT}
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ConsentField({
  name,
  text,
  defaultChecked,
  error,
}: {
  name: string;
  text: string;
  defaultChecked: boolean;
  error?: string;
}) {
  const id = useId();
  const boxId = `${id}-consent`;
  const errorId = `${boxId}-error`;
  return (
    // data-field: a message drawn in the browser goes last in here (form/form-dom.ts).
    <div data-field="">
      <div className="flex items-start gap-3">
        <input
          id={boxId}
          type="checkbox"
          name={name}
          required
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-4 w-4 shrink-0 rounded border-stone-500"
        />
        <label htmlFor={boxId} className="text-sm text-stone-800">
          {text}
          <span aria-hidden="true" className="text-red-700">
            {" *"}
          </span>
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
