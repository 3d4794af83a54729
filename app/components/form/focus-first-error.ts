/**
 * Moves focus to the first field with a message (in the order of `errors`), or to the form's
 * own message (`[data-form-error]`) when no field has one. Called after the answer is drawn.
 */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, unknown>) {
  const firstInvalid = Object.keys(errors).find((name) => errors[name]);
  requestAnimationFrame(() => {
    const target = firstInvalid
      ? form?.querySelector<HTMLElement>(`[name="${CSS.escape(firstInvalid)}"]`)
      : form?.querySelector<HTMLElement>("[data-form-error]");
    target?.focus();
  });
}
