import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { whatsappChatUrl } from "~/lib/whatsapp-link";
import { WhatsAppIcon } from "./whatsapp-icon";

/*
 * The floating "Chat on WhatsApp" button of phones (below the sm breakpoint), when a WhatsApp
 * number is set (decision 0029). It must never cover a form control, so it is shown only while
 * no form or form control is in the viewport and none has focus (an IntersectionObserver and
 * focus events; a few lines of script). It starts hidden: the page as served (and cached) cannot
 * know where the visitor has scrolled, and a button shown before the script runs could sit on a
 * field. It is fixed, so appearing and disappearing moves nothing else (no layout shift); hidden
 * means `visibility: hidden`, out of the tab order and the accessibility tree.
 */

const CONTROLS = "form, input:not([type=hidden]), select, textarea";

const isFormControl = (element: Element | null) =>
  element instanceof HTMLElement && element.matches("input, select, textarea, form *");

/** True while no form control is on screen or focused; re-checked on every page. */
function useNoFormInView(enabled: boolean): boolean {
  const [clear, setClear] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page has other controls to observe.
  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === "undefined") return;
    const inView = new Set<Element>();
    let focused = isFormControl(document.activeElement);
    const update = () => setClear(inView.size === 0 && !focused);
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
      setClear(false);
    };
  }, [enabled, pathname]);
  return clear;
}

export function WhatsAppFloat({ number }: { number: string }) {
  const href = whatsappChatUrl(number);
  const shown = useNoFormInView(Boolean(href));
  if (!href) return null;
  return (
    <aside
      aria-label="WhatsApp"
      data-whatsapp-float=""
      // Shown and hidden by this attribute's rules in app.css, not by classes: attribute rules
      // stay in a stored page's trimmed stylesheet, so showing it needs no other stylesheet.
      data-shown={shown ? "true" : "false"}
      className="fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-40 sm:hidden"
    >
      <a
        href={href}
        target="_blank"
        rel="noopener"
        // A white ring and a navy outline: a focus mark that shows on light and dark sections.
        className="flex h-14 w-14 items-center justify-center rounded-full bg-[#0b6e5a] text-white shadow-lg hover:bg-[#095c4b] focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-navy-950 focus-visible:ring-4 focus-visible:ring-white"
      >
        <WhatsAppIcon className="h-7 w-7" />
        <span className="sr-only">Chat on WhatsApp (opens in a new tab)</span>
      </a>
    </aside>
  );
}
