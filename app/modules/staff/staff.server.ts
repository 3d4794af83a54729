import { randomUUID } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { STAFF_ROLES, type StaffRole } from "~/modules/auth/constants";
import type { NewStaffInput } from "./staff.schema";

/*
 * Staff accounts over better-auth's tables (user, account with the hashed password, session).
 * Passwords are hashed with better-auth's own function, so its sign-in verifies them. Sessions
 * live in the database (no cookie cache), so deleting a session row signs that device out at
 * its next request.
 */

export interface StaffMember {
  id: string;
  name: string;
  username: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
  /** The last time one of their sessions was used, if any is still stored. */
  lastActiveAt: string | null;
}

export interface StaffSession {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The outcome of a change: done, or refused with a message for the person who asked. */
export type StaffResult<T = true> =
  | { ok: true; value: T }
  | { ok: false; error: string; field?: string };

const done = <T>(value: T): StaffResult<T> => ({ ok: true, value });
const refused = (error: string, field?: string): StaffResult<never> => ({
  ok: false,
  error,
  field,
});

/** better-auth's timestamps: Date objects on PostgreSQL, ISO strings on SQLite. */
const iso = (value: Date | string): string => new Date(value).toISOString();

const asRole = (value: string | null): StaffRole =>
  (STAFF_ROLES as readonly (string | null)[]).includes(value) ? (value as StaffRole) : "editor";

/** Every staff account, admins first, then by name. */
export async function listStaff(db: DB): Promise<StaffMember[]> {
  const users = await db
    .selectFrom("user")
    .select(["id", "name", "username", "displayUsername", "email", "role", "banned", "createdAt"])
    .execute();
  const activity = await db
    .selectFrom("session")
    .select(["userId", (eb) => eb.fn.max("updatedAt").as("lastActiveAt")])
    .groupBy("userId")
    .execute();
  const lastActive = new Map(
    activity.map((row) => [row.userId, row.lastActiveAt ? iso(row.lastActiveAt) : null]),
  );
  return users
    .map((user) => ({
      id: user.id,
      name: user.name,
      username: user.displayUsername ?? user.username ?? "",
      email: user.email,
      role: asRole(user.role),
      disabled: Boolean(user.banned),
      createdAt: iso(user.createdAt),
      lastActiveAt: lastActive.get(user.id) ?? null,
    }))
    .sort((a, b) =>
      a.role === b.role ? a.name.localeCompare(b.name, "en") : a.role === "admin" ? -1 : 1,
    );
}

export async function getStaffMember(db: DB, id: string): Promise<StaffMember | undefined> {
  return (await listStaff(db)).find((member) => member.id === id);
}

export async function hasStaffAccounts(db: DB): Promise<boolean> {
  return (await db.selectFrom("user").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** Finds the account a sign-in name refers to: a username, or an e-mail address. */
export async function findStaffIdBySignInName(db: DB, name: string): Promise<string | undefined> {
  const value = name.trim().toLowerCase();
  if (!value) return undefined;
  const row = await db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb.or([eb("username", "=", value), eb(sql`lower(email)`, "=", value)]))
    .executeTakeFirst();
  return row?.id;
}

async function activeAdminCount(db: DB): Promise<number> {
  const rows = await db
    .selectFrom("user")
    .select(["id", "banned"])
    .where("role", "=", "admin")
    .execute();
  return rows.filter((row) => !row.banned).length;
}

/** The `account` row that lets a user sign in with a password (better-auth's "credential"). */
export function passwordAccount(userId: string, passwordHash: string, now: Date) {
  return {
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    accessToken: null,
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scope: null,
    password: passwordHash,
    createdAt: now,
    updatedAt: now,
  };
}

/** Adds a staff account with a password. The username and e-mail must be free. */
export async function createStaffMember(
  db: DB,
  input: NewStaffInput,
): Promise<StaffResult<StaffMember>> {
  const username = input.username.toLowerCase();
  const email = input.email.toLowerCase();
  const taken = await db
    .selectFrom("user")
    .select(["username", "email"])
    .where((eb) => eb.or([eb("username", "=", username), eb(sql`lower(email)`, "=", email)]))
    .execute();
  if (taken.some((row) => row.username === username)) {
    return refused("This username is already taken", "username");
  }
  if (taken.length > 0) return refused("This e-mail already belongs to a staff account", "email");
  const id = randomUUID();
  const now = new Date();
  const password = await hashPassword(input.password);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("user")
        .values({
          id,
          name: input.name,
          email,
          emailVerified: true,
          image: null,
          createdAt: now,
          updatedAt: now,
          username,
          displayUsername: input.username,
          role: input.role,
          banned: false,
          banReason: null,
          banExpires: null,
        })
        .execute();
      await trx
        .insertInto("account")
        .values(passwordAccount(id, password, now))
        .execute();
    });
  } catch (error) {
    // Someone took the name between the check and the insert.
    if (await findStaffIdBySignInName(db, username)) {
      return refused("This username is already taken", "username");
    }
    if (await findStaffIdBySignInName(db, email)) {
      return refused("This e-mail already belongs to a staff account", "email");
    }
    throw error;
  }
  const member = await getStaffMember(db, id);
  if (!member) throw new Error(`Staff account ${id} vanished after insert`);
  return done(member);
}

