import { createContext, useContext, useState } from "react";

/*
 * The enquiry form carries a signed token with the time it was rendered, so that the server can
 * tell a form filled in by a person from one posted a moment after it was fetched; each token is
 * good for one submission (docs/decisions/0014). The token is
 * made with the server's secret while the server renders the page: the document's renderer
 * (app/entry.server.tsx) provides the maker through this context. A page rendered for the page
 * cache gets a placeholder instead, which the cache replaces with a fresh token for each visitor
 * (docs/decisions/0009). In the browser there is no maker; a form that mounts there without a
 * rendered token (after a client-side navigation) fetches one from FORM_TOKEN_PATH (modules/forms/spam-fields.ts).
 */

export const FormTokenContext = createContext<() => string>(() => "");

/**
 * Stands for the visitor's token in a stored page. Never a valid token, and unlike anything else
 * in a page, so that the cache finds exactly where each visitor's token goes.
 */
export const FORM_TOKEN_PLACEHOLDER = "form-token-for-each-visitor-9f3c1e7a";

/** A fresh token while the server renders; "" in the browser. Kept across re-renders. */
export function useRenderedFormToken(): string {
  const issue = useContext(FormTokenContext);
  const [token] = useState(() => {
    if (typeof document !== "undefined") return "";
    try {
      return issue();
    } catch {
      return "";
    }
  });
  return token;
}
