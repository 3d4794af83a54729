import { calculatorPath } from "~/modules/calculators/catalogue";
import type { Calculator } from "~/modules/calculators/shared/calculator-model";
import { setFieldError } from "../form/form-dom";
import { enhancePostInPlace } from "../form/post-in-place";
import { breakdownHtml, problemHtml } from "./breakdown-html";

/*
 * A calculator page's live results without React (decision 0071). The server rendered the
 * whole page from the address (routes/public/tools-shared.tsx); this runs the same pure
 * calculator on every input and draws, on that markup:
 *  - the breakdown (breakdown-html.ts, the server's own markup) or the problem to correct, the
 *    headline kept as the same live region so a screen reader hears each new answer;
 *  - each field's message (aria-invalid, aria-describedby), as the form's fields draw it
 *    (form/form-dom.ts);
 *  - the address, the PDF link and the e-mail form's inputs, following the form;
 *  - the Print button, which needs a script and stays hidden without one;
 *  - the "E-mail me this breakdown" form posted in place (form/post-in-place.ts): the answer is
 *    the page the same post gets without a script, whose form section takes this one's place.
 * It imports nothing that imports React. Returns what stops it (a page React navigated to in a
 * hydrated app starts and stops it from an effect).
 */

/** The form's values as the query the server would read (empty fields left out). */
function queryOf(form: HTMLFormElement): string {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") query.set(name, value.trim());
  }
  return query.toString();
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
      if (control.id) setFieldError(control, errors[name]);
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
  const mailSection = document.getElementById("email-breakdown");
  if (mailSection) enhancePostInPlace(mailSection);
  form.addEventListener("input", recompute);
  form.addEventListener("change", recompute);
  return () => {
    form.removeEventListener("input", recompute);
    form.removeEventListener("change", recompute);
    print?.removeEventListener("click", onPrint);
  };
}
