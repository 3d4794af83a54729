import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { logger } from "~/lib/logger.server";
import { NonceProvider } from "~/lib/nonce";
import { PAGE_CACHE_HEADER } from "~/lib/page-cache";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { pageHydrates, type RouteHandle } from "~/root";
import { DeferHydration } from "~/web/deferred-hydration.server";
import { FORM_TOKEN_PLACEHOLDER, FormTokenContext } from "~/web/form-token";
import { cspNonceContext, pageCacheRenderContext, runtimeFrom } from "~/web/request-context";

/** The deepest matched route that has a say decides whether the page may be stored. */
function storableForEveryone(routerContext: EntryContext): boolean {
  let storable = false;
  for (const match of routerContext.staticHandlerContext.matches) {
    const handle = routerContext.routeModules[match.route.id]?.handle as RouteHandle | undefined;
    if (handle?.pageCache !== undefined) storable = handle.pageCache;
  }
  return storable;
}

const isPublicPage = (routerContext: EntryContext) =>
  routerContext.staticHandlerContext.matches.some(
    (match) => match.route.id === "routes/public/layout",
  );

/** A public page that hydrates (decision 0067); the others have no module scripts to defer. */
const isHydratingPublicPage = (routerContext: EntryContext) =>
  isPublicPage(routerContext) &&
  pageHydrates(
    routerContext.staticHandlerContext.matches.map(
      (match) => routerContext.routeModules[match.route.id]?.handle,
    ),
  );

export const streamTimeout = 5_000;

/** A page for the cache gets the placeholder that each visitor's token replaces. */
const placeholderToken = () => FORM_TOKEN_PLACEHOLDER;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A page rendered for the cache carries no nonce: its policy lists script hashes instead.
  const forCache = loadContext.get(pageCacheRenderContext);
  const nonce = forCache ? undefined : loadContext.get(cspNonceContext);
  // The enquiry form's timing token (app/web/form-token.ts), made with the server's secret.
  const { authSecret } = runtimeFrom(loadContext).config;
  const issueToken = () => issueFormToken(authSecret);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document in one piece.
    // So does the page cache, which stores it.
    const readyOption: keyof RenderToPipeableStreamOptions =
      forCache || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <FormTokenContext.Provider value={forCache ? placeholderToken : issueToken}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </FormTokenContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Documents are rendered per request and carry a nonce: never reuse a stored copy. A
          // page with a visitor's own data (its route says `private, no-store`, and every answer
          // to a form post, which shows what was typed) is not kept by the browser at all.
          const ownData =
            request.method !== "GET" ||
            /\bno-store\b/i.test(responseHeaders.get("Cache-Control") ?? "");
          responseHeaders.set("Cache-Control", ownData ? "private, no-store" : "no-cache, private");
          if (forCache && responseStatusCode === 200 && storableForEveryone(routerContext)) {
            responseHeaders.set(PAGE_CACHE_HEADER, "store");
          }
          // A public page paints before its modules are fetched (app/web/deferred-hydration.server.ts).
          if (isHydratingPublicPage(routerContext))
            pipe(new DeferHydration(new URL(request.url).pathname)).pipe(body);
          else pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error("render_error", { error });
        },
      },
    );
  });
}

/**
 * Logs loader and action errors once, without sending details to the visitor. A refusal the
 * router makes itself (no such route, no action for a post: a 4xx with its own message) is not
 * an error of ours: the request's own log line records it, so anyone sending such requests
 * cannot fill the error log.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error("request_error", {
    error,
    method: request.method,
    path: new URL(request.url).pathname,
  });
}
