import { createContext, useContext, useId } from "react";
import { FIELD_ERROR_CLASS } from "./form-dom";

/*
 * The one set of form controls, for the public site and the admin: a visible label (with a "*"
 * when the field is required), the server's message under the field (linked with
 * aria-describedby, field marked aria-invalid), an optional hint, and the value the user typed
 * kept. Names, limits, required marks and messages come from the form's schema through
 * fieldsFor (./form-fields.ts); the controls only draw them. Free of admin code and of zod, so
 * public pages can use it.
 */

/** How the controls look: "site" on public pages, "admin" in the staff admin (the default). */
export type FieldLook = "site" | "admin";
const FieldLookContext = createContext<FieldLook>("admin");
export const FieldLookProvider = FieldLookContext.Provider;

const LOOKS = {
  admin: {
    control:
      "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-700 focus:outline-2 focus:outline-blue-700 aria-[invalid=true]:border-red-700",
    label: "block text-sm font-medium text-slate-800",
    checkbox:
      "mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-blue-700 focus:outline-2 focus:outline-blue-700",
  },
  site: {
    control:
      "mt-1 block min-h-12 w-full rounded-control border border-stone-500 bg-card px-3 py-2 text-navy-950 shadow-sm focus:border-navy-700 focus:outline-2 focus:outline-offset-1 focus:outline-navy-700 aria-[invalid=true]:border-red-700",
    label: "block text-sm font-medium text-navy-950",
    checkbox: "mt-1 h-4 w-4 rounded border-stone-500 accent-navy-800",
  },
} as const;

/** The admin's control classes, for the few controls drawn outside these fields. */
export const inputClasses = LOOKS.admin.control;

export interface FieldProps {
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
type FieldIds = ReturnType<typeof useFieldIds>;

/** The attributes every control gets: id, name, required, invalid state and descriptions. */
function controlAttributes(ids: FieldIds, { name, error, hint, required }: FieldProps) {
  return {
    id: ids.input,
    name,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby":
      [hint ? ids.hint : "", error ? ids.error : ""].filter(Boolean).join(" ") || undefined,
  };
}

function Described({ ids, error, hint }: { ids: FieldIds; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={ids.hint} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      ) : null}
    </>
  );
}

function Label({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  const look = useContext(FieldLookContext);
  if (look === "site") {
    // The public form's labels read "First Name *"; the "*" is explained above the form.
    return (
      <label htmlFor={htmlFor} className={LOOKS.site.label}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" *"}
          </span>
        ) : null}
      </label>
    );
  }
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

type Without<T> = Omit<T, "name" | "id" | "required">;

export function TextField(
  props: FieldProps & Without<React.InputHTMLAttributes<HTMLInputElement>>,
) {
  const { label, name, error, hint, required, className = "", id, ...input } = props;
  const ids = useFieldIds(name, id);
  const look = useContext(FieldLookContext);
  return (
    <div className={className}>
      <Label htmlFor={ids.input} label={label} required={required} />
      <input {...controlAttributes(ids, props)} className={LOOKS[look].control} {...input} />
      <Described ids={ids} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField(
  props: FieldProps & Without<React.TextareaHTMLAttributes<HTMLTextAreaElement>>,
) {
  const { label, name, error, hint, required, className = "", id, rows = 4, ...textarea } = props;
  const ids = useFieldIds(name, id);
  const look = useContext(FieldLookContext);
  return (
    <div className={className}>
      <Label htmlFor={ids.input} label={label} required={required} />
      <textarea
        {...controlAttributes(ids, props)}
        rows={rows}
        className={LOOKS[look].control}
        {...textarea}
      />
      <Described ids={ids} error={error} hint={hint} />
    </div>
  );
}

export function SelectField(
  props: FieldProps & {
    options: readonly { value: string; label: string }[];
    /** A first, empty choice ("Select industry") for a select that may be left alone. */
    placeholder?: string;
  } & Without<React.SelectHTMLAttributes<HTMLSelectElement>>,
) {
  const {
    label,
    name,
    error,
    hint,
    required,
    className = "",
    id,
    options,
    placeholder,
    // Selects have no length limits; drop what fieldsFor passes for every field.
    ...select
  } = props as typeof props & { maxLength?: number; minLength?: number };
  delete (select as { maxLength?: number }).maxLength;
  delete (select as { minLength?: number }).minLength;
  const ids = useFieldIds(name, id);
  const look = useContext(FieldLookContext);
  return (
    <div className={className}>
      <Label htmlFor={ids.input} label={label} required={required} />
      <select {...controlAttributes(ids, props)} className={LOOKS[look].control} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
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

export function CheckboxField(
  props: Omit<FieldProps, "required"> &
    Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "required">,
) {
  const { label, name, error, hint, className = "", id, ...input } = props;
  delete (input as { maxLength?: number }).maxLength;
  delete (input as { minLength?: number }).minLength;
  const ids = useFieldIds(name, id);
  const look = useContext(FieldLookContext);
  const control = (
    <input
      {...controlAttributes(ids, { label, name, error, hint })}
      type="checkbox"
      className={LOOKS[look].checkbox}
      {...input}
    />
  );
  if (look === "site") {
    return (
      <div className={`flex items-start gap-3 ${className}`}>
        {control}
        <label htmlFor={ids.input} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
    );
  }
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      {control}
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
