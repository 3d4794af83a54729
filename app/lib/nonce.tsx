import { createContext, useContext } from "react";

/**
 * Carries the CSP nonce to the document's inline scripts during server rendering. In the browser
 * the value is empty: browsers hide nonce attributes from the DOM and never need it again.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
