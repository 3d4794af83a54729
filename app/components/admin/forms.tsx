import { useId } from "react";

/*
 * Form controls of the admin pages: a visible label, the server's message under the field
 * (linked with aria-describedby, field marked aria-invalid), and the value the user typed kept.
 */

export const inputClasses =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-700 focus:outline-2 focus:outline-blue-700 aria-[invalid=true]:border-red-700";

const button =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

export const buttonClasses = {
  primary: `${button} bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700`,
  secondary: `${button} border border-slate-400 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-600`,
  danger: `${button} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`,
  dangerOutline: `${button} border border-red-300 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700`,
  small:
    "inline-flex items-center justify-center rounded-md border border-slate-400 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50",
};

export type FieldErrors = Record<string, string | undefined>;

interface FieldProps {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  /** A unique id when the same field name appears in several forms on one page. */
  id?: string;
}

function useFieldIds(name: string, id?: string) {
  const generated = useId();
  const base =
    id ?? `${name.replace(/[^a-zA-Z0-9_-]/g, "-")}-${generated.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return { input: base, error: `${base}-error`, hint: `${base}-hint` };
}

function Described({
  ids,
  error,
  hint,
}: {
  ids: ReturnType<typeof useFieldIds>;
  error?: string;
  hint?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={ids.hint} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (ids: ReturnType<typeof useFieldIds>, error?: string, hint?: string) =>
  [hint ? ids.hint : "", error ? ids.error : ""].filter(Boolean).join(" ") || undefined;

function Label({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  // The asterisk sits outside the label: the field itself says it is required.
  return (
    <div className="flex gap-1 text-sm font-medium text-slate-800">
      <label htmlFor={htmlFor}>{label}</label>
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  name,
  error,
  hint,
  required,
  className = "",
  id,
  ...input
}: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const ids = useFieldIds(name, id);
  return (
    <div className={className}>
      <Label htmlFor={ids.input} label={label} required={required} />
      <input
        id={ids.input}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={inputClasses}
        {...input}
      />
      <Described ids={ids} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  required,
  className = "",
  id,
  rows = 4,
  ...textarea
}: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  const ids = useFieldIds(name, id);
  return (
    <div className={className}>
      <Label htmlFor={ids.input} label={label} required={required} />
      <textarea
        id={ids.input}
        name={name}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={inputClasses}
        {...textarea}
      />
      <Described ids={ids} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  required,
  className = "",
  id,
  options,
  ...select
}: FieldProps & {
  options: readonly { value: string; label: string }[];
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  const ids = useFieldIds(name, id);
  return (
    <div className={className}>
      <Label htmlFor={ids.input} label={label} required={required} />
      <select
        id={ids.input}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={inputClasses}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Described ids={ids} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField({
  label,
  name,
  hint,
  className = "",
  id,
  ...input
}: Omit<FieldProps, "error" | "required"> &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type">) {
  const ids = useFieldIds(name, id);
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={ids.input}
        name={name}
        type="checkbox"
        aria-describedby={hint ? ids.hint : undefined}
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-blue-700 focus:outline-2 focus:outline-blue-700"
        {...input}
      />
      <div>
        <label htmlFor={ids.input} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={ids.hint} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The form-level problem (e.g. "Error saving …: please correct the fields marked below"). */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      {message}
    </p>
  );
}
