import { createContext } from "react-router";
import type { GeneralSettings } from "~/modules/settings/settings.schema";

/** The per-request Content-Security-Policy nonce the Node server put in the response header. */
export const cspNonceContext = createContext<string>("");

/** The client's address as the server saw it (socket address, or the proxy's when trusted). */
export const clientAddressContext = createContext<string>("");

/**
 * The general settings, read once per request by the public layout's middleware (which also
 * answers 503 in maintenance mode); public page loaders take them from here.
 */
export const siteSettingsContext = createContext<GeneralSettings>();
