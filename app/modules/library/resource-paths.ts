/*
 * A resource's public addresses: plain code, safe in the browser bundle.
 */

/** The request page's path. */
export const resourceRequestPath = (slug: string) => `/resources/${slug}/download`;

/**
 * Where "Download Now" leads: the request page with `?start=1`. The page cache renders a GET of a
 * public path without a query string for everyone, without the visitor's cookies
 * (server/page-cache/request-key.ts); a query string sends the request to the app as it is, so
 * the page sees the "asked once" cookie and a visitor who asked before goes straight to the file.
 */
export const resourceStartHref = (slug: string) => `${resourceRequestPath(slug)}?start=1`;

/**
 * Where a download is counted (trackPageView): the file's own path, not the request page's. The
 * public layout's page-view beacon counts every view of the request page at its path, and a view
 * of the form is not a download.
 */
export const resourceDownloadPath = (slug: string) => `/resources/${slug}/file`;
