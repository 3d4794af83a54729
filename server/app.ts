/**
 * The part of the server that is bundled with the app by Vite (so that it shares module
 * instances, such as router contexts and the runtime, with the routes). The Node server
 * (server/http-server.ts) loads it from build/server/index.js, or through Vite in development.
 */
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { PAGE_CACHE_HEADER } from "~/lib/page-cache";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";
import { openContentVersionReader } from "~/modules/commands/content-version.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { getRuntime } from "~/runtime.server";
import { FORM_TOKEN_PLACEHOLDER } from "~/web/form-token";
import {
  clientAddressContext,
  cspNonceContext,
  pageCacheRenderContext,
  runtimeContext,
} from "~/web/request-context";
import type { RenderedPage } from "./page-cache/public-page-cache.ts";

export { getRuntime, startRuntime, stopRuntime } from "~/runtime.server";

export interface HandlerLocals {
  cspNonce: string;
  clientAddress: string;
}

const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * React Router's handler for the build. Given a function, React Router derives its routes again
 * for every request (it expects the build to change, as in development): flattening and ranking
 * the app's ~640 routes was ~2 ms of every request's CPU, of each page render and of each hit
 * passed to the app (decision 0066). In production the build never changes: it is read once.
 */
function requestHandlerFor(mode: string): ReturnType<typeof createRequestHandler> {
  if (mode !== "production") return createRequestHandler(loadBuild, mode);
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  return async (request, context) => {
    handler ??= createRequestHandler(await loadBuild(), mode);
    return handler(request, context);
  };
}

/** Every request's router context starts with the process's runtime. */
function routerContext(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(runtimeContext, getRuntime());
  return context;
}

/** The app as an Express handler: `(req, res, next)`, errors handed to `next`. */
export function createAppHandler(mode: string) {
  const handleRequest = requestHandlerFor(mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => {
    const locals = res.locals as HandlerLocals;
    // Only the server says who the client is (better-auth reads the address from this header).
    req.headers[CLIENT_ADDRESS_HEADER] = locals.clientAddress;
    // The request's URL takes its host from Host alone, as nginx sends it; a forwarded host
    // header would come from the client, whom nothing checks.
    delete req.headers["x-forwarded-host"];
    try {
      const made = webRequestOf(req, res);
      if ("refusal" in made) {
        // A client's mistake: a 400 and the request's own log line (info), never a stack.
        res.status(400).set("Cache-Control", "no-store").type("text/plain").send(made.refusal);
        return;
      }
      const context = routerContext();
      context.set(cspNonceContext, locals.cspNonce);
      context.set(clientAddressContext, locals.clientAddress);
      await send(
        res,
        withoutRouterDetail(made.request, await handleRequest(made.request, context)),
      );
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The router answers 405 by itself for a post to a route without an action (or a GET to one
 * without a loader), with its own message, which names the route's file, in the body. Routes that
 * refuse a method themselves say which they allow (`Allow`); the router's do not, and get a
 * short answer of ours instead.
 */
function withoutRouterDetail(request: Request, response: Response): Response {
  if (response.status !== 405 || response.headers.has("allow")) return response;
  void response.body?.cancel();
  const reading = request.method === "GET" || request.method === "HEAD";
  return new Response(
    reading
      ? "Method Not Allowed. This address only takes form posts.\n"
      : "Method Not Allowed. This address cannot take a form post.\n",
    {
      status: 405,
      headers: {
        Allow: reading ? "POST" : "GET, HEAD",
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      },
    },
  );
}

/**
 * The path with its percent-escapes decoded (as React Router decodes each segment), or null when
 * one does not decode. The router would otherwise match such a path undecoded and print a warning
 * of its own, not a JSON log line, holding the whole path (issue 22). (The result is used: the
 * bundler drops a call to decodeURIComponent whose result is not.)
 */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The Fetch API request for an Express one (what @react-router/express did), or why there is
 * none: no Host to make its URL from (HTTP/1.0 may leave it out; HTTP/1.1 may send it empty), or
 * a path that does not decode. Its abort signal fires when the client goes away before the
 * answer. A body the Node server has already read (express.raw in server/open-site.ts, within its
 * limit) is handed over as it is; an upload's body is streamed from the request.
 */
function webRequestOf(
  req: ExpressRequest,
  res: ExpressResponse,
): { request: Request } | { refusal: string } {
  const hostname = req.hostname?.split(/[\\/?#@]/)[0];
  if (!hostname) return { refusal: "Bad Request. The request has no valid Host header.\n" };
  const port = req.get("host")?.split(":")[1];
  let url: URL;
  try {
    url = new URL(
      `${req.protocol}://${hostname}${port && /^\d+$/.test(port) ? `:${port}` : ""}${req.originalUrl}`,
    );
  } catch {
    return { refusal: "Bad Request. The request's address is not a valid URL.\n" };
  }
  if (decodedPath(url.pathname) === null) {
    return { refusal: "Bad Request. The address has an invalid percent-encoding.\n" };
  }
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => {
    finished = true;
  });
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // express.raw's Buffer sits on a plain ArrayBuffer (never a shared one), as BodyInit needs.
    if (Buffer.isBuffer(req.body)) init.body = req.body as Uint8Array<ArrayBuffer>;
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return { request: new Request(url.href, init) };
}

/** Writes a Fetch API response to Express (what @react-router/express did). */
async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // Each header field once: a route's own value (a private page's Referrer-Policy, a file's
  // X-Content-Type-Options) replaces the default the server set before the app ran; only
  // Set-Cookie may come several times.
  for (const [name, value] of response.headers.entries()) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  if (res.req.method === "POST") {
    /*
     * A form post's answer is complete when its action returns (route data, JSON, a page with
     * the form's messages): sent in one piece with its length, so compression leaves out what is
     * under its threshold and compresses the rest in one go. Streamed, it set up a gzip stream
     * for every post, however small its answer: ~6% of the server's CPU in issue 25's crowd.
     */
    const body = Buffer.from(await response.arrayBuffer());
    res.setHeader("Content-Length", String(body.length));
    res.end(body);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * Renders a public page for the page cache: the same for every visitor, so the request carries
 * nothing of the visitor's (no cookie, no address, the site's own origin rather than the Host
 * header a client sent) and the document gets no nonce. The whole body is read.
 */
export function createPageRenderer(mode: string) {
  const handleRequest = requestHandlerFor(mode);
  return async (path: string): Promise<RenderedPage> => {
    const context = routerContext();
    context.set(pageCacheRenderContext, true);
    const request = new Request(new URL(path, getRuntime().config.baseUrl), {
      headers: { Accept: "text/html,*/*" },
    });
    const response = await handleRequest(request, context);
    const body = Buffer.from(await response.arrayBuffer());
    const storable =
      response.status === 200 &&
      response.headers.get(PAGE_CACHE_HEADER) === "store" &&
      !response.headers.has("set-cookie");
    response.headers.delete(PAGE_CACHE_HEADER);
    return { status: response.status, headers: response.headers, body, storable };
  };
}

/**
 * The one per-visitor value a stored page may hold: the enquiry form's timing token, filled in
 * for each visitor by the page cache (app/web/form-token.ts).
 */
export const visitorSlot = {
  placeholder: FORM_TOKEN_PLACEHOLDER,
  fill: () => issueFormToken(getRuntime().config.authSecret),
};

/** The page cache's reader of the public content version (see content-version.server.ts). */
export const openVersionReader = () => openContentVersionReader(getRuntime().database);
