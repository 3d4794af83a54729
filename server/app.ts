/**
 * The part of the server that is bundled with the app by Vite (so that it shares module
 * instances, such as router contexts and the runtime, with the routes). The Node entry
 * (server/main.ts) loads it from build/server/index.js, or through Vite in development.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { clientAddressContext, cspNonceContext } from "~/lib/request-context";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";

export { getRuntime, startRuntime, stopRuntime } from "~/runtime.server";

export interface HandlerLocals {
  cspNonce: string;
  clientAddress: string;
}

export function createAppHandler(mode: string) {
  const handleRequest = createRequestHandler(
    () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode,
  );

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
