/**
 * One site of the Node server (server/http-server.ts starts it, and opens it anew for a reused
 * test server, decision 0095): the runtime started on a configuration, and the HTTP concerns
 * around the React Router app (security headers, compression, static files, body limits, request
 * logs, health checks), listening, with its graceful close.
 * Run directly by Node (type stripping), so it imports only relative `.ts` files and packages.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { resolve } from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { AppConfig } from "../app/config.server.ts";
import { logger } from "../app/lib/logger.server.ts";
import { withLeadSourceCookie } from "../app/modules/attribution/lead-source-listener.server.ts";
import { isStreamedUpload } from "../app/web/upload-paths.ts";
import { admitInOrder } from "./admission.ts";
import type * as AppModule from "./app.ts";
import { clientAddress, clientProtocol } from "./forwarded.ts";
import { createFrontDoor } from "./front-door.ts";
import { createPublicPageCache } from "./page-cache/public-page-cache.ts";
import { batchedVersionCheck } from "./page-cache/version-check.ts";
import { expressRequestLog } from "./request-log.ts";
import {
  contentSecurityPolicy,
  STATIC_SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "./security-headers.ts";

/** Form posts and JSON bodies larger than this are refused with 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
const SHUTDOWN_GRACE_MS = 10_000;
/** A post whose file its route reads as a stream, within the file's own limit (upload-paths.ts). */
const carriesStreamedUpload = (req: IncomingMessage) =>
  isStreamedUpload(req.method ?? "", req.url ?? "", String(req.headers["content-type"] ?? ""));
/** The longest a request keeps its place among those in progress (a slow client's). */
const ADMISSION_LEASE_MS = 2_000;
/** The methods the site answers; any other gets 405 before it reaches the app. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
/** A stored page is rendered again after this long even when nothing was written (the year). */
const PAGE_CACHE_MAX_AGE_MS = 10 * 60 * 1000;
/** Where `npm run build` wrote the app (react-router.config.ts reads the same variable). */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export type LoadedApp = typeof AppModule;

export interface OpenSite {
  /**
   * Stops accepting, lets in-flight requests finish (or, without `drain`, ends every connection
   * at once), then stops the runtime (database, jobs).
   */
  close(options: { drain: boolean }): Promise<void>;
}

/**
 * The site on `config`: the runtime (database, jobs) started, the Express app and the front door
 * in front of it, listening. Undefined when the runtime could not start (said on stderr).
 */
