import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { logger } from "../app/lib/logger.server.ts";
import { clientAddress, clientProtocol } from "./forwarded.ts";
import { createHashedAssets } from "./page-cache/hashed-assets.ts";
import type { createPublicPageCache } from "./page-cache/public-page-cache.ts";
import { cacheableRequest, canonicalPath } from "./page-cache/request-key.ts";
import type { ServedBy } from "./page-cache/served-by.ts";
import { createTopLevelFiles } from "./page-cache/top-level-files.ts";
import { logRequest, millisecondsSince } from "./request-log.ts";
import {
  contentSecurityPolicy,
  STATIC_SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "./security-headers.ts";

const STRICTEST_POLICY = contentSecurityPolicy({ hashes: [] });

export interface FrontDoorOptions {
  clientDir: string;
  /** How many trusted reverse proxies stand in front (TRUST_PROXY; 0: none). */
  proxyHops: number;
  pageCache: ReturnType<typeof createPublicPageCache>;
  /** Everything the fast path does not answer: Express with the whole app. */
  fallback: RequestListener;
  isShuttingDown(): boolean;
}

/** A permanent redirect from another spelling of a path to its canonical one (query kept). */
function redirectToCanonical(
  req: IncomingMessage,
  res: ServerResponse,
  canonical: string,
  started: bigint,
  proxyHops: number,
) {
  const rawUrl = (req.url ?? "/").split("#")[0] ?? "/";
  const queryAt = rawUrl.indexOf("?");
  const location = queryAt === -1 ? canonical : `${canonical}${rawUrl.slice(queryAt)}`;
  const requestId = randomUUID();
  res.writeHead(301, {
    Location: location,
    "Cache-Control": "public, max-age=3600",
    "Content-Type": "text/plain; charset=utf-8",
    "X-Request-Id": requestId,
    ...Object.fromEntries(STATIC_SECURITY_HEADERS),
  });
  res.end(req.method === "HEAD" ? undefined : `Moved Permanently: ${location}\n`);
  logRequest(requestId, {
    method: req.method,
    path: canonical,
    status: 301,
    durationMs: millisecondsSince(started),
    bytes: undefined,
    address: clientAddress(req, proxyHops),
    cache: "hit",
  });
}

/**
 * The first stop of every request (docs/decisions/0009). Hashed assets and stored public pages are
 * answered here from memory, without Express or React; the rest goes to Express. Every answer
 * gets the same security headers, a request id and one log line saying which path served it.
 */
export function createFrontDoor(options: FrontDoorOptions): RequestListener {
  const serveHashedAsset = createHashedAssets(`${options.clientDir}/assets`);
  // Files at the top of the client build (icons, sw.js) are static files, not pages.
  const topLevelFiles = createTopLevelFiles(options.clientDir);

  const isSecure = (req: IncomingMessage) => clientProtocol(req, options.proxyHops) === "https";

  /** One line per request, once it is answered; `served` is filled in by whoever answers. */
  function logWhenFinished(
    req: IncomingMessage,
    res: ServerResponse,
    started: bigint,
    id: string,
    served: ServedBy,
  ) {
    // The pino instance directly, not pino-http: this is the hot path (server/request-log.ts).
    res.once("finish", () => {
      if (served.cache === "app") return;
      logRequest(id, {
        method: req.method,
        path: (req.url ?? "").split("?")[0] ?? "",
        status: res.statusCode,
        durationMs: millisecondsSince(started),
        bytes: served.bytes || undefined,
        address: clientAddress(req, options.proxyHops),
        cache: served.cache,
      });
    });
  }

  return (req, res) => {
    const started = process.hrtime.bigint();
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const reading = req.method === "GET" || req.method === "HEAD";
    const canonical = reading ? canonicalPath(path) : undefined;
    if (canonical !== undefined) {
      redirectToCanonical(req, res, canonical, started, options.proxyHops);
      return;
    }
    const isAsset = reading && path.startsWith("/assets/");
    const isTopLevelFile = reading && topLevelFiles.has(path);
    const candidate =
      isAsset || isTopLevelFile
        ? undefined
        : cacheableRequest(req.method, req.url, req.headers.cookie);
    if (!isAsset && !isTopLevelFile && !candidate) {
      options.fallback(req, res);
      return;
    }
    const requestId = randomUUID();
    const headers: Array<[string, string]> = [
      ["X-Request-Id", requestId],
      // No inline script at all; a stored page replaces it with its own hashes.
      ["Content-Security-Policy", STRICTEST_POLICY],
      ...STATIC_SECURITY_HEADERS,
    ];
    if (isSecure(req)) headers.push(["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY]);
    if (options.isShuttingDown()) headers.push(["Connection", "close"]);

    const served: ServedBy = { cache: "hit", bytes: 0 };
    if (isTopLevelFile) {
      logWhenFinished(req, res, started, requestId, served);
      topLevelFiles.serve(req, res, path, headers, served);
      return;
    }
    if (isAsset) {
      if (serveHashedAsset(req, res, path, headers, served)) {
        logWhenFinished(req, res, started, requestId, served);
      } else options.fallback(req, res);
      return;
    }
    logWhenFinished(req, res, started, requestId, served);
    options.pageCache
      .serve(req, res, candidate ?? { key: path }, headers, served, options.fallback)
      .catch((error: unknown) => {
        logger.error("unhandled_error", { error, method: req.method, path });
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(500, {
          "Content-Type": "text/plain; charset=utf-8",
          "X-Request-Id": requestId,
        });
        res.end("Internal Server Error");
      });
  };
}
