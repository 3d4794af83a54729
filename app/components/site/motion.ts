import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { revealOnScroll } from "./reveal";

/**
 * Staggered reveals for elements marked `data-reveal` on a page the React shell draws, again for
 * each new page (the reveal itself, shared with the site's own script, is in reveal.ts).
 */
export function useStaggeredReveal() {
  const { pathname } = useLocation();
  const initial = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new page
  useLayoutEffect(() => {
    const first = initial.current;
    initial.current = false;
    return revealOnScroll(first);
  }, [pathname]);
}
