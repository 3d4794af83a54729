import { RESOURCE_REQUESTER_COOKIE } from "../../app/modules/library/resource-paths.ts";

/**
 * Which requests the page cache may answer, and under which key. Anything doubtful is not a
 * candidate and goes the ordinary way (rendered per request, never stored).
 */

/** Query parameters that only tell analytics where a visitor came from: not part of the key. */
const TRACKING_PARAMETER =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|igshid|ref)$/i;

/**
 * Paths that are never public pages: the admin, the API, health and version checks, and the
 * media library's images (immutable files with their own caching and ETag, issue 14).
 */
const NEVER_CACHED_PATH = /^\/(admin|api|media)(\/|$)|^\/(healthz|readyz|version\.json)$/;

/** Staff carry better-auth's session cookie (plain, or __Secure- on HTTPS). */
const STAFF_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?better-auth\./;

/**
 * A resource's request page is the visitor's own once they have asked for a resource: the app
 * sends them straight to the file (docs/decisions/0024-resource-downloads.md).
 */
const RESOURCE_REQUEST_PAGE = /^\/resources\/[^/]+\/download\/?$/;
const RESOURCE_REQUESTER = new RegExp(`(?:^|;\\s*)${RESOURCE_REQUESTER_COOKIE}=`);

/**
 * The canonical form of a request's path, or undefined when it is canonical already: no
 * fragment (a client never sends one; a stranger does, to make copies), no empty or dot
 * segments, no trailing slash. Each variant would otherwise be rendered, compressed and stored
 * as a page of its own, and enough of them evict every real page (issue 22).
 */
export function canonicalPath(rawPath: string): string | undefined {
  let path = rawPath.split("#")[0] ?? "";
  path = path.replace(/\/{2,}/g, "/");
  if (/(^|\/)\.\.?(\/|$)/.test(path)) {
    const segments: string[] = [];
    for (const segment of path.split("/")) {
      if (segment === "..") segments.pop();
      else if (segment !== "." && segment !== "") segments.push(segment);
    }
    path = `/${segments.join("/")}`;
  }
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (path === "") path = "/";
  return path === rawPath ? undefined : path;
}

export interface CacheableRequest {
  /** The path the page is stored under (tracking parameters dropped). */
  key: string;
}

/**
 * The cache key of an anonymous GET/HEAD of a public page, or undefined when the request must not
 * be served from or stored in the cache: another method, an admin or API path, a route data
 * request, a signed-in member of staff, a visitor's own resource request page, or a query string
 * other than tracking parameters.
 */
export function cacheableRequest(
  method: string | undefined,
  rawUrl: string | undefined,
  cookie: string | undefined,
): CacheableRequest | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (rawUrl?.[0] !== "/" || rawUrl.startsWith("//")) return undefined;
  if (cookie && STAFF_COOKIE.test(cookie)) return undefined;
  const queryAt = rawUrl.indexOf("?");
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (NEVER_CACHED_PATH.test(path) || path.endsWith(".data") || path.includes("%"))
    return undefined;
  // The site's own addresses are lower case; another spelling of one (the router matches it)
  // is rendered for its visitor and never stored, so it cannot take a real page's place.
  if (/[A-Z]/.test(path) || canonicalPath(path) !== undefined) return undefined;
  if (cookie && RESOURCE_REQUEST_PAGE.test(path) && RESOURCE_REQUESTER.test(cookie))
    return undefined;
  if (queryAt !== -1) {
    const parameters = new URLSearchParams(rawUrl.slice(queryAt + 1));
    for (const name of parameters.keys()) {
      if (!TRACKING_PARAMETER.test(name)) return undefined;
    }
  }
  return { key: path };
}
