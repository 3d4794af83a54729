import { useEffect, useId, useRef, useState } from "react";
import { useActionData, useLocation } from "react-router";
import {
  asContactResult,
  CONTACT_MESSAGES,
  type ContactFieldErrors,
  type ContactResult,
  EMPTY_VALUES,
  ENQUIRY_NEWSLETTER_LABEL,
  type EnquiryField,
  type EnquiryFormValues,
  FORM_TOKEN_FIELD,
  fieldErrorsOf,
  HONEYPOT_FIELD,
  SOURCE_FIELD,
  valuesFromForm,
} from "~/modules/enquiries/contact-form";
import {
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  INDUSTRIES,
  INDUSTRY_LABELS,
  optionsOf,
  SERVICE_INTEREST_LABELS,
  SERVICE_INTERESTS,
  TIMELINE_LABELS,
  TIMELINES,
} from "~/modules/enquiries/enquiry-options";
import { FORM_TOKEN_PATH, useRenderedFormToken } from "~/web/form-token";
import { useHydrated } from "./ui/use-hydrated";

/**
 * The validation schema (the server's own) is loaded on first use, not with the page: it brings
 * the schema library, which the first paint of /contact does not need.
 */
const loadSchema = () => import("~/modules/enquiries/enquiry.schema");

/** Where the form posts when JavaScript runs (a JSON answer, shown in place). */
export const ENQUIRY_API_PATH = "/api/enquiries";
/** Spec section 9: the Thank You message shows for 3 s, then the form is empty again. */
export const SUCCESS_RESET_MS = 3000;

export interface EnquiryFormPreset {
  kind: "position" | "resource";
  /** The posting's or resource's title. */
  label: string;
  /** `career:<id>` or `resource:<slug>`. */
  source: string;
}

type Failure = Extract<ContactResult, { formError: string }>;

function presetMessage(preset: EnquiryFormPreset | undefined): string {
  if (!preset) return "";
  return preset.kind === "position"
    ? `I would like to apply for the ${preset.label} position.`
    : `Please send me the resource "${preset.label}".`;
}

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-blue-700 focus:outline-2 focus:outline-offset-1 focus:outline-blue-700 aria-[invalid=true]:border-red-700";
const labelClass = "block text-sm font-medium text-slate-800";

/**
 * The enquiry form (spec section 9). Without JavaScript it is a plain form posting to the page it
 * is on (whose action is contactAction), and the page comes back with the messages or the Thank
 * You. With JavaScript it posts to ENQUIRY_API_PATH and shows the answer in place: "Sending..."
 * with the button disabled, then the Thank You for 3 s and an empty form again, or the messages
 * with everything the visitor typed left as it was, also when the network or the server fails.
 */
