/**
 * A public form's own message above its fields ("Please correct the highlighted fields.", the
 * person check, a refusal): announced as an alert, and where `focusFirstError` puts focus when
 * no field has a message of its own (`data-form-error`).
 */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-form-error
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 focus:outline-none"
    >
      {message}
    </div>
  );
}
