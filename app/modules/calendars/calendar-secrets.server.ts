import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * A calendar's credentials (a CalDAV password, a secret iCalendar address) are stored encrypted
 * with AES-256-GCM, under a key derived from AUTH_SECRET with HKDF (decision 0048): a copy of the
 * database alone does not give anyone the consultants' calendars, and no second secret has to be
 * configured. The info string keeps this key apart from anything else derived from AUTH_SECRET.
 * Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url), the version naming the scheme.
 */

const INFO = "consultant-calendar-credentials v1";
const SALT = "total-rewards-site";

export function calendarKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, SALT, INFO, 32));
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain text; throws when the key is not the one it was sealed with (AUTH_SECRET changed). */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) {
    throw new Error("The stored credentials are not in a known format");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
