import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { STAFF_ROLES, type StaffRole } from "~/modules/staff/staff-roles";

/*
 * Staff accounts over better-auth's tables (user, account with the hashed password, session):
 * reads, and the row helpers the commands (staff-commands, account-commands, setup-token) write
 * with. Passwords are hashed with better-auth's own function, so its sign-in verifies them.
 * Sessions live in the database (no cookie cache), so deleting a session row signs that device
 * out at its next request.
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

export const done = <T>(value: T): StaffResult<T> => ({ ok: true, value });
export const refused = (error: string, field?: string): StaffResult<never> => ({
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

/** Admins who can still sign in: the last one may not be demoted, disabled or removed. */
export async function activeAdminCount(db: DB): Promise<number> {
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

/** The refusal when a username or e-mail (case-insensitive) already has an account. */
export async function nameTaken(
  db: DB,
  username: string,
  email: string,
): Promise<StaffResult<never> | undefined> {
  const taken = await db
    .selectFrom("user")
    .select(["username", "email"])
    .where((eb) =>
      eb.or([
        eb("username", "=", username.toLowerCase()),
        eb(sql`lower(email)`, "=", email.toLowerCase()),
      ]),
    )
    .execute();
  if (taken.some((row) => row.username === username.toLowerCase())) {
    return refused("This username is already taken", "username");
  }
  if (taken.length > 0) return refused("This e-mail already belongs to a staff account", "email");
  return undefined;
}

/**
 * Inserts a staff account that signs in with a password (the hash made beforehand with
 * better-auth's `hashPassword`). Names are stored lower-cased for sign-in; the username keeps
 * its typed form for display. The unique indexes refuse a name that is taken.
 */
export async function insertStaffAccount(
  db: DB,
  account: {
    id?: string;
    name: string;
    username: string;
    email: string;
    role: StaffRole;
    passwordHash: string;
  },
): Promise<string> {
  const id = account.id ?? randomUUID();
  const now = new Date();
  await db
    .insertInto("user")
    .values({
      id,
      name: account.name,
      email: account.email.toLowerCase(),
      emailVerified: true,
      image: null,
      createdAt: now,
      updatedAt: now,
      username: account.username.toLowerCase(),
      displayUsername: account.username,
      role: account.role,
      banned: false,
      banReason: null,
      banExpires: null,
    })
    .execute();
  await db
    .insertInto("account")
    .values(passwordAccount(id, account.passwordHash, now))
    .execute();
  return id;
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
