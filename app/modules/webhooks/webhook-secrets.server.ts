import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * An endpoint's signing secret is a Standard Webhooks secret, `whsec_` and 32 random bytes in
 * base64. Staff see it once, when it is made; the site keeps it to sign with, so it is stored
 * encrypted with AES-256-GCM under a key derived from AUTH_SECRET with HKDF (the scheme of
 * decision 0048, with an info string of its own): a copy of the database alone cannot sign as
 * the site. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).
 */

const INFO = "webhook-signing-secrets v1";
const SALT = "total-rewards-site";

export const SECRET_PREFIX = "whsec_";

export function webhookKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, SALT, INFO, 32));
}

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export function sealSigningSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The secret; throws when it was sealed under another key (AUTH_SECRET changed). */
export function openSigningSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) {
    throw new Error("The stored signing secret is not in a known format");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
