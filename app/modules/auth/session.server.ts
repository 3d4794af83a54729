import { isAPIError } from "better-auth/api";
import type { SignInProvider } from "~/config.server";
import type { Auth } from "./auth.server";
import { TOO_MANY_ATTEMPTS } from "./auth.server";
import { LOGIN_FAILED_MESSAGE } from "./constants";
import type { LoginInput } from "./login.schema";

/*
 * Sign-in and sign-out for the admin's own pages, through better-auth's server API (so its hooks
 * (the failed-login limit) and cookies apply exactly as on its HTTP endpoints). The results carry
 * the Set-Cookie headers for the route's redirect.
 */

export type SignInResult =
  | { ok: true; cookies: Headers }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfter: number };

/** Copies the Set-Cookie headers of a better-auth call onto a fresh Headers object. */
export function cookieHeaders(source: Headers | null | undefined): Headers {
  const headers = new Headers();
  for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Signs in with a username or an e-mail address. Any failure reads the same. */
export async function signInWithPassword(
  auth: Auth,
  credentials: LoginInput,
  requestHeaders: Headers,
): Promise<SignInResult> {
  const { username, password } = credentials;
  try {
    const { headers } = username.includes("@")
      ? await auth.api.signInEmail({
          body: { email: username, password, rememberMe: true },
          headers: requestHeaders,
          returnHeaders: true,
        })
      : await auth.api.signInUsername({
          body: { username, password, rememberMe: true },
          headers: requestHeaders,
          returnHeaders: true,
        });
    return { ok: true, cookies: cookieHeaders(headers) };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const body = (error.body ?? {}) as { code?: string; message?: string; retryAfter?: number };
    if (error.statusCode === 429 && body.code === TOO_MANY_ATTEMPTS) {
      return {
        ok: false,
        status: 429,
        message: body.message ?? "Too many failed sign-in attempts. Try again later.",
        retryAfter: body.retryAfter ?? 900,
      };
    }
    return { ok: false, status: 401, message: LOGIN_FAILED_MESSAGE };
  }
}

/** Starts a sign-in with a provider: the provider's address to send the browser to. */
export async function startProviderSignIn(
  auth: Auth,
  provider: SignInProvider,
  callbackURL: string,
  requestHeaders: Headers,
): Promise<{ url: string; cookies: Headers }> {
  const { headers, response } = await auth.api.signInSocial({
    body: {
      provider,
      callbackURL,
      errorCallbackURL: "/admin/login?error=provider",
      disableRedirect: true,
    },
    headers: requestHeaders,
    returnHeaders: true,
  });
  if (!response.url) throw new Error(`No sign-in address from ${provider}`);
  return { url: response.url, cookies: cookieHeaders(headers) };
}

/** Ends the session in the request's cookie; the headers clear the cookie. */
export async function signOut(auth: Auth, requestHeaders: Headers): Promise<Headers> {
  try {
    const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return cookieHeaders(headers);
  } catch (error) {
    // No session (already signed out): nothing to end, but the cookie is cleared all the same.
    if (!isAPIError(error)) throw error;
    const headers = new Headers();
    headers.append(
      "Set-Cookie",
      "better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    );
    headers.append(
      "Set-Cookie",
      "__Secure-better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
    return headers;
  }
}
