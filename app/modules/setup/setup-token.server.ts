import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { DB } from "~/db/client.server";
import { enrolFirstConsultant } from "~/modules/bookings/first-consultant.server";
import { runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { hashStaffPassword } from "~/modules/staff/password-hash.server";
import type { SetupInput } from "~/modules/staff/staff.schema";
import {
  done,
  getStaffMember,
  hasStaffAccounts,
  insertStaffAccount,
  refused,
  type StaffMember,
  type StaffResult,
} from "~/modules/staff/staff.server";

/*
 * The one-time first-admin setup link. When the server starts with no staff account and no
 * ADMIN_* variables, it prints a link with a fresh token in its log; whoever can read the log
 * opens it and creates the first admin. The token is stored only as a hash, expires, works once,
 * and stops working as soon as any account exists. Each start replaces the tokens of earlier
 * starts, so a link left in an old log dies on restart; but several instances behind a proxy
 * start together, and each prints a link of its own, so the links issued within
 * SETUP_LINK_SIBLING_MS of each other all stay valid (otherwise only the last instance's would
 * work, and the operator could not tell which; decision 0089).
 */

export const SETUP_PATH = "/admin/setup";
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Links issued this close together belong to one start of several instances. */
export const SETUP_LINK_SIBLING_MS = 2 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a new token (revoking those of earlier starts) and returns the setup link. */
export async function issueSetupLink(
  db: DB,
  baseUrl: string,
  now: Date = new Date(),
): Promise<{ url: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("staffSetupTokens")
      .where("createdAt", "<", new Date(now.getTime() - SETUP_LINK_SIBLING_MS).toISOString())
      .execute();
    await trx
      .insertInto("staffSetupTokens")
      .values({ tokenHash: hashToken(token), expiresAt, createdAt: now.toISOString() })
      .execute();
  });
  return { url: `${baseUrl}${SETUP_PATH}?token=${token}`, expiresAt };
}

/** True while the token is known, unexpired, and no staff account exists yet. */
export async function isSetupTokenValid(
  db: DB,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!token || (await hasStaffAccounts(db))) return false;
  const row = await db
    .selectFrom("staffSetupTokens")
    .select("tokenHash")
    .where("tokenHash", "=", hashToken(token))
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates the first admin with the token, and records it as done by that admin. The token is
 * used up in the same transaction (deleting it is the gate, so two submissions at once cannot
 * both succeed); if the account cannot be stored, the token stays valid.
 */
export async function completeSetup(
  db: DB,
  token: string,
  input: SetupInput,
  now: Date = new Date(),
): Promise<StaffResult<StaffMember>> {
  const invalid = refused("This setup link is invalid or has expired.");
  if (!(await isSetupTokenValid(db, token, now))) return invalid;
  const passwordHash = await hashStaffPassword(input.password);
  const id = randomUUID();
  try {
    return await runCommand(db, { id, name: input.name }, async (trx) => {
      if (await hasStaffAccounts(trx)) return { result: invalid };
      const used = await trx
        .deleteFrom("staffSetupTokens")
        .where("tokenHash", "=", hashToken(token))
        .where("expiresAt", ">", now.toISOString())
        .executeTakeFirst();
      if (Number(used.numDeletedRows) === 0) return { result: invalid };
      await insertStaffAccount(trx, { ...input, id, role: "admin", passwordHash });
      // A fresh install can be booked at once (issue 15).
      await enrolFirstConsultant(trx, { userId: id, displayName: input.name });
      const member = await getStaffMember(trx, id);
      if (!member) throw new Error(`Staff account ${id} vanished after insert`);
      return {
        result: done(member),
        audit: {
          action: "create",
          entityType: "user",
          entityId: id,
          summary: `Created the first admin account "${member.username}" with the setup link`,
        },
      };
    });
  } catch (error) {
    // Another first admin was stored meanwhile (a start with ADMIN_*): the link is spent.
    if (await hasStaffAccounts(db)) return invalid;
    throw error;
  }
}

/**
 * The first admin from ADMIN_USERNAME/ADMIN_EMAIL/ADMIN_PASSWORD at start, when no account
 * exists. No one acts, so it records no audit entry (the start log says it). Undefined when an
 * account already exists, also when another process starting at the same moment stored it first.
 */
export async function createFirstAdmin(
  db: DB,
  input: { username: string; email: string; name?: string; password: string },
): Promise<StaffMember | undefined> {
  if (await hasStaffAccounts(db)) return undefined;
  const passwordHash = await hashStaffPassword(input.password);
  try {
    return await runCommand(db, SYSTEM_ACTOR, async (trx) => {
      if (await hasStaffAccounts(trx)) return { result: undefined };
      const id = await insertStaffAccount(trx, {
        name: input.name ?? input.username,
        username: input.username,
        email: input.email,
        role: "admin",
        passwordHash,
      });
      // A fresh install can be booked at once (issue 15).
      await enrolFirstConsultant(trx, { userId: id, displayName: input.name ?? input.username });
      return { result: await getStaffMember(trx, id) };
    });
  } catch (error) {
    if (await hasStaffAccounts(db)) return undefined;
    throw error;
  }
}
