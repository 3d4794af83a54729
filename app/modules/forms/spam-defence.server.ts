import { createHmac, randomFillSync, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { inTransaction } from "~/db/transaction.server";
import { sortableId } from "~/lib/ids";

/*
 * The public forms' spam defence, without third-party scripts: a honeypot field, a signed timing
 * token good for one submission and per-address rate limits. The public form pipeline
 * (public-form.server.ts) applies them: for the contact, booking, job application and resource
 * request forms as one step, `screenSubmission` in spam-screen.server.ts; for the newsletter
 * form (no token) the honeypot and its limit.
 */

/** A person needs longer than this to fill in the enquiry form. */
export const MIN_FILL_MS = 3_000;
/** A token older than this is refused (the visitor is asked to send again with a fresh one). */
export const MAX_TOKEN_AGE_MS = 24 * 60 * 60 * 1000;

/*
 * Two kinds of token, told apart by their signed first part: `v1` is the one the form is
 * rendered with; `c1` is handed back with the "please confirm you are a person" answer to a post
 * that came too fast, and a post with it and the box ticked is not timed (the visitor already
 * filled the form in; ticking a box and pressing Send again takes a person a moment).
 */
const FORM_TOKEN_VERSION = "v1";
const CONFIRM_TOKEN_VERSION = "c1";
const TOKEN_PURPOSE = "enquiry-form";

/**
 * Every token has this many characters (`v1.` + 13 digits of ms + `.` + 11 nonce characters +
 * `.` + 43 of signature), so that the page cache's slot for it always gets the same length.
 */
export const FORM_TOKEN_LENGTH = 72;

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

function issueToken(version: string, secret: string, now: number): string {
  const payload = `${version}.${now}.${randomNonce()}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** A token saying "this form was rendered at `now`": `v1.<ms>.<nonce>.<hmac>`. */
export function issueFormToken(secret: string, now: number = Date.now()): string {
  return issueToken(FORM_TOKEN_VERSION, secret, now);
}

/** The token of the "confirm you are a person" step: `c1.<ms>.<nonce>.<hmac>`. */
export function issueConfirmToken(secret: string, now: number = Date.now()): string {
  return issueToken(CONFIRM_TOKEN_VERSION, secret, now);
}

export type FormTokenCheck =
  | {
      ok: true;
      /** "form": rendered with the form; "confirm": handed out with the person check. */
      kind: "form" | "confirm";
      /** The token's own id (its signature): what is recorded when it is used. */
      id: string;
      ageMs: number;
      /** When the token stops being accepted (ms since the epoch). */
      expiresAt: number;
    }
  | { ok: false; reason: "missing" | "invalid" | "expired" };

/** Checks a token's signature and age. Whether it was used already is `recordFormTokenUse`'s. */
export function checkFormToken(
  secret: string,
  token: unknown,
  now: number = Date.now(),
): FormTokenCheck {
  if (typeof token !== "string" || token === "") return { ok: false, reason: "missing" };
  const parts = token.split(".");
  const version = parts[0];
  if (parts.length !== 4 || (version !== FORM_TOKEN_VERSION && version !== CONFIRM_TOKEN_VERSION)) {
    return { ok: false, reason: "invalid" };
  }
  const payload = parts.slice(0, 3).join(".");
  const signature = parts[3] ?? "";
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  const issuedAt = Number(parts[1]);
  if (!Number.isSafeInteger(issuedAt)) return { ok: false, reason: "invalid" };
  const ageMs = now - issuedAt;
  if (ageMs > MAX_TOKEN_AGE_MS) return { ok: false, reason: "expired" };
  return {
    ok: true,
    kind: version === CONFIRM_TOKEN_VERSION ? "confirm" : "form",
    id: signature,
    ageMs,
    expiresAt: issuedAt + MAX_TOKEN_AGE_MS,
  };
}

/**
 * A form token sent sooner than a person fills the form in. A sign of a bot, but not proof:
 * autofill and fast typists do it too, so on its own it asks for the person check (never spam).
 * A token from the future (clock skew between processes) counts as just issued.
 */
export const isTooFast = (check: FormTokenCheck): boolean =>
  check.ok && check.kind === "form" && check.ageMs < MIN_FILL_MS;

/**
 * Records that a token was used; false when it had been used before (a replay). The primary key
 * decides, so two posts racing with one token on two instances cannot both be first: on
 * PostgreSQL the second insert waits for the first's transaction and then finds the row. Run it
 * in the transaction that stores the enquiry, so a post that fails to store leaves its token
 * unused for the visitor's next try.
 */
export async function recordFormTokenUse(
  db: DB,
  token: { id: string; expiresAt: number },
  now: number = Date.now(),
): Promise<boolean> {
  const inserted = await db
    .insertInto("formTokenUses")
    .values({
      id: token.id,
      usedAt: new Date(now).toISOString(),
      expiresAt: new Date(token.expiresAt).toISOString(),
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Deletes the records of tokens that have expired: such a token is refused for its age before
 * anyone asks whether it was used, so its row has nothing left to say.
 */
export async function pruneFormTokenUses(db: DB, now: number = Date.now()): Promise<void> {
  await db
    .deleteFrom("formTokenUses")
    .where("expiresAt", "<", new Date(now).toISOString())
    .execute();
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
  // One transaction, so one commit: on SQLite each commit waits for a sync of the disk before
  // the post goes on (decision 0069), and the clean-up and the record were one each.
  return inTransaction(db, (trx) => takeRateLimitIn(trx, limit, addressHash, now));
}

async function takeRateLimitIn(
  db: DB,
  limit: RateLimit,
  addressHash: string,
  now: number,
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
