import { createContext } from "react-router";
import type { GeneralSettings } from "~/modules/settings/settings.schema";

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
