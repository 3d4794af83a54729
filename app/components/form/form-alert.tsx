import { FORM_ALERT_CLASS } from "./form-dom";

/**
 * A public form's own message above its fields ("Please correct the highlighted fields.", the
 * person check, a refusal): announced as an alert, and where `focusFirstError` puts focus when
 * no field has a message of its own (`data-form-error`).
 */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" tabIndex={-1} data-form-error className={FORM_ALERT_CLASS}>
      {message}
    </div>
  );
}