export async function openSite({
  appModule,
  loadApp,
  config,
  vite,
}: {
  appModule: LoadedApp;
  loadApp: () => Promise<LoadedApp>;
  config: AppConfig;
  vite: Awaited<ReturnType<typeof import("vite").createServer>> | undefined;
}): Promise<OpenSite | undefined> {
  try {
    await appModule.startRuntime(config);
  } catch (error) {
    process.stderr.write(`Could not start: ${(error as Error).message}\n`);
    return undefined;
  }
  const dev = config.env === "development";
  const app = express();
  app.disable("x-powered-by");
  // A number is a count of proxies to Express: req.ip is then what the outermost one saw, as
  // clientAddress (server/forwarded.ts) says; 0 believes no forwarded header at all.
  app.set("trust proxy", config.proxyHops);
  let shuttingDown = false;

  // One JSON log line per request and its X-Request-Id, by pino-http (server/request-log.ts;
  // answers from the page cache are logged by the front door in the same shape).
  app.use(expressRequestLog());
  app.use((_req, res, next) => {
    res.setHeader("X-Cache", "MISS");
    if (shuttingDown) res.setHeader("Connection", "close");
    next();
  });

  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.locals.clientAddress = clientAddress(req, config.proxyHops);
    // Express reads the left-most X-Forwarded-Proto, which a visitor can write: leave it only
    // the value the outermost trusted proxy gave (req.protocol, req.secure, the app's URLs).
    if (config.proxyHops > 0) {
      req.headers["x-forwarded-proto"] = clientProtocol(req, config.proxyHops);
    }
    res.setHeader(
      dev ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy",
      contentSecurityPolicy({ nonce }),
    );
    for (const [name, value] of STATIC_SECURITY_HEADERS) res.setHeader(name, value);
    if (req.secure) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    next();
  });

  // The site is read with GET and HEAD and written to with form posts; nothing else reaches the
  // app (the Fetch API cannot even make a TRACE request, which used to end in a 500). 405, not
  // 501: a refusal of the client's request, never a fault of the server's (no 5xx).
  app.use((req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) {
      next();
      return;
    }
    res
      .status(405)
      .set({ Allow: ALLOWED_METHODS.join(", "), "Cache-Control": "no-store" })
      .type("text/plain")
      .send("Method Not Allowed. This site answers GET, HEAD and POST requests only.\n");
  });

  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // The deployed build, for open tabs that check whether they run an older one.
  const buildIdFile = resolve(BUILD_DIR, "client/build-id.txt");
  const buildId = existsSync(buildIdFile)
    ? readFileSync(buildIdFile, "utf8").trim()
    : "development";
  app.get("/version.json", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ buildId });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      if (shuttingDown) throw new Error("shutting down");
      await appModule.getRuntime().database.ping();
      res.json({ status: "ready" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Hashed file names change with their content, so they can be cached for a year.
    app.use(
      "/assets",
      express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(
      express.static(`${BUILD_DIR}/client`, {
        maxAge: "1h",
        index: false,
        // The service worker must be revalidated on every check, or updates would lag an hour.
        setHeaders: (res, path) => {
          if (path.endsWith("sw.js")) res.setHeader("Cache-Control", "no-cache");
        },
      }),
    );
  }

  // Bodies are read here, within the limit, before the app sees them; a post that carries a file
  // is left to its route, which reads it as a stream within that file's limit (upload-paths.ts).
  app.use(
    express.raw({
      type: (req) => !carriesStreamedUpload(req),
      limit: BODY_LIMIT_BYTES,
    }),
  );

  const productionHandler = vite ? undefined : appModule.createAppHandler("production");
  app.use(async (req, res, next) => {
    try {
      // In development the module is fetched per request so that edits apply without a restart.
      const handler = productionHandler ?? (await loadApp()).createAppHandler("development");
      await handler(req, res, next);
    } catch (error) {
      next(error);
    }
  });

  // Last resort: log the error, tell the visitor something plain, never a stack trace.
  app.use(
    (
      error: Error & { type?: string; status?: number },
      req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
      if (error.type === "entity.too.large") {
        res.status(413).type("text/plain").send("Payload Too Large");
        return;
      }
      if (error.status && error.status >= 400 && error.status < 500) {
        res.status(error.status).type("text/plain").send("Bad Request");
        return;
      }
      logger.error("unhandled_error", { error, method: req.method, path: req.path });
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.status(500).type("text/plain").send("Internal Server Error");
    },
  );

  // Production: the front door answers hashed assets and stored public pages before Express.
  let versionReader: ReturnType<LoadedApp["openVersionReader"]> | undefined;
  let listener: Parameters<typeof createServer>[1] = app;
  if (!vite) {
    versionReader = appModule.openVersionReader();
    const pageCache = createPublicPageCache({
      maxBytes: config.pageCacheBytes,
      maxAgeMs: PAGE_CACHE_MAX_AGE_MS,
      currentVersion: batchedVersionCheck(versionReader.read),
      render: appModule.createPageRenderer("production"),
      visitorSlot: appModule.visitorSlot,
    });
    listener = createFrontDoor({
      clientDir: resolve(BUILD_DIR, "client"),
      proxyHops: config.proxyHops,
      pageCache,
      fallback: app,
      isShuttingDown: () => shuttingDown,
    });
  }
  // Bytes that do not parse as a request (e.g. a body sent with no Content-Length or chunking,
  // read as the next request on its connection) get Node's own answer: a 400 if nothing was sent
  // on that connection yet, otherwise the connection is closed. That close is deliberate: nothing
  // after unparsable bytes can be trusted to be a request (tests/e2e/malformed-input.test.ts).
  // At most config.requestsInProgress requests in progress; the rest wait in line (decision 0083).
  const admission = admitInOrder(withLeadSourceCookie(listener, config), {
    limit: config.requestsInProgress,
    leaseMs: ADMISSION_LEASE_MS,
    bypass: carriesStreamedUpload,
    // A form sent (a visitor's enquiry or booking, a staff save) goes ahead of page views.
    ahead: (req) => req.method === "POST",
  });
  const server: Server = createServer(admission.listener);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info("server_listening", {
      url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`,
      env: config.env,
      pid: process.pid,
    });
  });
  server.on("error", (error) => {
    process.stderr.write(`Could not listen on ${config.host}:${config.port}: ${error.message}\n`);
    process.exit(1);
  });

  const close = ({ drain }: { drain: boolean }) =>
    new Promise<void>((done) => {
      shuttingDown = true;
      if (!drain) server.closeAllConnections();
      const force = setTimeout(() => {
        logger.warn("shutdown_forced", { afterMs: SHUTDOWN_GRACE_MS });
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      server.close(async () => {
        clearTimeout(force);
        versionReader?.close();
        await appModule.stopRuntime();
        done();
      });
      server.closeIdleConnections();
    });
  return { close };
}
