/*
 * A resource's public addresses: plain code, safe in the browser bundle.
 */

/**
 * The request page's path. The slug is encoded: it may come from an address a visitor typed
 * (any characters), and a redirect's Location header takes ASCII only.
 */
export const resourceRequestPath = (slug: string) =>
  `/resources/${encodeURIComponent(slug)}/download`;

/**
 * The cookie of a visitor who asked once (a signed reference to their lead). The page cache
 * (server/page-cache/request-key.ts) sends a request page that carries it to the app as it is,
 * so that a visitor who asked before goes straight to the file instead of the form.
 */
export const RESOURCE_REQUESTER_COOKIE = "resource_requester";

/**
 * Where a download is counted (trackPageView): the file's own path, not the request page's. The
 * public layout's page-view beacon counts every view of the request page at its path, and a view
 * of the form is not a download.
 */
export const resourceDownloadPath = (slug: string) => `/resources/${encodeURIComponent(slug)}/file`;
