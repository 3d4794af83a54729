import { SERVICE_INTERESTS } from "../../app/modules/enquiries/enquiry-options.ts";
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
  /** The page shows free times: stored per availability version too (pageVersionOf). */
  availability?: boolean;
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
  if (path === BOOKING_PAGE) return bookingPageKey(queryAt === -1 ? "" : rawUrl.slice(queryAt + 1));
  if (queryAt !== -1) {
    const parameters = new URLSearchParams(rawUrl.slice(queryAt + 1));
    for (const name of parameters.keys()) {
      if (!TRACKING_PARAMETER.test(name)) return undefined;
    }
  }
  return { key: path };
}

/*
 * /book is stored per availability version (docs/decisions/0049-book-from-the-page-cache.md),
 * with its two parameters as variants of the key: `tz`, the zone its times are shown in, and
 * `from`, the day its span of times starts at. Both are put in one canonical form, so that the
 * number of stored copies stays bounded: a zone the browser does not know, or India's own (either
 * name), is the page without `tz`, as the page itself shows IST then (timeZoneOr in
 * app/modules/bookings/booking-time.ts); a `from` that is not a calendar date is dropped as the
 * page drops it, and one far ahead is rendered for its visitor and never stored.
 */
export const BOOKING_PAGE = "/book";

/**
 * A meeting type's slug (`type`) and the visitor's service interest (`service`, when routing
 * rules apply; decision 0050) are variants too: a slug of the shape staff can give, a service from
 * the fixed list. A slug no type has is answered 404 by the page, which is never stored.
 */
const TYPE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SERVICES: ReadonlySet<string> = new Set(SERVICE_INTERESTS);

const INDIA_ZONES = new Set(["Asia/Kolkata", "Asia/Calcutta"]);
const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest booking window staff may set (horizonDays, booking.schema.ts), and a day. */
const FURTHEST_FROM_DAYS = 366;

/** The zone's canonical name, or undefined for IST and for a name the browser would not know. */
function visitorZone(name: string): string | undefined {
  if (!name || name.length > 64) return undefined;
  try {
    const zone = new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
    return INDIA_ZONES.has(zone) || INDIA_ZONES.has(name) ? undefined : zone;
  } catch {
    return undefined;
  }
}

/** A calendar date ("2026-02-30" is not one), as the page reads `?from=`. */
function calendarDate(value: string): Date | undefined {
  if (!DATE_KEY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === value ? date : undefined;
}

function bookingPageKey(query: string, now = Date.now()): CacheableRequest | undefined {
  const parameters = new URLSearchParams(query);
  let zone: string | undefined;
  let from: string | undefined;
  let type: string | undefined;
  let service: string | undefined;
  for (const [name, value] of parameters) {
    if (name === "tz") zone = visitorZone(value);
    else if (name === "type") {
      if (value.length > 60 || !TYPE_SLUG.test(value)) return undefined;
      type = value;
    } else if (name === "service") {
      if (value && !SERVICES.has(value)) return undefined;
      service = value || undefined;
    } else if (name === "from") {
      const date = calendarDate(value);
      if (date && date.getTime() > now + FURTHEST_FROM_DAYS * DAY_MS) return undefined;
      // A day before today shows the first free times, as no `from` does.
      from = date && date.getTime() >= now - DAY_MS ? value : undefined;
    } else if (!TRACKING_PARAMETER.test(name)) return undefined;
  }
  if (parameters.getAll("tz").length > 1 || parameters.getAll("from").length > 1) return undefined;
  if (parameters.getAll("type").length > 1 || parameters.getAll("service").length > 1)
    return undefined;
  const variant = new URLSearchParams();
  if (type) variant.set("type", type);
  if (service) variant.set("service", service);
  if (zone) variant.set("tz", zone);
  if (from) variant.set("from", from);
  const search = variant.toString();
  return { key: search ? `${BOOKING_PAGE}?${search}` : BOOKING_PAGE, availability: true };
}

/**
 * The version a stored page must have to be served: most pages change only with the public
 * content; /book also with every change of its free times (the availability version). Both only
 * grow, so their sum changes whenever one does.
 */
export function pageVersionOf(
  request: Pick<CacheableRequest, "availability">,
  versions: PageVersions,
): number {
  return request.availability ? versions.content + versions.availability : versions.content;
}

/**
 * How long a stored copy serves. /book's free times also change as time passes (a time inside
 * the minimum notice is no longer offered, the window's last day comes into reach): its copies
 * are rendered again after a minute, and the booking's own check refuses a time gone meanwhile.
 */
export const AVAILABILITY_MAX_AGE_MS = 60_000;

export function maxAgeOf(request: Pick<CacheableRequest, "availability">, maxAgeMs: number) {
  return request.availability ? Math.min(maxAgeMs, AVAILABILITY_MAX_AGE_MS) : maxAgeMs;
}

/** The versions the page cache reads from the database on each request (content-version.server.ts). */
export interface PageVersions {
  content: number;
  availability: number;
}