/**
 * Changes a staff member's role. Nobody changes their own role, and the last active admin stays
 * an admin, so the site always has someone who can manage users and settings.
 */
export async function setStaffRole(
  db: DB,
  actorId: string,
  id: string,
  role: StaffRole,
): Promise<StaffResult<StaffMember>> {
  if (actorId === id) return refused("You cannot change your own role");
  const member = await getStaffMember(db, id);
  if (!member) return refused("This staff account no longer exists");
  if (member.role === role) return done(member);
  if (member.role === "admin" && !member.disabled && (await activeAdminCount(db)) <= 1) {
    return refused("At least one active admin must remain");
  }
  await db.updateTable("user").set({ role, updatedAt: new Date() }).where("id", "=", id).execute();
  return done({ ...member, role });
}

/** Disables (signing them out everywhere) or re-enables an account; not one's own. */
export async function setStaffDisabled(
  db: DB,
  actorId: string,
  id: string,
  disabled: boolean,
): Promise<StaffResult<StaffMember>> {
  if (actorId === id) return refused("You cannot disable your own account");
  const member = await getStaffMember(db, id);
  if (!member) return refused("This staff account no longer exists");
  if (
    disabled &&
    member.role === "admin" &&
    !member.disabled &&
    (await activeAdminCount(db)) <= 1
  ) {
    return refused("At least one active admin must remain");
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user")
      .set({
        banned: disabled,
        banReason: disabled ? "Disabled by an admin" : null,
        updatedAt: new Date(),
      })
      .where("id", "=", id)
      .execute();
    if (disabled) await trx.deleteFrom("session").where("userId", "=", id).execute();
  });
  return done({ ...member, disabled });
}

/** Removes an account with its sessions; the audit log keeps the name it was recorded under. */
export async function removeStaffMember(
  db: DB,
  actorId: string,
  id: string,
): Promise<StaffResult<StaffMember>> {
  if (actorId === id) return refused("You cannot remove your own account");
  const member = await getStaffMember(db, id);
  if (!member) return refused("This staff account no longer exists");
  if (member.role === "admin" && !member.disabled && (await activeAdminCount(db)) <= 1) {
    return refused("At least one active admin must remain");
  }
  await db.deleteFrom("user").where("id", "=", id).execute();
  return done(member);
}

/** Sets a new password and signs the account out everywhere (the old sessions are revoked). */
export async function resetStaffPassword(
  db: DB,
  id: string,
  password: string,
): Promise<StaffResult<StaffMember>> {
  const member = await getStaffMember(db, id);
  if (!member) return refused("This staff account no longer exists");
  const hash = await hashPassword(password);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("account")
      .set({ password: hash, updatedAt: now })
      .where("userId", "=", id)
      .where("providerId", "=", "credential")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      // An account that only ever signed in through a provider gets a password now.
      await trx
        .insertInto("account")
        .values(passwordAccount(id, hash, now))
        .execute();
    }
    await trx.deleteFrom("session").where("userId", "=", id).execute();
  });
  return done(member);
}

/**
 * Changes one's own password after checking the current one, and signs out every other session
 * (the one in use, `keepSessionId`, stays).
 */
export async function changeOwnPassword(
  db: DB,
  userId: string,
  currentPassword: string,
  newPassword: string,
  keepSessionId: string,
): Promise<StaffResult<{ revokedSessions: number }>> {
  const account = await db
    .selectFrom("account")
    .select(["id", "password"])
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (!account?.password) return refused("The current password is not correct", "currentPassword");
  const matches = await verifyPassword({ hash: account.password, password: currentPassword });
  if (!matches) return refused("The current password is not correct", "currentPassword");
  const hash = await hashPassword(newPassword);
  const revoked = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("account")
      .set({ password: hash, updatedAt: new Date() })
      .where("id", "=", account.id)
      .execute();
    const result = await trx
      .deleteFrom("session")
      .where("userId", "=", userId)
      .where("id", "!=", keepSessionId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
  return done({ revokedSessions: revoked });
}

/** A staff member's unexpired sessions, most recently used first. */
export async function listStaffSessions(db: DB, userId: string): Promise<StaffSession[]> {
  const rows = await db
    .selectFrom("session")
    .select(["id", "createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", new Date())
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      createdAt: iso(row.createdAt),
      lastUsedAt: iso(row.updatedAt),
      expiresAt: iso(row.expiresAt),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    }))
    .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** Ends one of the staff member's own sessions; false when it is not theirs or already gone. */
export async function revokeStaffSession(
  db: DB,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("session")
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the staff member but the one in use; returns how many. */
export async function revokeOtherStaffSessions(
  db: DB,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const result = await db
    .deleteFrom("session")
    .where("userId", "=", userId)
    .where("id", "!=", keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
