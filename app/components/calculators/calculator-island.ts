import { calculatorPath } from "~/modules/calculators/catalogue";
import type { Calculator } from "~/modules/calculators/shared/calculator-model";
import { breakdownHtml, problemHtml } from "./breakdown-html";

/*
 * A calculator page's live results without React (decision 0071). The server rendered the
 * whole page from the address (routes/public/tools-shared.tsx); this runs the same pure
 * calculator on every input and draws, on that markup:
 *  - the breakdown (breakdown-html.ts, the server's own markup) or the problem to correct, the
 *    headline kept as the same live region so a screen reader hears each new answer;
 *  - each field's message (aria-invalid, aria-describedby), as the form's fields draw it;
 *  - the address, the PDF link and the e-mail form's inputs, following the form;
 *  - the Print button, which needs a script and stays hidden without one;
 *  - the "E-mail me this breakdown" form posted in place: the answer is the page the same post
 *    gets without a script, whose form section takes this one's place.
 * It imports nothing that imports React. Returns what stops it (a page React navigated to in a
 * hydrated app starts and stops it from an effect).
 */

const ERROR_CLASS = "mt-1 text-sm font-medium text-red-700";

/** The form's values as the query the server would read (empty fields left out). */
function queryOf(form: HTMLFormElement): string {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") query.set(name, value.trim());
  }
  return query.toString();
}

/** A field's message under it, as components/form/fields.tsx renders a server's message. */
function markField(control: HTMLElement, message: string | undefined) {
  const errorId = `${control.id}-error`;
  const described = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id !== "" && id !== errorId);
  let note = document.getElementById(errorId);
  if (message) {
    if (!note) {
      note = document.createElement("p");
      note.id = errorId;
      note.className = ERROR_CLASS;
      control.closest("div")?.append(note);
    }
    note.textContent = message;
    control.setAttribute("aria-invalid", "true");
    described.push(errorId);
  } else {
    note?.remove();
    control.removeAttribute("aria-invalid");
  }
  if (described.length > 0) control.setAttribute("aria-describedby", described.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** Draws the result, keeping the headline node (a live region) and the sources' open state. */
function drawResult(result: HTMLElement, html: string) {
  const next = document.createElement("template");
  next.innerHTML = html;
  const oldHeadline = result.querySelector<HTMLElement>("[data-headline]");
  const newHeadline = next.content.querySelector<HTMLElement>("[data-headline]");
  if (oldHeadline && newHeadline) {
    if (oldHeadline.textContent !== newHeadline.textContent) {
      oldHeadline.textContent = newHeadline.textContent;
    }
    newHeadline.replaceWith(oldHeadline);
  }
  const sourcesOpen = result.querySelector("details")?.open === true;
  const details = next.content.querySelector("details");
  if (details) details.open = sourcesOpen;
  result.replaceChildren(next.content);
}

const MAIL_SECTION = 'section[aria-labelledby="email-breakdown-heading"]';

/**
 * Posts the e-mail form and puts the answer's form section in place of this one: the heading
 * after a success, else the first field to correct (or the form's message) gets the focus.
 */
async function postInPlace(form: HTMLFormElement) {
  const section = form.closest(MAIL_SECTION);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
    });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const answer = page.querySelector(MAIL_SECTION);
    if (!section || !answer) throw new Error(`No answer to the e-mail form (${response.status})`);
    section.replaceWith(answer);
    const focus =
      answer.querySelector<HTMLElement>("[data-breakdown-sent] h2") ??
      answer.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      answer.querySelector<HTMLElement>("[data-form-error]");
    focus?.focus();
  } catch {
    // The page as a post without a script would show it.
    if (button) button.disabled = false;
    HTMLFormElement.prototype.submit.call(form);
  }
}

export function startCalculatorIsland<Input>(calculator: Calculator<Input>): () => void {
  const form = document.querySelector<HTMLFormElement>(
    `form[data-calculator="${calculator.slug}"]`,
  );
  const result = document.querySelector<HTMLElement>("[data-calculator-result]");
  if (!form || !result) return () => {};
  const path = calculatorPath(calculator.slug);
  const pdf = document.querySelector<HTMLAnchorElement>("a[data-calculator-pdf]");
  const print = document.querySelector<HTMLButtonElement>("button[data-calculator-print]");
  const onPrint = () => window.print();
  if (print && typeof window.print === "function") {
    print.hidden = false;
    print.addEventListener("click", onPrint);
  }

  const recompute = () => {
    const query = queryOf(form);
    const read = calculator.readInputs(new URLSearchParams(query));
    const errors: Record<string, string> = read.ok ? {} : read.errors;
    for (const control of form.querySelectorAll<HTMLElement>("input[name], select[name]")) {
      const name = control.getAttribute("name") ?? "";
      if (control.id) markField(control, errors[name]);
    }
    const outcome = read.ok ? calculator.breakdown(read.input) : undefined;
    drawResult(
      result,
      outcome?.ok
        ? breakdownHtml(outcome.breakdown)
        : problemHtml(outcome?.error ?? result.dataset.problem ?? ""),
    );
    for (const element of document.querySelectorAll<HTMLElement>("[data-calculator-when-ok]")) {
      element.hidden = !outcome?.ok;
    }
    const search = query ? `?${query}` : "";
    if (pdf) pdf.href = `${path}/breakdown.pdf${search}`;
    const mailForm = document.querySelector<HTMLFormElement>("form[data-calculator-mail]");
    if (mailForm) {
      mailForm.action = `${path}${search}`;
      const hidden = mailForm.querySelector<HTMLInputElement>("input[data-calculator-query]");
      if (hidden) hidden.value = query;
    }
    // The address follows the inputs, so a result can be bookmarked or shared as it is.
    window.history.replaceState(window.history.state, "", `${path}?${query}`);
  };
  // On the document: the form section is replaced by each answer.
  const onSubmit = (event: SubmitEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLFormElement) || !target.matches("form[data-calculator-mail]")) {
      return;
    }
    event.preventDefault();
    void postInPlace(target);
  };
  form.addEventListener("input", recompute);
  form.addEventListener("change", recompute);
  document.addEventListener("submit", onSubmit);
  return () => {
    form.removeEventListener("input", recompute);
    form.removeEventListener("change", recompute);
    document.removeEventListener("submit", onSubmit);
    print?.removeEventListener("click", onPrint);
  };
}
