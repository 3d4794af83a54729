/* Auth facts that forms in the browser need too (auth.server.ts re-exports them). */

export const LOGIN_PATH = "/admin/login";
/** Where a successful sign-in leads when no other admin page was asked for. */
export const AFTER_LOGIN_PATH = "/admin/dashboard";

/** The login failure message (spec section 8), for every failure: it never says which part. */
export const LOGIN_FAILED_MESSAGE = "Invalid username or password";

/** The answer to "e-mail me an unlock link", the same whether the account exists or not. */
export const UNLOCK_REQUESTED_MESSAGE =
  "If that account exists and is locked, an unlock link is on its way to its e-mail address. The link works once, within 1 hour.";

/** The sign-in page's notice after an unlock link was used. */
export const UNLOCKED_NOTICE = "Sign-in is unlocked. You can sign in now.";
