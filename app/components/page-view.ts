/** The endpoint that counts page views (app/routes/resources/page-view-beacon.ts). */
export const PAGE_VIEW_ENDPOINT = "/api/page-view";

/**
 * Counts a view of `path`, with no cookie and no personal data: only the path and, for the first
 * view of a visit, the host of the referring site. Shared by the React tracker (pages that
 * hydrate) and the public site's small script (pages that do not, decision 0067).
 */
export function sendPageView(path: string, referrer: string) {
  if (typeof navigator.sendBeacon !== "function") return;
  // A form-encoded body is a "simple" request: no preflight, allowed by connect-src 'self'.
  navigator.sendBeacon(PAGE_VIEW_ENDPOINT, new URLSearchParams({ path, referrer }));
}

/** The referring site's host, or "" when the visitor came from this site or from nowhere. */
export function referrerHost(): string {
  try {
    const host = document.referrer ? new URL(document.referrer).host : "";
    return host === window.location.host ? "" : host;
  } catch {
    return "";
  }
}
