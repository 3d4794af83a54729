/**
 * The part of the server that is bundled with the app by Vite (so that it shares module
 * instances, such as router contexts and the runtime, with the routes). The Node entry
 * (server/main.ts) loads it from build/server/index.js, or through Vite in development.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { PAGE_CACHE_HEADER } from "~/lib/page-cache";
import {
  clientAddressContext,
  cspNonceContext,
  pageCacheRenderContext,
} from "~/lib/request-context";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";
import { openContentVersionReader } from "~/modules/commands/content-version.server";
import { FORM_TOKEN_PLACEHOLDER } from "~/modules/enquiries/form-token";
import { issueFormToken } from "~/modules/enquiries/spam-defence.server";
import { getRuntime } from "~/runtime.server";
import type { RenderedPage } from "./page-cache/public-page-cache.ts";

export { getRuntime, startRuntime, stopRuntime } from "~/runtime.server";

export interface HandlerLocals {
  cspNonce: string;
  clientAddress: string;
}

const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

export function createAppHandler(mode: string) {
  const handleRequest = createRequestHandler(loadBuild, mode);

  return async (req: ExpressRequest, res: ExpressResponse) => {
    const locals = res.locals as HandlerLocals;
    const context = new RouterContextProvider();
    context.set(cspNonceContext, locals.cspNonce);
    context.set(clientAddressContext, locals.clientAddress);
    const response = await handleRequest(toFetchRequest(req, res, locals), context);
    await sendFetchResponse(res, response);
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, locals: HandlerLocals): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  // Only the server says who the client is.
  headers.set(CLIENT_ADDRESS_HEADER, locals.clientAddress);

  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  // The Node server has already read the body, within its size limit, into a Buffer.
  if (req.method !== "GET" && req.method !== "HEAD" && Buffer.isBuffer(req.body)) {
    init.body = new Uint8Array(req.body);
  }
  return new Request(url, init);
}

async function sendFetchResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // append (not set) keeps each Set-Cookie as a header of its own.
    res.append(key, value);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * Renders a public page for the page cache: the same for every visitor, so the request carries
 * nothing of the visitor's (no cookie, no address, the site's own origin rather than the Host
 * header a client sent) and the document gets no nonce. The whole body is read.
 */
export function createPageRenderer(mode: string) {
  const handleRequest = createRequestHandler(loadBuild, mode);
  return async (path: string): Promise<RenderedPage> => {
    const context = new RouterContextProvider();
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
 * for each visitor by the page cache (app/modules/enquiries/form-token.ts).
 */
export const visitorSlot = {
  placeholder: FORM_TOKEN_PLACEHOLDER,
  fill: () => issueFormToken(getRuntime().config.authSecret),
};

/** The page cache's reader of the public content version (see content-version.server.ts). */
export const openVersionReader = () => openContentVersionReader(getRuntime().database);
