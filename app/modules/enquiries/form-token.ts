/*
 * The enquiry form carries a signed token with the time it was rendered, so that the server can
 * tell a form filled in by a person from one posted a moment after it was fetched. The token is
 * made with the server's secret, so it is put into the page while the server renders it: the
 * server registers the maker below (form-token.server.ts) and the form asks for a token during
 * that render. In the browser there is no maker; a form that mounts there without a rendered
 * token (after a client-side navigation) fetches one from FORM_TOKEN_PATH.
 */

let issuer: (() => string) | undefined;

/** Registers the function that makes tokens; called once by the server. */
export function setFormTokenIssuer(make: () => string): void {
  issuer = make;
}

/** A fresh token while the server renders; "" in the browser. */
export function formTokenForRender(): string {
  if (typeof document !== "undefined" || !issuer) return "";
  try {
    return issuer();
  } catch {
    return "";
  }
}

/** Where the browser gets a token when the page did not come with one. */
export const FORM_TOKEN_PATH = "/api/enquiries/token";
