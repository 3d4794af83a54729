import { useEffect, useRef, useState } from "react";
import { useActionData, useLocation } from "react-router";
import { PrivacyShortNotice } from "~/components/site/privacy-short-notice";
import { fieldErrors } from "~/lib/field-errors";
import type { Constraints } from "~/lib/form-constraints";
import {
  asContactResult,
  CONTACT_MESSAGES,
  type ContactResult,
  EMPTY_VALUES,
  type EnquiryField,
  type EnquiryFormValues,
  valuesFromForm,
} from "~/modules/enquiries/contact-form";
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { useRenderedFormToken } from "~/web/form-token";
import { EnquiryFields } from "./enquiry-fields";
import { EnquiryPersonCheck } from "./enquiry-person-check";
import { FormAlert } from "./form/form-alert";
import { fetchFormToken, SpamDefenceFields } from "./form/spam-defence-fields";
import { useFormFailure, useSingleSubmit } from "./form/use-form-failure";
import { primaryButton } from "./site/ui";
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

type Failure = Extract<ContactResult, { formError: string }>;

/**
 * The enquiry form (spec section 9). Without JavaScript it is a plain form posting to the page it
 * is on (whose action is contactAction), and the page comes back with the messages or the Thank
 * You. With JavaScript it posts to ENQUIRY_API_PATH and shows the answer in place: "Sending..."
 * with the button disabled, then the Thank You for 3 s and an empty form again, or the messages
 * with everything the visitor typed left as it was, also when the network or the server fails.
 */
export function EnquiryForm({
  constraints,
}: {
  /** The enquiry schema's constraints, from the page's loader (`constraintsOf`). */
  constraints: Constraints<EnquiryField>;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const posted = asContactResult(useActionData());
  const formRef = useRef<HTMLFormElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  // A token only while the server renders; the browser keeps the rendered value (see below).
  const renderedToken = useRenderedFormToken();
  const [phase, setPhase] = useState<"idle" | "submitting" | "success">(
    posted?.status === "success" ? "success" : "idle",
  );
  const {
    failure,
    setFailure,
    showFailure: revealFailure,
  } = useFormFailure<Failure>(formRef, posted && posted.status !== "success" ? posted : undefined);

  // The Thank You shows for 3 s, then the form is back, empty.
  useEffect(() => {
    if (phase !== "success") return;
    const thanks = thanksRef.current;
    thanks?.focus();
    // The token just sent is used up (each is good for one enquiry): the next one needs its own.
    const tokenInput = tokenRef.current;
    const nextToken = fetchFormToken();
    const timer = setTimeout(() => {
      const focusWasOnThanks = thanks?.contains(document.activeElement) ?? false;
      formRef.current?.reset();
      if (tokenInput) {
        tokenInput.value = "";
        void nextToken.then((token) => {
          if (token && !tokenInput.value) tokenInput.value = token;
        });
      }
      setFailure(undefined);
      setPhase("idle");
      if (focusWasOnThanks) {
        requestAnimationFrame(() =>
          formRef.current?.querySelector<HTMLInputElement>("input[name=firstName]")?.focus(),
        );
      }
    }, SUCCESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [phase, setFailure]);

  const showFailure = (result: Failure) => {
    revealFailure(result);
    setPhase("idle");
  };

  // Sent one at a time, also while the schema loads.
  const handleSubmit = useSingleSubmit(submit);

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
        fieldErrors: fieldErrors(checked.error),
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
    showFailure(failed);
  }

  // After a post that came back with a token of its own (the person check's, or a fresh one for
  // an expired form), the form carries that one.
  const formToken = failure?.formToken || renderedToken;
  const shown: EnquiryFormValues =
    posted?.status !== "success" && posted ? posted.values : EMPTY_VALUES;
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
        <FormAlert message={failure?.formError} />
        <SpamDefenceFields token={formToken} tokenRef={tokenRef} />

        <EnquiryFields
          constraints={constraints}
          shown={shown}
          errors={failure?.fieldErrors ?? {}}
        />
        {failure?.status === "confirm" ? (
          <EnquiryPersonCheck error={failure.fieldErrors[PERSON_CHECK_FIELD]} />
        ) : null}
        <PrivacyShortNotice form="contact" />
        <button
          type="submit"
          disabled={phase === "submitting"}
          className={`${primaryButton} w-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto`}
        >
          {phase === "submitting" ? "Sending..." : "Send Message"}
        </button>
      </form>
    </div>
  );
}
