import type { DB } from "~/db/client.server";
import { countOf } from "~/lib/format";
import { type AuditNote, runCommand, type StaffActor } from "~/modules/commands/command.server";
import { hashStaffPassword, verifyStaffPassword } from "./password-hash.server";
import { done, refused, type StaffResult } from "./staff.server";

/*
 * What staff members do to their own account (My account, sign-in, sign-out). Each change and
 * its audit entry are one transaction; none is public output. Sessions are rows we delete
 * ourselves, so ending one is part of the same transaction as its audit entry.
 */

const ownAccount = (actor: StaffActor, action: string, summary: string): AuditNote => ({
  action,
  entityType: "user",
  entityId: actor.id,
  summary,
});

const WRONG_PASSWORD = "The current password is not correct";

/**
 * Changes one's own password after checking the current one, and signs out every other session
 * (the one in use, `keepSessionId`, stays). The check and the hashing happen before the
 * transaction (they are slow and need only the stored hash); the update then applies only if
 * that hash is still the stored one, so a password changed meanwhile is never overwritten.
 */
export async function changeOwnPassword(
  db: DB,
  actor: StaffActor,
  input: { currentPassword: string; newPassword: string; keepSessionId: string },
): Promise<StaffResult<{ revokedSessions: number }>> {
  const account = await db
    .selectFrom("account")
    .select(["id", "password"])
    .where("userId", "=", actor.id)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (!account?.password) return refused(WRONG_PASSWORD, "currentPassword");
  const matches = await verifyStaffPassword({
    hash: account.password,
    password: input.currentPassword,
  });
  if (!matches) return refused(WRONG_PASSWORD, "currentPassword");
  const hash = await hashStaffPassword(input.newPassword);
  return runCommand(db, actor, async (trx) => {
    const updated = await trx
      .updateTable("account")
      .set({ password: hash, updatedAt: new Date() })
      .where("id", "=", account.id)
      .where("password", "=", account.password)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      return { result: refused(WRONG_PASSWORD, "currentPassword") };
    }
    const revoked = await trx
      .deleteFrom("session")
      .where("userId", "=", actor.id)
      .where("id", "!=", input.keepSessionId)
      .executeTakeFirst();
    return {
      result: done({ revokedSessions: Number(revoked.numDeletedRows) }),
      audit: ownAccount(actor, "password", "Changed their own password"),
    };
  });
}

/** Ends another of one's own sessions; false when it is not theirs or already gone. */
export function revokeStaffSession(db: DB, actor: StaffActor, sessionId: string): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const result = await trx
      .deleteFrom("session")
      .where("id", "=", sessionId)
      .where("userId", "=", actor.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return { result: false };
    return {
      result: true,
      audit: ownAccount(actor, "sign_out", "Signed out one of their other sessions"),
    };
  });
}

/** Ends every one of one's sessions but the one in use; returns how many. */
export function revokeOtherStaffSessions(
  db: DB,
  actor: StaffActor,
  keepSessionId: string,
): Promise<number> {
  return runCommand(db, actor, async (trx) => {
    const result = await trx
      .deleteFrom("session")
      .where("userId", "=", actor.id)
      .where("id", "!=", keepSessionId)
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    if (count === 0) return { result: 0 };
    return {
      result: count,
      audit: ownAccount(
        actor,
        "sign_out",
        `Signed out ${countOf(count, "other session", "other sessions")}`,
      ),
    };
  });
}

/**
 * Signing out: ends the session in use and records it. The route then lets better-auth clear
 * the cookie; its own delete of the session finds the row already gone.
 */
export function signOutSession(db: DB, actor: StaffActor, sessionId: string): Promise<void> {
  return runCommand(db, actor, async (trx) => {
    await trx.deleteFrom("session").where("id", "=", sessionId).execute();
    return { result: undefined, audit: ownAccount(actor, "sign_out", "Signed out") };
  });
}

/**
 * Records a sign-in (`via` names a provider, or is empty for a password). The only write here
 * that cannot share the session's transaction: better-auth creates the session row on its own
 * before its after-hook calls this, and offers no way to join that insert to ours. If this
 * entry failed, the sign-in would stand unrecorded; it never records a sign-in that did not
 * happen.
 */
export function recordSignIn(db: DB, actor: StaffActor, via: string): Promise<void> {
  return runCommand(db, actor, async () => ({
    result: undefined,
    audit: ownAccount(actor, "sign_in", `Signed in${via}`),
  }));
}
