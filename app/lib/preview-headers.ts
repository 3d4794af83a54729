/**
 * The headers of every draft preview (issue 29, decision 0060): never kept by a browser or a
 * proxy, never indexed. Here, below both the web layer's preview loader and the preview
 * components, which use them alike.
 */
export const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};
