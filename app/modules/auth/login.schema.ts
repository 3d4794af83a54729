import { z } from "zod";
import { AFTER_LOGIN_PATH } from "./constants";

/** The sign-in form: a username or an e-mail address, and a password (spec: both required). */
export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, "Enter your username")
    .max(254, "Must be at most 254 characters"),
  password: z.string().min(1, "Enter your password").max(200, "Must be at most 200 characters"),
});

export type LoginInput = z.output<typeof loginSchema>;

/** The locked sign-in page's "e-mail me an unlock link": the name that was tried. */
export const unlockRequestSchema = loginSchema.pick({ username: true });

/** Admin pages a sign-in must never lead back to: they would loop or act on a stale token. */
const NOT_AFTER_SIGN_IN = /^\/admin\/(?:login|logout|setup|unlock)(?:\/|$)/;

/** Any origin will do: only whether the target stays on it matters. */
const PROBE_ORIGIN = "https://site.invalid";

/**
 * Where to go after signing in: an admin page the visitor was sent away from, never another
 * site, never the sign-in, sign-out, setup or unlock pages. The target is resolved as a browser
 * would resolve it (dot segments, encoded dots, backslashes, tabs and newlines dropped), and
 * the resolved path is what is checked and returned, so "/admin/../..//evil.example" cannot
 * pass as an admin path and then become "//evil.example" in the browser.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/")) return AFTER_LOGIN_PATH;
  // A browser drops tabs and newlines and reads "\\" as "/": such a target is refused outright.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return AFTER_LOGIN_PATH;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return AFTER_LOGIN_PATH;
  }
  if (url.origin !== PROBE_ORIGIN) return AFTER_LOGIN_PATH;
  const path = url.pathname;
  if (path !== "/admin" && !path.startsWith("/admin/")) return AFTER_LOGIN_PATH;
  // The router matches decoded paths without regard to case: compare them that way.
  let decoded: string;
  try {
    decoded = decodeURIComponent(path).toLowerCase();
  } catch {
    return AFTER_LOGIN_PATH;
  }
  if (NOT_AFTER_SIGN_IN.test(decoded) || /[\\\s]/.test(decoded)) return AFTER_LOGIN_PATH;
  return `${path}${url.search}${url.hash}`;
}
