import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { inTransaction } from "~/db/transaction.server";
import { runCommand } from "~/modules/commands/command.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { findStaffIdBySignInName } from "~/modules/staff/staff.server";
import { clearAccountLocks, isAccountLockedAnywhere } from "./login-throttle.server";
import { signInUnlockMail } from "./unlock-mail.server";

/*
 * Unlock links (docs/decisions/0015-sign-in-locks-and-unlock-links.md). A member of staff whose
 * sign-in is locked asks for a link on the sign-in page; the link, sent to their account's
 * e-mail address, works once and for an hour, and clears that account's locks at every address.
 *
 * - The request's answer never says whether the account exists (the route shows one sentence).
 * - Only a SHA-256 hash of the token is stored, so the table alone unlocks nothing.
 * - Mails are limited per account and per address, counted in the database like the sign-in
 *   limits, so the feature cannot be used to flood a mailbox or the outbox.
 */

export const UNLOCK_LINK_VALID_MINUTES = 60;
export const UNLOCK_PATH = "/admin/unlock";

const MINUTE = 60_000;
/** At most this many unlock mails per account, and requests per address, in the window. */
export const UNLOCK_MAIL_LIMITS = {
  perAccount: 3,
  perAddress: 10,
  windowMs: 60 * MINUTE,
} as const;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether a string can be a token at all (43 base64url characters), before any query. */
const looksLikeToken = (token: unknown): token is string =>
  typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * Adds one to a counter of the loginThrottle table in its current window and returns the count
 * (one atomic statement, so concurrent requests on any instance are all counted).
 */
async function countInWindow(db: DB, key: string, windowMs: number, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const ref = (column: string) => sql.ref(`loginThrottle.${column}`);
  const expired = sql<boolean>`${ref("windowStartedAt")} <= ${windowStart}`;
  const row = await db
    .insertInto("loginThrottle")
    .values({ key, failures: 1, windowStartedAt: nowIso, lockedUntil: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else ${ref("failures")} + 1 end`,
        windowStartedAt: sql<string>`case when ${expired} then ${nowIso} else ${ref("windowStartedAt")} end`,
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export interface UnlockRequest {
  /** The username or e-mail typed on the sign-in page. */
  signInName: string;
  /** The client's address, for the per-address limit. */
  address: string;
  /** The site's public address, for the link (no trailing slash needed). */
  baseUrl: string;
}

/**
 * Sends an unlock link when the name belongs to an active staff account that is locked, within
 * the limits; otherwise does nothing. Says nothing either way: the caller answers alike.
 */
export async function requestUnlockLink(
  db: DB,
  request: UnlockRequest,
  now: Date = new Date(),
): Promise<void> {
  const { perAccount, perAddress, windowMs } = UNLOCK_MAIL_LIMITS;
  const address = request.address || "unknown";
  // Every request counts against the address, whether the name exists or not.
  if ((await countInWindow(db, `unlock-mail:address:${address}`, windowMs, now)) > perAddress) {
    return;
  }
  const accountId = await findStaffIdBySignInName(db, request.signInName);
  if (!accountId) return;
  const user = await db
    .selectFrom("user")
    .select(["id", "name", "email", "banned"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!user || user.banned || !user.email) return;
  if (!(await isAccountLockedAnywhere(db, user.id, now))) return;
  if ((await countInWindow(db, `unlock-mail:account:${user.id}`, windowMs, now)) > perAccount) {
    return;
  }

  const token = randomBytes(32).toString("base64url");
  const unlockUrl = new URL(`${UNLOCK_PATH}?token=${token}`, request.baseUrl).toString();
  const { siteName } = await getGeneralSettings(db);
  const mail = await signInUnlockMail({
    to: user.email,
    name: user.name,
    unlockUrl,
    validForMinutes: UNLOCK_LINK_VALID_MINUTES,
    siteName,
    baseUrl: new URL(request.baseUrl).origin,
  });
  // The token and its mail are stored together: a link is never mailed that would not work.
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("signInUnlockTokens")
      .values({
        tokenHash: hashOf(token),
        userId: user.id,
        expiresAt: new Date(now.getTime() + UNLOCK_LINK_VALID_MINUTES * MINUTE).toISOString(),
        createdAt: now.toISOString(),
      })
      .execute();
    // Tokens that can no longer be used are removed while we are here.
    await trx
      .deleteFrom("signInUnlockTokens")
      .where("expiresAt", "<=", now.toISOString())
      .execute();
    await enqueueMail(trx, { ...mail, relatedId: user.id }, now);
  });
}

/** The account an unused, unexpired link unlocks, or null. Opening a link changes nothing. */
export async function findUnlockLink(
  db: DB,
  token: unknown,
  now: Date = new Date(),
): Promise<{ userId: string; username: string } | null> {
  if (!looksLikeToken(token)) return null;
  const row = await db
    .selectFrom("signInUnlockTokens")
    .innerJoin("user", "user.id", "signInUnlockTokens.userId")
    .select(["user.id", "user.username", "user.displayUsername"])
    .where("signInUnlockTokens.tokenHash", "=", hashOf(token))
    .where("signInUnlockTokens.expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return row
    ? { userId: row.id, username: String(row.displayUsername ?? row.username ?? "") }
    : null;
}

/**
 * Uses a link: clears the account's locks and failures at every address, removes the account's
 * links (this one and any other sent during the lock) and records it in the activity log as the
 * account's own doing. False when the link is unknown, used or expired.
 */
export async function unlockSignIn(
  db: DB,
  token: unknown,
  now: Date = new Date(),
): Promise<boolean> {
  if (!looksLikeToken(token)) return false;
  const link = await db
    .selectFrom("signInUnlockTokens")
    .innerJoin("user", "user.id", "signInUnlockTokens.userId")
    .select(["user.id", "user.name", "user.username"])
    .where("signInUnlockTokens.tokenHash", "=", hashOf(token))
    .executeTakeFirst();
  if (!link) return false;
  const actor = { id: link.id, name: link.name || String(link.username ?? "") };
  return runCommand(db, actor, async (trx) => {
    // Taking the row is what makes the link single-use, also when two clicks race.
    const taken = await trx
      .deleteFrom("signInUnlockTokens")
      .where("tokenHash", "=", hashOf(token))
      .where("expiresAt", ">", now.toISOString())
      .executeTakeFirst();
    if (Number(taken.numDeletedRows) === 0) return { result: false };
    await trx.deleteFrom("signInUnlockTokens").where("userId", "=", link.id).execute();
    await clearAccountLocks(trx, link.id);
    return {
      result: true,
      audit: {
        action: "unlock",
        entityType: "user",
        entityId: link.id,
        summary: "Unlocked sign-in with the link sent by e-mail",
      },
    };
  });
}
