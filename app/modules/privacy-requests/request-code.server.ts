import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_LENGTH } from "./request-fields";

/*
 * The one-time code of a request and the signed link of an access request's download
 * (decision 0062). A 6-digit code has only a million values, so it is kept as an HMAC with the
 * app's secret and the request's id (a stolen table cannot be read back by trying every code),
 * it expires, and the wrong tries are counted (MAX_CODE_TRIES) besides the rate limit.
 */

/** How long a code works. */
export const CODE_VALID_MS = 30 * 60 * 1000;
/** Wrong tries after which a code is dead (the person starts again). */
export const MAX_CODE_TRIES = 5;
/** How long the download links of a verified access request work. */
export const DOWNLOAD_VALID_MS = 24 * 60 * 60 * 1000;

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

export function codeHash(secret: string, requestId: string, code: string): string {
  return createHmac("sha256", secret).update(`privacy-code|${requestId}|${code}`).digest("hex");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const codeMatches = (secret: string, requestId: string, code: string, stored: string) =>
  sameText(codeHash(secret, requestId, code), stored);

function downloadSignature(secret: string, requestId: string, verifiedAt: string): string {
  return createHmac("sha256", secret)
    .update(`privacy-download|${requestId}|${verifiedAt}`)
    .digest("base64url");
}

/** `<request id>.<signature>`: names the request; good while the request says it is. */
export const downloadToken = (secret: string, requestId: string, verifiedAt: string) =>
  `${requestId}.${downloadSignature(secret, requestId, verifiedAt)}`;

/** The request id a token names, before its signature is checked against the stored request. */
export function requestIdOfToken(token: string): string | undefined {
  const dot = token.lastIndexOf(".");
  return dot > 0 ? token.slice(0, dot) : undefined;
}

/** Whether the token is the one of this verified request, within DOWNLOAD_VALID_MS. */
export function downloadTokenValid(
  secret: string,
  token: string,
  request: { id: string; verifiedAt: string | null },
  now: number,
): boolean {
  if (!request.verifiedAt) return false;
  if (now - Date.parse(request.verifiedAt) > DOWNLOAD_VALID_MS) return false;
  return sameText(token, downloadToken(secret, request.id, request.verifiedAt));
}
