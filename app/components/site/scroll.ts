import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

import { scrollToSection } from "./section-scroll";

/* Scrolling constants of spec section 9 (the others, shared with the site's own script, are in
   section-scroll.ts). */
/** Delay before a service picked from a menu, while on its page, is scrolled to. */
export const MENU_SCROLL_DELAY_MS = 200;
/** Delay before the target of a URL hash is scrolled to after a navigation. */
export const HASH_SCROLL_DELAY_MS = 500;

/** Location state of a navigation that scrolls to its section itself (a menu pick on the page). */
export interface SectionScrollState {
  sectionScroll: true;
}

const isSectionScrollState = (state: unknown): state is SectionScrollState =>
  typeof state === "object" && state !== null && "sectionScroll" in state;

/**
 * The public site's scrolling on navigation (spec section 2): every navigation starts at the
 * top; when the URL has a hash, its target is scrolled to after HASH_SCROLL_DELAY_MS with the
 * section offset. On the first load the browser has already jumped to the hash (CSS
 * scroll-margin gives the same offset), so only the delayed, offset scroll runs.
 */
export function useNavigationScroll() {
  const location = useLocation();
  const initial = useRef(true);
  const previousPathname = useRef(location.pathname);

  useLayoutEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (a new key), not per render
  useLayoutEffect(() => {
    const first = initial.current;
    initial.current = false;
    const samePage = previousPathname.current === location.pathname;
    previousPathname.current = location.pathname;
    if (isSectionScrollState(location.state)) return;
    // A hash link within the page only scrolls to its section; anything else starts at the top.
    if (!first && !(samePage && location.hash)) {
      window.scrollTo(0, 0);
      // Screen readers and keyboards continue from the new page, not the clicked link.
      if (!location.hash) document.getElementById("main")?.focus({ preventScroll: true });
    }
  }, [location.key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (a new key)
  useEffect(() => {
    if (!location.hash || isSectionScrollState(location.state)) return;
    const id = decodeURIComponent(location.hash.slice(1));
    const timer = window.setTimeout(() => scrollToSection(id), HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key]);
}
