import { fieldErrors } from "~/lib/field-errors";
import { zodWithoutEval } from "~/lib/zod-without-eval";
import {
  asContactResult,
  CONTACT_MESSAGES,
  type ContactResult,
  ENQUIRY_TEXT_FIELDS,
  valuesFromForm,
} from "~/modules/enquiries/contact-form";
import {
  drawRefusal,
  fromTemplate,
  refusalParts,
  sendOneAtATime,
  showSending,
} from "./form/form-dom";
import { fetchFormToken } from "./form/form-token-fetch";

/*
 * What JavaScript adds to the enquiry form (spec section 9), in plain DOM code on the markup the
 * server rendered (components/enquiry-form.tsx): the island of /contact, which loads no React
 * (decision 0073). The same code runs where React drew the form after a client-side navigation
 * from a page that hydrates, so the behaviour is written once.
 *
 * Without JavaScript the form posts to its page, which comes back with the messages or the Thank
 * You. With this, it posts to ENQUIRY_API_PATH and shows the answer in place: "Sending..." with
 * the button disabled, then the Thank You for 3 s and an empty form again, or the messages with
 * everything the visitor typed left as it was, also when the network or the server fails. Most
 * mistakes are shown before any round trip, by the server's own schema, loaded on first focus.
 */

/** Where the form posts when JavaScript runs (a JSON answer, shown in place). */
export const ENQUIRY_API_PATH = "/api/enquiries";
/** Spec section 9: the Thank You message shows for 3 s, then the form is empty again. */
export const SUCCESS_RESET_MS = 3000;

/** The schema brings the schema library, which the first paint of /contact does not need. */
const loadSchema = () => {
  zodWithoutEval();
  return import("~/modules/enquiries/enquiry.schema");
};

type Failure = Extract<ContactResult, { formError: string }>;

/**
 * Enhances the enquiry form inside `root` (`#enquiry-form`), once. `fetchToken`: fetch a form
 * token when the page came without one (React's SpamDefenceFields does that where React drew it).
 */
export function enhanceEnquiryForm(root: HTMLElement, { fetchToken = true } = {}) {
  if (root.dataset.enhanced) return;
  const parts = refusalParts(root);
  const button = parts?.form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!parts || !button) return;
  root.dataset.enhanced = "true";
  const { form, token, template } = parts;
  const buttonLabel = button.textContent ?? "";

  if (fetchToken && !token.value) {
    void fetchFormToken().then((fetched) => {
      if (fetched && !token.value) token.value = fetched;
    });
  }
  form.addEventListener("focusin", () => void loadSchema(), { once: true });

  const setSending = showSending(form, button, buttonLabel);

  /** The messages of an answer (or none), the person check when it asks for it, and focus. */
  const showFailure = (failure: Failure | undefined, moveFocus: boolean) =>
    drawRefusal(parts, ENQUIRY_TEXT_FIELDS, failure, moveFocus);

  /** The Thank You for 3 s, then the form again, empty, with a token of its own. */
  const showThanks = (thanks: HTMLElement) => {
    form.hidden = true;
    thanks.focus();
    // The token just sent is used up (each is good for one enquiry): the next one needs its own.
    const nextToken = fetchFormToken();
    window.setTimeout(() => {
      const focusWasOnThanks = thanks.contains(document.activeElement);
      form.reset();
      token.value = "";
      void nextToken.then((fetched) => {
        if (fetched && !token.value) token.value = fetched;
      });
      showFailure(undefined, false);
      thanks.remove();
      form.hidden = false;
      if (focusWasOnThanks) {
        requestAnimationFrame(() =>
          form.querySelector<HTMLInputElement>("input[name=firstName]")?.focus(),
        );
      }
    }, SUCCESS_RESET_MS);
  };

  async function send() {
    const formData = new FormData(form);
    const values = valuesFromForm(formData);
    // The same schema as the server's: most mistakes are shown without a round trip.
    const { enquiryInputSchema } = await loadSchema();
    const checked = enquiryInputSchema.safeParse(values);
    if (!checked.success) {
      showFailure(
        {
          status: "invalid",
          formError: CONTACT_MESSAGES.invalid,
          fieldErrors: fieldErrors(checked.error),
          values,
        },
        true,
      );
      return;
    }
    setSending(true);
    showFailure(undefined, false);
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
    } catch {
      result = { status: "error", formError: CONTACT_MESSAGES.offline, fieldErrors: {}, values };
    }
    setSending(false);
    if (result?.status === "success") {
      const thanks = fromTemplate(template("thanks"));
      if (thanks) {
        root.prepend(thanks);
        showThanks(thanks);
      }
      return;
    }
    showFailure(
      result ?? { status: "error", formError: CONTACT_MESSAGES.failed, fieldErrors: {}, values },
      true,
    );
  }

  sendOneAtATime(form, send);

  // A post that went without this script (sent before it started) came back with the Thank You:
  // it goes as one shown in place does.
  const postedThanks = root.querySelector<HTMLElement>(":scope > [data-enquiry-thanks]");
  if (postedThanks) showThanks(postedThanks);
}
