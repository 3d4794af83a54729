import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { whatsappChatUrl } from "~/lib/whatsapp-link";
import { watchFormsInView } from "./forms-in-view";
import { WhatsAppIcon } from "./whatsapp-icon";

/*
 * The floating "Chat on WhatsApp" button of phones (below the sm breakpoint), when a WhatsApp
 * number is set (decision 0029). It must never cover a form control, so it is shown only while
 * no form or form control is in the viewport and none has focus (an IntersectionObserver and
 * focus events: forms-in-view.ts). It starts hidden: the page as served (and cached) cannot
 * know where the visitor has scrolled, and a button shown before the script runs could sit on a
 * field. It is fixed, so appearing and disappearing moves nothing else (no layout shift); hidden
 * means `visibility: hidden`, out of the tab order and the accessibility tree.
 */

/** True while no form control is on screen or focused; re-checked on every page. */
function useNoFormInView(enabled: boolean): boolean {
  const [clear, setClear] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page has other controls to observe.
  useEffect(() => {
    if (!enabled) return;
    const stop = watchFormsInView(setClear);
    return () => {
      stop();
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
