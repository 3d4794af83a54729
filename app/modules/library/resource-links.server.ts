import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The two signed values of a resource download (docs/decisions/0024-resource-downloads.md):
 *
 * - The download link, `/resources/<slug>/file?expires=<unix seconds>&sig=<HMAC>`, e-mailed to
 *   the visitor and opened at once after a request. The HMAC (the app's auth secret) covers the
 *   slug and the expiry, so neither can be changed; it is good for 7 days. Whether the resource
 *   is still published is checked when the link is opened, so unpublishing or deleting a
 *   resource stops its links.
 * - The "asked once" reference, `<enquiry id>.<issued at>.<HMAC>`, kept in an HttpOnly cookie
 *   so that a visitor who already gave their details is not asked again.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an e-mailed download link works. */
export const DOWNLOAD_LINK_DAYS = 7;
/** How long a visitor who asked once is remembered. */
export const REQUESTER_DAYS = 180;

function hmac(secret: string, purpose: string, payload: string): string {
  return createHmac("sha256", secret).update(`${purpose}|${payload}`).digest("base64url");
}

/** Compares two signatures in constant time (for equal lengths; a length differs at once). */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface DownloadLink {
  /** The link's path and query (prefix the site's address for an e-mail). */
  href: string;
  expiresAt: Date;
}

const linkPayload = (slug: string, expires: number) => `${slug}|${expires}`;

/** A signed download link for the resource, good for DOWNLOAD_LINK_DAYS from `now`. */
export function signDownloadLink(
  secret: string,
  slug: string,
  now: number = Date.now(),
): DownloadLink {
  const expires = Math.floor((now + DOWNLOAD_LINK_DAYS * DAY_MS) / 1000);
  const sig = hmac(secret, "resource-download", linkPayload(slug, expires));
  const query = new URLSearchParams({ expires: String(expires), sig });
  return {
    href: `/resources/${encodeURIComponent(slug)}/file?${query}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** What a download link's query says: "valid", or why it is not. */
export type DownloadLinkCheck = "valid" | "expired" | "invalid";

/** Checks a link's signature (constant time), then its expiry. */
export function checkDownloadLink(
  secret: string,
  slug: string,
  query: URLSearchParams,
  now: number = Date.now(),
): DownloadLinkCheck {
  const expiresText = query.get("expires") ?? "";
  const sig = query.get("sig") ?? "";
  if (!/^\d{1,12}$/.test(expiresText) || sig === "") return "invalid";
  const expires = Number(expiresText);
  const expected = hmac(secret, "resource-download", linkPayload(slug, expires));
  if (!sameSignature(expected, sig)) return "invalid";
  return expires * 1000 > now ? "valid" : "expired";
}

/** The signed reference to the lead of a visitor who asked once (the cookie's value). */
export function signRequesterRef(
  secret: string,
  enquiryId: string,
  now: number = Date.now(),
): string {
  const payload = `${enquiryId}.${Math.floor(now / 1000)}`;
  return `${payload}.${hmac(secret, "resource-requester", payload)}`;
}

/** The enquiry id of a valid, unexpired reference; undefined for anything else. */
export function checkRequesterRef(
  secret: string,
  value: string | undefined,
  now: number = Date.now(),
): string | undefined {
  const parts = value?.split(".") ?? [];
  if (parts.length !== 3) return undefined;
  const [enquiryId = "", issuedText = "", sig = ""] = parts;
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(enquiryId) || !/^\d{1,12}$/.test(issuedText)) return undefined;
  const payload = `${enquiryId}.${issuedText}`;
  if (!sameSignature(hmac(secret, "resource-requester", payload), sig)) return undefined;
  const age = now - Number(issuedText) * 1000;
  return age <= REQUESTER_DAYS * DAY_MS ? enquiryId : undefined;
}
