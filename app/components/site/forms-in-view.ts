/**
 * Whether any form or form control is on screen or focused, watched in plain DOM code: what the
 * phones' WhatsApp button follows, so that it never covers a field (decision 0029). Used by the
 * React shell (whatsapp-float.tsx) and by the site's own script on a page that does not hydrate
 * (public-site-script.ts), so it is written once. It must import nothing that imports React.
 */

const CONTROLS = "form, input:not([type=hidden]), select, textarea";

const isFormControl = (element: Element | null) =>
  element instanceof HTMLElement && element.matches("input, select, textarea, form *");

/**
 * Calls `onChange(clear)` whenever it may have changed, `clear` being true while no form control
 * of the page is in the viewport and none has focus. Returns what stops watching.
 */
export function watchFormsInView(onChange: (clear: boolean) => void): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  const inView = new Set<Element>();
  let focused = isFormControl(document.activeElement);
  const update = () => onChange(inView.size === 0 && !focused);
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) inView.add(entry.target);
      else inView.delete(entry.target);
    }
    update();
  });
  const controls = document.querySelectorAll(CONTROLS);
  for (const control of controls) observer.observe(control);
  // With nothing to observe no callback comes: decide now.
  if (controls.length === 0) update();
  const onFocusChange = () => {
    focused = isFormControl(document.activeElement);
    update();
  };
  document.addEventListener("focusin", onFocusChange);
  document.addEventListener("focusout", onFocusChange);
  return () => {
    observer.disconnect();
    document.removeEventListener("focusin", onFocusChange);
    document.removeEventListener("focusout", onFocusChange);
  };
}
