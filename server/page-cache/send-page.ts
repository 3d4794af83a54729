import type { IncomingMessage, ServerResponse } from "node:http";
import { acceptedEncodings } from "./accept-encoding.ts";
import type { StoredPage } from "./page-store.ts";
import { fillSlot, type SlottedPage } from "./slotted-page.ts";

/*
 * How the page cache answers: a stored page (with its validator and the best encoding the
 * client takes), a stored page with a visitor's own value in its slot, or a page the app made
 * for one visitor alone.
 */

/**
 * Public pages: anyone may keep a copy, browsers revalidate at once (so an edit is seen on the
 * next visit), a CDN or proxy may keep one for a minute and serve it stale while it revalidates.
 */
export const PUBLIC_PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts that we hold (brotli, then gzip, then none). */
function chooseEncoding(acceptEncoding: string | undefined, page: StoredPage): Encoding {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.br && page.brotli) return "br";
  return accepted.gzip ? "gzip" : "identity";
}

const ETAG_SUFFIX: Record<Encoding, string> = { br: "-br", gzip: "-gz", identity: "" };

/** True when the client's copy (in any encoding) is this page's current body. */
function notModified(ifNoneMatch: string | undefined, page: StoredPage): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  for (const tag of ifNoneMatch.split(",")) {
    const opaque = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    if (opaque.replace(/-(br|gz)$/, "") === page.etag) return true;
  }
  return false;
}

/**
 * A stored page that shows free times and has no form (no slot): a /book page with none free
 * in its span, or the meeting types to choose from. Stored and validated like any page, but kept
 * on no device: a copy there would go on saying "no free times" after staff open some.
 */
export const AVAILABILITY_PAGE_CACHE_CONTROL = "private, no-cache";

export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  perRequestHeaders: Array<[string, string]>,
  cache: "HIT" | "MISS",
  cacheControl: string = PUBLIC_PAGE_CACHE_CONTROL,
): number {
  const encoding = chooseEncoding(req.headers["accept-encoding"], page);
  const headers: Record<string, string> = Object.fromEntries(perRequestHeaders);
  headers["Cache-Control"] = cacheControl;
  headers.ETag = `"${page.etag}${ETAG_SUFFIX[encoding]}"`;
  headers.Vary = "Accept-Encoding";
  headers["X-Cache"] = cache;
  if (page.csp) headers["Content-Security-Policy"] = page.csp;
  if (notModified(req.headers["if-none-match"], page)) {
    res.writeHead(304, headers);
    res.end();
    return 0;
  }
  const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.identity;
  headers["Content-Type"] = page.contentType;
  headers["Content-Length"] = String(body?.length ?? 0);
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
  return req.method === "HEAD" ? 0 : (body?.length ?? 0);
}

/**
 * A stored page with this visitor's own value in its slot: stored for nobody else (private,
 * no validator), compressed without compressing per request (slotted-page.ts).
 */
export function sendSlottedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  value: string,
  perRequestHeaders: Array<[string, string]>,
  cache: "HIT" | "MISS",
): number {
  const slot = page.slot as SlottedPage;
  const gzipped = chooseEncoding(req.headers["accept-encoding"], page) !== "identity";
  const parts = fillSlot(slot, value, gzipped);
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const headers: Record<string, string> = Object.fromEntries(perRequestHeaders);
  headers["Cache-Control"] = "private, no-cache";
  headers.Vary = "Accept-Encoding";
  headers["X-Cache"] = cache;
  if (page.csp) headers["Content-Security-Policy"] = page.csp;
  headers["Content-Type"] = page.contentType;
  headers["Content-Length"] = String(length);
  if (gzipped) headers["Content-Encoding"] = "gzip";
  res.writeHead(page.status, headers);
  if (req.method === "HEAD") {
    res.end();
    return 0;
  }
  // The stored parts are written as they are (no copy of the page per visitor), in one writev.
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
  res.uncork();
  return length;
}

/** An answer the app made for this visitor alone: its own headers, never stored. */
export function sendPassedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  appHeaders: Headers,
  perRequestHeaders: Array<[string, string]>,
): number {
  for (const [name, value] of perRequestHeaders) res.setHeader(name, value);
  for (const [name, value] of appHeaders) {
    if (name === "set-cookie" || name === "content-length" || name === "x-page-cache") continue;
    res.setHeader(name, value);
  }
  const cookies = appHeaders.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (page.csp) res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("X-Cache", "MISS");
  res.setHeader("Vary", "Accept-Encoding");
  const gzipped = chooseEncoding(req.headers["accept-encoding"], page) !== "identity";
  const body = gzipped ? page.gzip : page.identity;
  if (gzipped) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", String(body.length));
  res.writeHead(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
  return req.method === "HEAD" ? 0 : body.length;
}
