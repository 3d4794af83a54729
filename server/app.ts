/**
 * The part of the server that is bundled with the app by Vite (so that it shares module
 * instances, such as router contexts and the runtime, with the routes). The Node entry
 * (server/main.ts) loads it from build/server/index.js, or through Vite in development.
 */
import { Readable } from "node:stream";
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { PAGE_CACHE_HEADER } from "~/lib/page-cache";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";
import { openContentVersionReader } from "~/modules/commands/content-version.server";
import { issueFormToken } from "~/modules/enquiries/spam-defence.server";
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

/** Every request's router context starts with the process's runtime. */
function routerContext(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(runtimeContext, getRuntime());
  return context;
}

/** The app as an Express handler: `(req, res, next)`, errors handed to `next`. */
export function createAppHandler(mode: string) {
  const handleRequest = createRequestHandler(loadBuild, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => {
    const locals = res.locals as HandlerLocals;
    // Only the server says who the client is (better-auth reads the address from this header).
    req.headers[CLIENT_ADDRESS_HEADER] = locals.clientAddress;
    // The request's URL takes its host from Host alone, as nginx sends it; a forwarded host
    // header would come from the client, whom nothing checks.
    delete req.headers["x-forwarded-host"];
    try {
      const request = webRequestOf(withBodyReplayed(req), res);
      if (!request) {
        res.status(400).type("text/plain").send("Bad Request");
        return;
      }
      const context = routerContext();
      context.set(cspNonceContext, locals.cspNonce);
      context.set(clientAddressContext, locals.clientAddress);
      await send(res, withoutRouterDetail(request, await handleRequest(request, context)));
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
 * The Fetch API request for an Express one (what @react-router/express does), or null when its
 * Host cannot make a URL. Its abort signal fires when the client goes away before the answer.
 */
function webRequestOf(req: ExpressRequest, res: ExpressResponse): Request | null {
  const port = req.get("host")?.split(":")[1];
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port && /^\d+$/.test(port) ? `:${port}` : ""}`;
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return null;
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
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** Writes a Fetch API response to Express (what @react-router/express does). */
async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/** The members of a stream that the adapter uses to read a request's body. */
const STREAM_MEMBERS = new Set<PropertyKey>([
  "on",
  "once",
  "off",
  "pause",
  "resume",
  "destroy",
  "readable",
  "readableHighWaterMark",
]);

/**
 * The Node server has already read the body, within its size limit, into a Buffer (express.raw
 * in server/main.ts), so the request's own stream is spent. The adapter reads the body from
 * that stream: this gives it the same request with its stream members answered by a replay of
 * the Buffer.
 */
function withBodyReplayed(req: ExpressRequest): ExpressRequest {
  if (!Buffer.isBuffer(req.body)) return req;
  const replay = Readable.from([req.body], { objectMode: false });
  return new Proxy(req, {
    get(target, key) {
      if (!STREAM_MEMBERS.has(key)) return Reflect.get(target, key, target);
      const member = Reflect.get(replay, key, replay);
      return typeof member === "function" ? member.bind(replay) : member;
    },
  });
}

/**
 * Renders a public page for the page cache: the same for every visitor, so the request carries
 * nothing of the visitor's (no cookie, no address, the site's own origin rather than the Host
 * header a client sent) and the document gets no nonce. The whole body is read.
 */
export function createPageRenderer(mode: string) {
  const handleRequest = createRequestHandler(loadBuild, mode);
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
