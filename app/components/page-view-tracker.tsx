import { useEffect } from "react";
import { useLocation } from "react-router";
import { referrerHost, sendPageView } from "./page-view";

/** The path last counted in this document (null before the first view). */
let lastTrackedPath: string | null = null;

/**
 * Counts a page view on first load and on every client-side navigation, with no cookie and no
 * personal data: only the path and, on the first load, the host of the referring site. The
 * server ignores it while analytics are switched off in Settings. Renders nothing.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Kept outside React: a remount of the tracker, or a navigation that only replaces the
    // history entry (same path), is not a new view.
    if (pathname === lastTrackedPath) return;
    // document.referrer keeps naming the site the visitor came from after in-app navigations;
    // only the first view was referred by it.
    const referrer = lastTrackedPath === null ? referrerHost() : "";
    lastTrackedPath = pathname;
    sendPageView(pathname, referrer);
  }, [pathname]);
  return null;
}
