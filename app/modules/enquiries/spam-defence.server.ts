import { createHmac, randomFillSync, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";

/*
 * The public forms' spam defence, without third-party scripts: a honeypot field, a signed timing
 * token (enquiry form) and per-address rate limits (both forms).
 */

/** A person needs longer than this to fill in the enquiry form. */
export const MIN_FILL_MS = 3_000;
/** A token older than this is refused (the visitor is asked to send again with a fresh one). */
export const MAX_TOKEN_AGE_MS = 24 * 60 * 60 * 1000;

const TOKEN_VERSION = "v1";
const TOKEN_PURPOSE = "enquiry-form";

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`${TOKEN_PURPOSE}|${payload}`).digest("base64url");
}

/*
 * Eight random bytes per token, taken from a buffer filled 512 tokens at a time: the stored
 * contact page gets a token for every visitor, and one call into the random source per token
 * showed in its profile. Same source, same randomness.
 */
const nonces = Buffer.alloc(4096);
let nextNonce = nonces.length;
function randomNonce(): string {
  if (nextNonce + 8 > nonces.length) {
    randomFillSync(nonces);
    nextNonce = 0;
  }
  const nonce = nonces.toString("base64url", nextNonce, nextNonce + 8);
  nextNonce += 8;
  return nonce;
}

/** A token saying "this form was rendered at `now`": `v1.<ms>.<nonce>.<hmac>`. */
export function issueFormToken(secret: string, now: number = Date.now()): string {
  const payload = `${TOKEN_VERSION}.${now}.${randomNonce()}`;
  return `${payload}.${sign(secret, payload)}`;
}

export type FormTokenCheck =
  | { ok: true; ageMs: number }
  | { ok: false; reason: "missing" | "invalid" | "too_fast" | "expired" };

export function checkFormToken(
  secret: string,
  token: unknown,
  now: number = Date.now(),
): FormTokenCheck {
  if (typeof token !== "string" || token === "") return { ok: false, reason: "missing" };
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== TOKEN_VERSION) return { ok: false, reason: "invalid" };
  const payload = parts.slice(0, 3).join(".");
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(parts[3] ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  const issuedAt = Number(parts[1]);
  if (!Number.isSafeInteger(issuedAt)) return { ok: false, reason: "invalid" };
  const ageMs = now - issuedAt;
  // A token from the future (clock skew between processes) counts as just issued.
  if (ageMs < MIN_FILL_MS) return { ok: false, reason: "too_fast" };
  if (ageMs > MAX_TOKEN_AGE_MS) return { ok: false, reason: "expired" };
  return { ok: true, ageMs };
}

/** A honeypot is tripped by any non-blank value. */
export const honeypotTripped = (value: unknown): boolean =>
  typeof value === "string" && value.trim() !== "";

export interface RateLimit {
  /** Which form: counted separately. */
  bucket: string;
  /** [at most this many, within this many milliseconds], every window checked. */
  windows: ReadonlyArray<readonly [count: number, ms: number]>;
}

export const ENQUIRY_RATE_LIMIT: RateLimit = {
  bucket: "enquiry",
  windows: [
    [5, 10 * 60 * 1000],
    [20, 24 * 60 * 60 * 1000],
  ],
};

export const NEWSLETTER_RATE_LIMIT: RateLimit = {
  bucket: "newsletter",
  windows: [
    [5, 10 * 60 * 1000],
    [20, 24 * 60 * 60 * 1000],
  ],
};

/** Events are kept this long (the longest window, with room to spare). */
const RATE_LIMIT_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/** The address as stored: an HMAC, so the log counts per address without keeping addresses. */
export function addressKey(secret: string, address: string): string {
  return createHmac("sha256", secret)
    .update(`rate-limit|${address || "unknown"}`)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * Counts a post from an address against a limit. Returns false (and records nothing) when the
 * address already used up a window; otherwise records the post and returns true. Old events are
 * pruned on the way. Two posts racing may both pass the last free slot; the limit is a brake,
 * not an exact quota.
 */
export async function takeRateLimit(
  db: DB,
  limit: RateLimit,
  addressHash: string,
  now: number = Date.now(),
): Promise<boolean> {
  await db
    .deleteFrom("rateLimitEvents")
    .where("createdAt", "<", new Date(now - RATE_LIMIT_RETENTION_MS).toISOString())
    .execute();
  for (const [count, ms] of limit.windows) {
    const row = await db
      .selectFrom("rateLimitEvents")
      .select(sql<number>`count(*)`.as("count"))
      .where("bucket", "=", limit.bucket)
      .where("addressHash", "=", addressHash)
      .where("createdAt", ">", new Date(now - ms).toISOString())
      .executeTakeFirstOrThrow();
    if (Number(row.count) >= count) return false;
  }
  await db
    .insertInto("rateLimitEvents")
    .values({
      id: sortableId("rl"),
      bucket: limit.bucket,
      addressHash,
      createdAt: new Date(now).toISOString(),
    })
    .execute();
  return true;
}
