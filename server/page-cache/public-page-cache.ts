import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { contentSecurityPolicy } from "../security-headers.ts";
import { inlineScriptHashes } from "./inline-scripts.ts";
import { PageStore, type StoredPage } from "./page-store.ts";
import type { ServedBy } from "./served-by.ts";
import { fillSlot, type SlottedPage, slotPage } from "./slotted-page.ts";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Public pages: anyone may keep a copy, browsers revalidate at once (so an edit is seen on the
 * next visit), a CDN or proxy may keep one for a minute and serve it stale while it revalidates.
 */
export const PUBLIC_PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** What the app answers for a path, rendered without a nonce and read whole. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The app says the page is the same for every visitor (and it sets no cookie). */
  storable: boolean;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** A stored page is rendered again after this long even without a write (dates, the year). */
  maxAgeMs: number;
  currentVersion(): Promise<number>;
  render(key: string): Promise<RenderedPage>;
  /** Where a stored page holds a per-visitor value, and how to make one for each visitor. */
  visitorSlot: { placeholder: string; fill: () => string };
}

interface Filled {
  page: StoredPage;
  stored: boolean;
  renderMs: number;
  /** Headers of an answer that is not stored (it is sent as the app made it). */
  passHeaders?: Headers;
}

/**
 * The full-page cache of public pages (docs/decisions/0009). A hit is answered from stored bytes
 * without entering Express or React; a miss renders once per page and content version, however
 * many visitors ask at the same moment, and stores the result when the app says it may.
 */
export function createPublicPageCache(options: PageCacheOptions) {
  const store = new PageStore(options.maxBytes);
  const filling = new Map<string, Promise<Filled>>();

  async function fill(key: string, version: number): Promise<Filled> {
    const started = performance.now();
    const rendered = await options.render(key);
    const isDocument = /^text\/html/i.test(rendered.headers.get("content-type") ?? "");
    const hashes = isDocument ? inlineScriptHashes(rendered.body.toString("utf8")) : [];
    const slot = rendered.storable
      ? slotPage(rendered.body, options.visitorSlot.placeholder)
      : undefined;
    const page: StoredPage = {
      key,
      version,
      storedAt: Date.now(),
      status: rendered.status,
      contentType: rendered.headers.get("content-type") ?? "application/octet-stream",
      csp: isDocument ? contentSecurityPolicy({ hashes }) : undefined,
      etag: createHash("sha256").update(rendered.body).digest("base64url").slice(0, 27),
      identity: rendered.body,
      gzip: slot
        ? Buffer.alloc(0)
        : await gzipAsync(rendered.body, { level: rendered.storable ? 9 : 6 }),
      slot,
    };
    const renderMs = performance.now() - started;
    if (!rendered.storable) return { page, stored: false, renderMs, passHeaders: rendered.headers };
    store.set(page);
    if (slot) return { page, stored: true, renderMs };
    // Brotli at its best level takes a few hundred milliseconds: done once, off the event loop,
    // while gzip answers in the meantime.
    brotliAsync(rendered.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
      },
    }).then(
      (brotli) => store.addBrotli(page, brotli),
      () => {},
    );
    return { page, stored: true, renderMs };
  }

  function fillOnce(key: string, version: number): Promise<Filled> {
    const flightKey = `${version} ${key}`;
    let flight = filling.get(flightKey);
    if (!flight) {
      flight = fill(key, version).finally(() => filling.delete(flightKey));
      filling.set(flightKey, flight);
      return flight;
    }
    // A page that turned out not to be storable (it carries per-visitor values) is rendered for
    // each visitor on their own.
    return flight.then((shared) => (shared.stored ? shared : fill(key, version)));
  }

  return {
    store,
    /** Answers a cacheable request; resolves with what served it. */
    async serve(
      req: IncomingMessage,
      res: ServerResponse,
      key: string,
      perRequestHeaders: Array<[string, string]>,
      served: ServedBy,
    ): Promise<void> {
      const version = await options.currentVersion();
      const stored = store.get(key);
      if (stored && stored.version === version && Date.now() - stored.storedAt < options.maxAgeMs) {
        served.cache = "hit";
        served.bytes = stored.slot
          ? sendSlottedPage(req, res, stored, options.visitorSlot.fill(), perRequestHeaders, "HIT")
          : sendPage(req, res, stored, perRequestHeaders, "HIT");
        return;
      }
      const filled = await fillOnce(key, version);
      const headers: Array<[string, string]> = [
        ...perRequestHeaders,
        ["Server-Timing", `render;dur=${filled.renderMs.toFixed(1)}`],
      ];
      served.cache = "miss";
      served.bytes = filled.passHeaders
        ? sendPassedPage(req, res, filled.page, filled.passHeaders, headers)
        : filled.page.slot
          ? sendSlottedPage(req, res, filled.page, options.visitorSlot.fill(), headers, "MISS")
          : sendPage(req, res, filled.page, headers, "MISS");
    },
  };
}

type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts that we hold (brotli, then gzip, then none). */
function chooseEncoding(acceptEncoding: string | undefined, page: StoredPage): Encoding {
  if (!acceptEncoding) return "identity";
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const refused = parameters.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === "br") br = true;
    else if (name === "gzip" || name === "*") gz = true;
  }
  if (br && page.brotli) return "br";
  return gz ? "gzip" : "identity";
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

function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  perRequestHeaders: Array<[string, string]>,
  cache: "HIT" | "MISS",
): number {
  const encoding = chooseEncoding(req.headers["accept-encoding"], page);
  const headers: Record<string, string> = Object.fromEntries(perRequestHeaders);
  headers["Cache-Control"] = PUBLIC_PAGE_CACHE_CONTROL;
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
function sendSlottedPage(
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
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
  res.uncork();
  return length;
}

/** An answer the app made for this visitor alone: its own headers, never stored. */
function sendPassedPage(
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
