/*
 * The messages of a public form drawn in plain DOM code, exactly as the React controls draw them
 * (fields.tsx, form-alert.tsx): for forms enhanced without React on pages that do not hydrate
 * (decision 0073). The classes live here and the React components use them too, so a form's
 * messages look the same whichever drew them: the server after a post without JavaScript, React,
 * or this code.
 */
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { focusFirstError } from "./focus-first-error";

/** A field's message under it (fields.tsx `Described`). */
export const FIELD_ERROR_CLASS = "mt-1 text-sm font-medium text-red-700";
/** A form's own message above its fields (form-alert.tsx). */
export const FORM_ALERT_CLASS =
  "rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 focus:outline-none";

function describedBy(control: Element, id: string, on: boolean) {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  const next = on ? [...new Set([...ids, id])] : ids.filter((other) => other !== id);
  if (next.length > 0) control.setAttribute("aria-describedby", next.join(" "));
  else control.removeAttribute("aria-describedby");
}

/**
 * Shows `message` under the control (or takes its message away when there is none): the field
 * marked invalid and described by the message, as fields.tsx renders it.
 */
export function setFieldError(control: HTMLElement, message: string | undefined) {
  const id = `${control.id}-error`;
  let paragraph = control.id ? document.getElementById(id) : null;
  if (!message) {
    paragraph?.remove();
    control.removeAttribute("aria-invalid");
    describedBy(control, id, false);
    return;
  }
  if (!paragraph) {
    paragraph = document.createElement("p");
    paragraph.id = id;
    paragraph.className = FIELD_ERROR_CLASS;
    // Last in the field's wrapper when it marks one (a box beside its label), else after the
    // control and its hint, as fields.tsx orders them.
    const wrapper = control.closest("[data-field]");
    const hint = document.getElementById(`${control.id}-hint`);
    if (wrapper) wrapper.append(paragraph);
    else (hint?.parentElement === control.parentElement ? hint : control).after(paragraph);
  }
  paragraph.textContent = message;
  control.setAttribute("aria-invalid", "true");
  describedBy(control, id, true);
}

/** Every named field's message, or none, for the fields of `names` found in the form. */
export function showFieldErrors(
  form: HTMLFormElement,
  names: readonly string[],
  errors: Partial<Record<string, string>>,
) {
  for (const name of names) {
    const control = form.querySelector<HTMLElement>(
      `[name="${CSS.escape(name)}"]:not([type=hidden])`,
    );
    if (control) setFieldError(control, errors[name]);
  }
}

/**
 * The form's own message (form-alert.tsx: announced as an alert, where focus goes when no field
 * has a message), put before `before`; none takes it away.
 */
export function showFormAlert(form: HTMLFormElement, message: string | undefined, before: Node) {
  form.querySelector("[data-form-error]")?.remove();
  if (!message) return;
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.tabIndex = -1;
  alert.dataset.formError = "";
  alert.className = FORM_ALERT_CLASS;
  alert.textContent = message;
  before.parentNode?.insertBefore(alert, before);
}

/**
 * A copy of what a `<template>` the server rendered holds (markup React drew once, for this code
 * to show later). A template React drew in the browser keeps its children on itself.
 */
export function fromTemplate(template: HTMLTemplateElement | null): HTMLElement | undefined {
  if (!template) return undefined;
  const source = template.content.firstElementChild ?? template.firstElementChild;
  return (source?.cloneNode(true) as HTMLElement | undefined) ?? undefined;
}

/** A refused answer as the public forms' endpoints give it. */
export interface Refusal {
  status: string;
  formError: string;
  fieldErrors: Partial<Record<string, string>>;
  /** A fresh form token when the one sent was too old, or the person check's token. */
  formToken?: string;
}

/** What a form island draws a refusal on (the markup its React component rendered). */
export interface RefusalParts {
  form: HTMLFormElement;
  /** The form token's input (the form's message goes before it, as FormAlert is placed). */
  token: HTMLInputElement;
  /** Where the person check goes (`data-person-check`). */
  personSlot: HTMLElement;
  /** The `<template data-template=…>` elements of the island. */
  template: (name: string) => HTMLTemplateElement | null;
}

/** The parts of a form island, or undefined when its markup lacks one. */
export function refusalParts(root: HTMLElement): RefusalParts | undefined {
  const form = root.querySelector<HTMLFormElement>("form");
  const token = form?.querySelector<HTMLInputElement>("input[name=formToken]");
  const personSlot = form?.querySelector<HTMLElement>("[data-person-check]");
  if (!form || !token || !personSlot) return undefined;
  const template = (name: string) =>
    root.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`);
  return { form, token, personSlot, template };
}

/**
 * Draws a refused answer (or takes the last one away): the form's message, each field's, the
 * person check when the answer asks for it (from the templates "person-check" and
 * "person-check-error", drawn by enquiry-person-check.tsx), the answer's token; then, with
 * `moveFocus`, focus on the first field with a message, or the person check's box.
 */
export function drawRefusal(
  parts: RefusalParts,
  names: readonly string[],
  refusal: Refusal | undefined,
  moveFocus: boolean,
) {
  const { form, token, personSlot, template } = parts;
  showFormAlert(form, refusal?.formError, token);
  showFieldErrors(form, names, refusal?.fieldErrors ?? {});
  personSlot.replaceChildren();
  if (refusal?.status === "confirm") {
    const error = refusal.fieldErrors[PERSON_CHECK_FIELD];
    const check = fromTemplate(template(error ? "person-check-error" : "person-check"));
    const message = check?.querySelector("p[id]");
    if (error && message) message.textContent = error;
    if (check) personSlot.append(check);
  }
  if (refusal?.formToken) token.value = refusal.formToken;
  if (refusal && moveFocus) {
    focusFirstError(
      form,
      refusal.status === "confirm" ? { [PERSON_CHECK_FIELD]: true } : refusal.fieldErrors,
    );
  }
}

/**
 * Shows a form as sending or not: its button disabled with "Sending..." (its own label back
 * after), and `aria-busy` on the form.
 */
export function showSending(form: HTMLFormElement, button: HTMLButtonElement, label: string) {
  return (sending: boolean) => {
    button.disabled = sending;
    button.textContent = sending ? "Sending..." : label;
    if (sending) form.setAttribute("aria-busy", "true");
    else form.removeAttribute("aria-busy");
  };
}

/** Posts the form in place with `send`, one post at a time (also while a schema loads). */
export function sendOneAtATime(form: HTMLFormElement, send: () => Promise<void>) {
  let busy = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    try {
      await send();
    } finally {
      busy = false;
    }
  });
}
