import { createContext, type RouterContextProvider } from "react-router";
import type { GeneralSettings } from "~/modules/settings/settings.schema";
import type { Runtime } from "~/runtime.server";

/*
 * What the router context carries for each request. The server (server/app.ts) sets the first
 * four when it builds the context; the public layout's middleware adds the settings.
 */

/**
 * The process's database, configuration and auth. Loaders, actions and middleware reach them
 * here (through runtimeFrom), never through a global, so that what a route uses is what the
 * server handed it.
 */
export const runtimeContext = createContext<Runtime>();

/** The per-request Content-Security-Policy nonce the Node server put in the response header. */
export const cspNonceContext = createContext<string>("");

/**
 * True when the page cache renders a page for everyone rather than for one visitor: the document
 * is rendered whole, with no nonce, and says whether it may be stored (docs/decisions/0009).
 */
export const pageCacheRenderContext = createContext<boolean>(false);

/** The client's address as the server saw it (socket address, or the proxy's when trusted). */
export const clientAddressContext = createContext<string>("");

/**
 * The general settings, read once per request by the public layout's middleware (which also
 * answers 503 in maintenance mode); public page loaders take them from here.
 */
export const siteSettingsContext = createContext<GeneralSettings>();

/** `const { db, config } = runtimeFrom(context)` in a loader, action or middleware. */
export function runtimeFrom(context: Readonly<RouterContextProvider>) {
  const { database, config, auth } = context.get(runtimeContext);
  return { db: database.db, config, auth };
}
