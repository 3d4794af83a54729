import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { prefersReducedMotion } from "./scroll";

/** Between two elements revealed together (spec section 9: stagger 0.1 s). */
const STAGGER_S = 0.1;
/** The longest delay a reveal gets, so that a long row never waits more than half a second. */
const MAX_STAGGERED = 5;

/**
 * Staggered reveals for elements marked `data-reveal`. The markup is fully visible as sent, so
 * content shows without JavaScript; this hook only hides, then fades and lifts in (opacity and
 * transform, so layout never shifts), elements that enter the viewport later. On the first load,
 * whatever is already on screen stays as it is (no delay before the largest paint); after a
 * client-side navigation the new page's visible elements reveal at once, in order. Nothing
 * happens when the visitor prefers reduced motion.
 */
export function useStaggeredReveal() {
  const { pathname } = useLocation();
  const initial = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new page
  useLayoutEffect(() => {
    const first = initial.current;
    initial.current = false;
    if (prefersReducedMotion() || !("IntersectionObserver" in window)) return;

    const observer = new IntersectionObserver(
      (entries) => {
        let order = 0;
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const element = entry.target as HTMLElement;
          element.style.setProperty(
            "--reveal-delay",
            `${Math.min(order++, MAX_STAGGERED) * STAGGER_S}s`,
          );
          element.dataset.reveal = "in";
          observer.unobserve(element);
        }
      },
      { rootMargin: "0px 0px -40px 0px" },
    );

    const viewportBottom = window.innerHeight;
    for (const element of document.querySelectorAll<HTMLElement>("[data-reveal]")) {
      if (element.dataset.reveal) continue;
      if (first && element.getBoundingClientRect().top < viewportBottom) {
        element.dataset.reveal = "shown";
        continue;
      }
      element.dataset.reveal = "pending";
      observer.observe(element);
    }
    return () => observer.disconnect();
  }, [pathname]);
}
