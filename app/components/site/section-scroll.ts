/*
 * The public site's scrolling figures and the section scroll, in plain DOM code: shared by the
 * React shell (scroll.ts, header.tsx, ui.tsx, motion.ts on pages that hydrate) and the site's own
 * script (public-site-script.ts, on pages that do not; decision 0073), so each is written once.
 */

/** The header turns more opaque past this scroll position (spec section 9). */
export const SCROLLED_THRESHOLD_PX = 20;
/** Space left above a section scrolled into view (the fixed header is 64 px tall). */
export const SECTION_OFFSET_PX = 80;

/** The classes the header swaps past SCROLLED_THRESHOLD_PX (and back). */
export const HEADER_SCROLL_CLASSES = {
  scrolled: ["border-stone-200", "bg-paper", "shadow-card"],
  top: ["border-transparent", "bg-paper/90"],
} as const;

export const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** True once the page has scrolled past the header threshold. */
export function isScrolledPastThreshold() {
  return window.scrollY > SCROLLED_THRESHOLD_PX;
}

/**
 * Scrolls an element into view with the section offset (smoothly unless the visitor prefers
 * reduced motion) and moves keyboard focus to it without a second jump. False when it is missing.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - SECTION_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? "auto" : "smooth" });
  if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) {
    target.setAttribute("tabindex", "-1");
  }
  target.focus({ preventScroll: true });
  return true;
}
