import { useEffect } from "react";
import { useLocation } from "react-router";

/** The endpoint that counts page views (app/routes/resources/page-view-beacon.ts). */
export const PAGE_VIEW_ENDPOINT = "/api/page-view";

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
    if (typeof navigator.sendBeacon !== "function") return;
    // A form-encoded body is a "simple" request: no preflight, allowed by connect-src 'self'.
    navigator.sendBeacon(PAGE_VIEW_ENDPOINT, new URLSearchParams({ path: pathname, referrer }));
  }, [pathname]);
  return null;
}

function referrerHost(): string {
  try {
    const host = document.referrer ? new URL(document.referrer).host : "";
    return host === window.location.host ? "" : host;
  } catch {
    return "";
  }
}
