/*
 * What a redirect may point from and to: plain code, shared by the admin's form and the server.
 */

/** The longest path or URL a redirect keeps (longer ones are noise, not addresses). */
export const MAX_REDIRECT_LENGTH = 500;

/**
 * A site path as redirects store and look it up: no query or fragment, no trailing slash (the
 * page cache's canonical form), at least "/".
 */
export function sitePathOf(path: string): string {
  let clean = path.split(/[?#]/)[0] ?? "";
  clean = clean.replace(/\/{2,}/g, "/");
  if (clean.length > 1 && clean.endsWith("/")) clean = clean.slice(0, -1);
  return clean || "/";
}

/** A path of this site: starts with one "/", no spaces or control characters. */
export const isSitePath = (value: string) =>
  value.startsWith("/") &&
  !value.startsWith("//") &&
  !/[\s\\]/.test(value) &&
  ![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** A target: a path of this site or an https address elsewhere. */
export function isRedirectTarget(value: string): boolean {
  if (isSitePath(value)) return true;
  if (!value.startsWith("https://")) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}
