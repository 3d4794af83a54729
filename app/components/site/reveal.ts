import { prefersReducedMotion } from "./section-scroll";

/** Between two elements revealed together (spec section 9: stagger 0.1 s). */
const STAGGER_S = 0.1;
/** The longest delay a reveal gets, so that a long row never waits more than half a second. */
const MAX_STAGGERED = 5;

/**
 * Staggered reveals for elements marked `data-reveal`, in plain DOM code: run by the React shell
 * on each page it draws (motion.ts) and by the site's own script on a page that does not hydrate
 * (decision 0073). The markup is fully visible as sent, so content shows without JavaScript; this
 * only hides, then fades and lifts in (opacity and transform, so layout never shifts), elements
 * that enter the viewport later. On a first load (`firstLoad`), whatever is already on screen
 * stays as it is (no delay before the largest paint); after a client-side navigation the new
 * page's visible elements reveal at once, in order. Nothing happens when the visitor prefers
 * reduced motion. Returns what stops watching.
 */
export function revealOnScroll(firstLoad: boolean): () => void {
  if (prefersReducedMotion() || !("IntersectionObserver" in window)) return () => {};
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
    if (firstLoad && element.getBoundingClientRect().top < viewportBottom) {
      element.dataset.reveal = "shown";
      continue;
    }
    element.dataset.reveal = "pending";
    observer.observe(element);
  }
  return () => observer.disconnect();
}
