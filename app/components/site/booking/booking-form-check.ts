import { focusFirstError } from "~/components/form/focus-first-error";
import { FIELD_ERROR_CLASS, showFieldErrors, showFormAlert } from "~/components/form/form-dom";
import { fieldErrors } from "~/lib/field-errors";
import { zodWithoutEval } from "~/lib/zod-without-eval";
import { CHOOSE_TIME_MESSAGE } from "~/modules/bookings/picker-days";
import {
  CONTACT_MESSAGES,
  ENQUIRY_TEXT_FIELDS,
  valuesFromForm,
} from "~/modules/enquiries/contact-form";

/*
 * The booking form's checks before it is sent (decision 0077), as the enquiry form's island
 * makes them (decision 0073): the server's own schema of the enquiry's fields, loaded on the
 * form's first focus (it brings zod), and a time chosen. The messages are drawn as the server
 * draws them (form-dom.ts: the form's message, each field's, the picker's), focus on the first.
 * A form that passes goes on to be posted in place (post-in-place.ts), where the server checks
 * everything again.
 */

const loadSchema = () => {
  zodWithoutEval();
  return import("~/modules/enquiries/enquiry.schema");
};

/** The picker's message ("Choose a time"), under its legend, as slot-picker.tsx draws it. */
function showPickerError(form: HTMLFormElement, message: string | undefined) {
  const picker = form.querySelector<HTMLElement>("[data-slot-picker]");
  if (!picker) return;
  let paragraph = picker.querySelector<HTMLElement>("[data-picker-error]");
  if (!message) {
    paragraph?.remove();
    picker.removeAttribute("aria-describedby");
    return;
  }
  if (!paragraph) {
    paragraph = document.createElement("p");
    paragraph.id = `${picker.id}-error`;
    paragraph.dataset.pickerError = "";
    paragraph.className = FIELD_ERROR_CLASS.replace("mt-1", "mt-2");
    picker.querySelector("input[name=timeZone]")?.after(paragraph);
  }
  paragraph.textContent = message;
  picker.setAttribute("aria-describedby", paragraph.id);
}

/** Checks `form[data-booking-form]` inside `root` on each submission, before the post. */
export function checkBookingForm(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>("form[data-booking-form]");
  if (!form) return;
  root.addEventListener("focusin", () => void loadSchema(), { once: true });
  /** A submission this check let through (sent again after the schema loaded). */
  let passed = false;
  root.addEventListener(
    "submit",
    (event) => {
      const submitted = event.target;
      if (!(submitted instanceof HTMLFormElement) || !submitted.matches("[data-booking-form]")) {
        return;
      }
      if (passed) {
        passed = false;
        return;
      }
      // Held until checked; the post in place below (a listener further in) sees it only then.
      event.preventDefault();
      event.stopPropagation();
      const submitter = event.submitter;
      const send = () => {
        passed = true;
        submitted.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : null);
      };
      const checking = loadSchema().then(({ enquiryInputSchema }) => {
        const data = new FormData(submitted);
        const checked = enquiryInputSchema.safeParse(valuesFromForm(data));
        const errors: Record<string, string> = checked.success ? {} : fieldErrors(checked.error);
        const timeChosen = String(data.get("startsAt") ?? "") !== "";
        const token = submitted.querySelector("input[name=formToken]");
        showPickerError(submitted, timeChosen ? undefined : CHOOSE_TIME_MESSAGE);
        showFieldErrors(submitted, ENQUIRY_TEXT_FIELDS, errors);
        if (!timeChosen || Object.keys(errors).length > 0) {
          showFormAlert(
            submitted,
            CONTACT_MESSAGES.invalid,
            token ?? submitted.firstChild ?? submitted,
          );
          focusFirstError(submitted, timeChosen ? errors : { startsAt: true, ...errors });
          return;
        }
        showFormAlert(submitted, undefined, submitted);
        send();
      });
      // The schema could not be loaded (offline, a new build): the server checks the post, and
      // the post in place says when it could not be sent.
      checking.catch(send);
    },
    { capture: true },
  );
}
