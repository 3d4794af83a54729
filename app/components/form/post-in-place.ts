/*
 * A form posted in place without React (decision 0073): the island of a page whose form, posted
 * without JavaScript, comes back as the same page with the answer drawn in it (the messages, the
 * person check, or what comes next). With this, the same post is sent with fetch, and the
 * island's element is replaced by its counterpart in the answer page: the markup stays the
 * server's own, drawn by the same React components, and nothing is written twice. Focus then
 * goes where the answer asks (the first field with a message, else the form's message, else a
 * heading marked `data-focus-on-answer`), and a link marked `data-start-download` is followed,
 * which starts a download and leaves the page where it is.
 *
 * The island's element needs an `id` (the answer's counterpart is found by it). A form inside
 * marked `data-native-post` is left to the browser.
 */
import { showFormAlert } from "./form-dom";

const SENDING_LABEL = "Sending...";
/** Dispatched (bubbling) on the answer's element once it is in place, for an island around it. */
export const ANSWER_SHOWN_EVENT = "post-in-place:answer";
const OFFLINE_MESSAGE =
  "Sorry, your form could not be sent. Please check your internet connection and try again.";

function focusAnswer(region: HTMLElement) {
  const target =
    region.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    region.querySelector<HTMLElement>("[data-form-error]") ??
    region.querySelector<HTMLElement>("[data-focus-on-answer]");
  requestAnimationFrame(() => target?.focus());
}

/** The form's fields as the browser would post them (multipart only when the form says so). */
function bodyOf(form: HTMLFormElement, submitter: HTMLElement | null): FormData | URLSearchParams {
  const formData = new FormData(form, submitter);
  if (form.enctype === "multipart/form-data") return formData;
  const body = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") body.append(name, value);
  return body;
}

export function enhancePostInPlace(root: HTMLElement) {
  if (root.dataset.enhanced || !root.id) return;
  root.dataset.enhanced = "true";
  let busy = false;
  root.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== "post") return;
    if (form.hasAttribute("data-native-post")) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    const submitter =
      (event.submitter as HTMLButtonElement | null) ??
      form.querySelector<HTMLButtonElement>("button[type=submit]");
    const label = submitter?.innerHTML;
    const body = bodyOf(form, event.submitter);
    if (submitter) {
      submitter.disabled = true;
      // Only the words change; an icon beside them stays.
      const words = [...submitter.childNodes].find(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (words) words.textContent = SENDING_LABEL;
    }
    form.setAttribute("aria-busy", "true");
    const restore = () => {
      if (submitter && label !== undefined) submitter.innerHTML = label;
      if (submitter) submitter.disabled = false;
      form.removeAttribute("aria-busy");
    };
    let page: Document;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body,
        headers: { Accept: "text/html" },
      });
      if (response.redirected) {
        window.location.assign(response.url);
        return;
      }
      page = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch {
      // Nothing was received: everything typed stays, with the reason.
      restore();
      showFormAlert(form, OFFLINE_MESSAGE, form.firstElementChild ?? form);
      focusAnswer(form);
      return;
    } finally {
      busy = false;
    }
    const answer = page.getElementById(root.id);
    if (!answer) {
      // Not the page with its answer (a server fault page): shown as the browser would show it.
      document.documentElement.replaceWith(document.importNode(page.documentElement, true));
      return;
    }
    // A refresh the answer page carries (a download started without JavaScript) is done below.
    for (const meta of answer.querySelectorAll("meta")) meta.remove();
    const next = document.importNode(answer, true);
    root.replaceWith(next);
    enhancePostInPlace(next);
    next.dispatchEvent(new Event(ANSWER_SHOWN_EVENT, { bubbles: true }));
    focusAnswer(next);
    const download = next.querySelector<HTMLAnchorElement>("a[data-start-download]");
    if (download) window.location.assign(download.href);
  });
}