export function EnquiryForm({ preset }: { preset?: EnquiryFormPreset }) {
  const idPrefix = useId();
  const hydrated = useHydrated();
  const location = useLocation();
  const posted = asContactResult(useActionData());
  const formRef = useRef<HTMLFormElement>(null);
  const busyRef = useRef(false);
  const tokenRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  // A token only while the server renders; the browser keeps the rendered value (see below).
  const renderedToken = useRenderedFormToken();
  const [phase, setPhase] = useState<"idle" | "submitting" | "success">(
    posted?.status === "success" ? "success" : "idle",
  );
  const [failure, setFailure] = useState<Failure | undefined>(
    posted && posted.status !== "success" ? posted : undefined,
  );

  // A form that arrived without a server-rendered token (client-side navigation) fetches one.
  useEffect(() => {
    const input = tokenRef.current;
    if (!input || input.value) return;
    let cancelled = false;
    fetch(FORM_TOKEN_PATH, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: { token?: unknown } | undefined) => {
        if (!cancelled && typeof body?.token === "string" && !input.value) input.value = body.token;
      })
      .catch(() => {
        // Without a token the post is held for review rather than lost.
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // The Thank You shows for 3 s, then the form is back, empty.
  useEffect(() => {
    if (phase !== "success") return;
    const thanks = thanksRef.current;
    thanks?.focus();
    const timer = setTimeout(() => {
      const focusWasOnThanks = thanks?.contains(document.activeElement) ?? false;
      formRef.current?.reset();
      setFailure(undefined);
      setPhase("idle");
      if (focusWasOnThanks) {
        requestAnimationFrame(() =>
          formRef.current?.querySelector<HTMLInputElement>("input[name=firstName]")?.focus(),
        );
      }
    }, SUCCESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const showFailure = (result: Failure) => {
    setFailure(result);
    setPhase("idle");
    const firstInvalid = Object.keys(result.fieldErrors)[0];
    requestAnimationFrame(() => {
      const form = formRef.current;
      const target = firstInvalid
        ? form?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)
        : form?.querySelector<HTMLElement>("[data-form-error]");
      target?.focus();
    });
  };

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A ref, not the phase: a second click must not slip in while the schema loads.
    if (busyRef.current) return;
    busyRef.current = true;
    try {
      await submit(event.currentTarget);
    } finally {
      busyRef.current = false;
    }
  }

  async function submit(form: HTMLFormElement) {
    const formData = new FormData(form);
    const values = valuesFromForm(formData);
    // The same schema as the server's: most mistakes are shown without a round trip.
    const { enquiryInputSchema } = await loadSchema();
    const checked = enquiryInputSchema.safeParse(values);
    if (!checked.success) {
      showFailure({
        status: "invalid",
        formError: CONTACT_MESSAGES.invalid,
        fieldErrors: fieldErrorsOf(checked.error),
        values,
      });
      return;
    }
    setPhase("submitting");
    setFailure(undefined);
    const body = new URLSearchParams();
    for (const [name, value] of formData) if (typeof value === "string") body.append(name, value);
    let result: ContactResult | undefined;
    try {
      const response = await fetch(ENQUIRY_API_PATH, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      result = asContactResult(await response.json().catch(() => undefined));
      if (!result && !response.ok) {
        result = { status: "error", formError: CONTACT_MESSAGES.failed, fieldErrors: {}, values };
      }
    } catch {
      result = { status: "error", formError: CONTACT_MESSAGES.offline, fieldErrors: {}, values };
    }
    if (result?.status === "success") {
      setPhase("success");
      return;
    }
    const failed = result ?? {
      status: "error" as const,
      formError: CONTACT_MESSAGES.failed,
      fieldErrors: {},
      values,
    };
    if (failed.formToken && tokenRef.current) tokenRef.current.value = failed.formToken;
    showFailure(failed);
  }

  const shown: EnquiryFormValues =
    posted?.status !== "success" && posted
      ? posted.values
      : {
          ...EMPTY_VALUES,
          message: presetMessage(preset),
        };
  const field: FieldContext = { idPrefix, errors: failure?.fieldErrors ?? {}, shown };
  return (
    <div id="enquiry-form" className="relative scroll-mt-24">
      {phase === "success" ? (
        <div
          ref={thanksRef}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900 focus:outline-none"
        >
          <h3 className="text-xl font-semibold">Thank You!</h3>
          <p className="mt-2">
            Your message has been sent. We will get back to you within 24 hours.
          </p>
        </div>
      ) : null}
      <form
        ref={formRef}
        method="post"
        action={`${location.pathname}${location.search}#enquiry-form`}
        noValidate
        onSubmit={handleSubmit}
        onFocus={() => void loadSchema()}
        hidden={phase === "success" && hydrated}
        aria-busy={phase === "submitting" ? true : undefined}
        aria-label="Enquiry form"
        className="space-y-5"
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
        {preset ? (
          <p className="rounded-lg bg-blue-50 px-4 py-3 text-sm text-blue-900">
            {preset.kind === "position" ? "Position: " : "Resource: "}
            <strong>{preset.label}</strong>
          </p>
        ) : null}
        {preset ? <input type="hidden" name={SOURCE_FIELD} value={preset.source} /> : null}
        <input
          ref={tokenRef}
          type="hidden"
          name={FORM_TOKEN_FIELD}
          defaultValue={renderedToken || undefined}
          // The server renders a token; the browser keeps it rather than render it again.
          suppressHydrationWarning
        />
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={fieldId(field, "hp")}>Leave this field empty</label>
          <input
            id={fieldId(field, "hp")}
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            ctx={field}
            field="firstName"
            text="First Name"
            required
            autoComplete="given-name"
            maxLength={80}
          />
          <TextField
            ctx={field}
            field="lastName"
            text="Last Name"
            required
            autoComplete="family-name"
            maxLength={80}
          />
          <TextField
            ctx={field}
            field="email"
            text="Email Address"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
          />
          <TextField
            ctx={field}
            field="company"
            text="Company"
            required
            autoComplete="organization"
            maxLength={160}
          />
          <TextField
            ctx={field}
            field="title"
            text="Job Title"
            autoComplete="organization-title"
            maxLength={120}
          />
          <TextField
            ctx={field}
            field="phone"
            text="Phone Number"
            type="tel"
            autoComplete="tel"
            maxLength={40}
          />
          <SelectField
            ctx={field}
            field="companySize"
            text="Company Size"
            placeholder="Select company size"
            options={optionsOf(COMPANY_SIZES, COMPANY_SIZE_LABELS)}
          />
          <SelectField
            ctx={field}
            field="industry"
            text="Industry"
            placeholder="Select industry"
            options={optionsOf(INDUSTRIES, INDUSTRY_LABELS)}
          />
          <SelectField
            ctx={field}
            field="service"
            text="Service Interest"
            placeholder="Select a service"
            options={optionsOf(SERVICE_INTERESTS, SERVICE_INTEREST_LABELS)}
          />
          <SelectField
            ctx={field}
            field="timeline"
            text="Timeline"
            placeholder="Select timeline"
            options={optionsOf(TIMELINES, TIMELINE_LABELS)}
          />
        </div>
        <div>
          <FieldLabel ctx={field} field="message" text="Message" />
          <textarea
            {...controlProps(field, "message")}
            rows={5}
            maxLength={5000}
            defaultValue={shown.message}
            placeholder="Tell us about your compensation and benefits challenges"
            className={inputClass}
          />
          <FieldError ctx={field} field="message" />
        </div>
        <div className="flex items-start gap-3">
          <input
            {...controlProps(field, "newsletter")}
            type="checkbox"
            defaultChecked={shown.newsletter}
            className="mt-1 h-4 w-4 rounded border-slate-400"
          />
          <label htmlFor={fieldId(field, "newsletter")} className="text-sm text-slate-800">
            {ENQUIRY_NEWSLETTER_LABEL}
          </label>
        </div>
        <button
          type="submit"
          disabled={phase === "submitting"}
          className="inline-flex w-full items-center justify-center rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          {phase === "submitting" ? "Sending..." : "Send Message"}
        </button>
      </form>
    </div>
  );
}

/* The parts of one field: label (with * when required), control attributes, message. */

interface FieldContext {
  idPrefix: string;
  errors: ContactFieldErrors;
  shown: EnquiryFormValues;
}

const fieldId = (ctx: FieldContext, name: string) => `${ctx.idPrefix}-${name}`;

function controlProps(ctx: FieldContext, name: EnquiryField) {
  const invalid = Boolean(ctx.errors[name]);
  return {
    id: fieldId(ctx, name),
    name,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": invalid ? fieldId(ctx, `${name}-error`) : undefined,
  };
}

function FieldLabel({
  ctx,
  field,
  text,
  required,
}: {
  ctx: FieldContext;
  field: EnquiryField;
  text: string;
  required?: boolean;
}) {
  return (
    <label htmlFor={fieldId(ctx, field)} className={labelClass}>
      {text}
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          {" *"}
        </span>
      ) : null}
    </label>
  );
}

function FieldError({ ctx, field }: { ctx: FieldContext; field: EnquiryField }) {
  const message = ctx.errors[field];
  if (!message) return null;
  return (
    <p id={fieldId(ctx, `${field}-error`)} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

function TextField({
  ctx,
  field,
  text,
  required,
  type = "text",
  autoComplete,
  maxLength,
}: {
  ctx: FieldContext;
  field: "firstName" | "lastName" | "email" | "company" | "title" | "phone";
  text: string;
  required?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  maxLength: number;
}) {
  return (
    <div>
      <FieldLabel ctx={ctx} field={field} text={text} required={required} />
      <input
        {...controlProps(ctx, field)}
        type={type}
        required={required}
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={ctx.shown[field]}
        className={inputClass}
      />
      <FieldError ctx={ctx} field={field} />
    </div>
  );
}

function SelectField({
  ctx,
  field,
  text,
  placeholder,
  options,
}: {
  ctx: FieldContext;
  field: "companySize" | "industry" | "service" | "timeline";
  text: string;
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <FieldLabel ctx={ctx} field={field} text={text} />
      <select {...controlProps(ctx, field)} defaultValue={ctx.shown[field]} className={inputClass}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError ctx={ctx} field={field} />
    </div>
  );
}
