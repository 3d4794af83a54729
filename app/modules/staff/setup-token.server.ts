import { createHash, randomBytes } from "node:crypto";
import type { DB } from "~/db/client.server";
import type { SetupInput } from "./staff.schema";
import {
  createStaffMember,
  hasStaffAccounts,
  type StaffMember,
  type StaffResult,
} from "./staff.server";

/*
 * The one-time first-admin setup link. When the server starts with no staff account and no
 * ADMIN_* variables, it prints a link with a fresh token in its log; whoever can read the log
 * opens it and creates the first admin. The token is stored only as a hash, expires, works once,
 * and stops working as soon as any account exists. Each start replaces the previous token.
 */

export const SETUP_PATH = "/admin/setup";
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a new token (revoking older ones) and returns the setup link. */
export async function issueSetupLink(
  db: DB,
  baseUrl: string,
  now: Date = new Date(),
): Promise<{ url: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staffSetupTokens").execute();
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
 * Creates the first admin with the token, which is used up first (deleting it is the gate, so
 * two submissions at once cannot both succeed).
 */
export async function completeSetup(
  db: DB,
  token: string,
  input: SetupInput,
  now: Date = new Date(),
): Promise<StaffResult<StaffMember>> {
  const invalid = { ok: false, error: "This setup link is invalid or has expired." } as const;
  if (!token || (await hasStaffAccounts(db))) return invalid;
  const used = await db
    .deleteFrom("staffSetupTokens")
    .where("tokenHash", "=", hashToken(token))
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  if (Number(used.numDeletedRows) === 0) return invalid;
  return createStaffMember(db, { ...input, role: "admin" });
}
