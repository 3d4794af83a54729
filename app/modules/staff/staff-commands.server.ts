import type { DB } from "~/db/client.server";
import { type Actor, runCommand, type StaffActor } from "~/modules/commands/command.server";
import { STAFF_ROLE_LABELS, type StaffRole } from "~/modules/staff/staff-roles";
import { hashStaffPassword } from "./password-hash.server";
import type { NewStaffInput } from "./staff.schema";
import {
  activeAdminCount,
  done,
  getStaffMember,
  insertStaffAccount,
  nameTaken,
  passwordAccount,
  refused,
  type StaffMember,
  type StaffResult,
} from "./staff.server";

/*
 * What an admin does to staff accounts (the Users page). Each change and its audit entry are
 * one transaction; accounts are not public output, so none raises the content version. The
 * rules live here: no one acts on their own account, the last active admin stays an admin, and
 * usernames and e-mails are unique. Passwords are hashed before the transaction opens: hashing
 * takes a while and needs no data, and on SQLite an open transaction holds the one connection.
 */

const NO_ACCOUNT = "This staff account no longer exists";
const LAST_ADMIN = "At least one active admin must remain";

/** Whether changing this member away from an active admin would leave the site without one. */
const isLastActiveAdmin = async (db: DB, member: StaffMember) =>
  member.role === "admin" && !member.disabled && (await activeAdminCount(db)) <= 1;

/** Adds a staff account with a password. The username and e-mail must be free. */
export async function createStaffMember(
  db: DB,
  actor: Actor,
  input: NewStaffInput,
): Promise<StaffResult<StaffMember>> {
  const taken = await nameTaken(db, input.username, input.email);
  if (taken) return taken;
  const passwordHash = await hashStaffPassword(input.password);
  try {
    return await runCommand(db, actor, async (trx) => {
      const id = await insertStaffAccount(trx, { ...input, passwordHash });
      const member = await getStaffMember(trx, id);
      if (!member) throw new Error(`Staff account ${id} vanished after insert`);
      return {
        result: done(member),
        audit: {
          action: "create",
          entityType: "user",
          entityId: id,
          summary: `Added the ${STAFF_ROLE_LABELS[member.role].toLowerCase()} account "${member.username}"`,
        },
      };
    });
  } catch (error) {
    // Someone took the name between the check and the insert: the unique index refused it and
    // nothing was stored.
    const takenSince = await nameTaken(db, input.username, input.email);
    if (takenSince) return takenSince;
    throw error;
  }
}

/** Changes another member's role; setting the role they have changes and records nothing. */
export function setStaffRole(
  db: DB,
  actor: StaffActor,
  { id, role }: { id: string; role: StaffRole },
): Promise<StaffResult<StaffMember>> {
  if (actor.id === id) return Promise.resolve(refused("You cannot change your own role"));
  return runCommand(db, actor, async (trx) => {
    const member = await getStaffMember(trx, id);
    if (!member) return { result: refused(NO_ACCOUNT) };
    if (member.role === role) return { result: done(member) };
    if (await isLastActiveAdmin(trx, member)) return { result: refused(LAST_ADMIN) };
    await trx
      .updateTable("user")
      .set({ role, updatedAt: new Date() })
      .where("id", "=", id)
      .execute();
    return {
      result: done({ ...member, role }),
      audit: {
        action: "role",
        entityType: "user",
        entityId: id,
        summary: `Changed the role of "${member.username}" to ${STAFF_ROLE_LABELS[role].toLowerCase()}`,
      },
    };
  });
}

/** Disables another account (signing it out everywhere) or enables it again. */
export function setStaffDisabled(
  db: DB,
  actor: StaffActor,
  { id, disabled }: { id: string; disabled: boolean },
): Promise<StaffResult<StaffMember>> {
  if (actor.id === id) return Promise.resolve(refused("You cannot disable your own account"));
  return runCommand(db, actor, async (trx) => {
    const member = await getStaffMember(trx, id);
    if (!member) return { result: refused(NO_ACCOUNT) };
    if (disabled && (await isLastActiveAdmin(trx, member))) return { result: refused(LAST_ADMIN) };
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
    return {
      result: done({ ...member, disabled }),
      audit: {
        action: disabled ? "disable" : "enable",
        entityType: "user",
        entityId: id,
        summary: `${disabled ? "Disabled" : "Enabled"} the account "${member.username}"`,
      },
    };
  });
}

/** Removes another account with its sessions; the audit log keeps the name it was recorded under. */
export function removeStaffMember(
  db: DB,
  actor: StaffActor,
  id: string,
): Promise<StaffResult<StaffMember>> {
  if (actor.id === id) return Promise.resolve(refused("You cannot remove your own account"));
  return runCommand(db, actor, async (trx) => {
    const member = await getStaffMember(trx, id);
    if (!member) return { result: refused(NO_ACCOUNT) };
    if (await isLastActiveAdmin(trx, member)) return { result: refused(LAST_ADMIN) };
    await trx.deleteFrom("user").where("id", "=", id).execute();
    return {
      result: done(member),
      audit: {
        action: "delete",
        entityType: "user",
        entityId: id,
        summary: `Removed the account "${member.username}" (${member.name})`,
      },
    };
  });
}

/** Sets a new password (already checked against the policy) and signs the account out everywhere. */
export async function resetStaffPassword(
  db: DB,
  actor: Actor,
  { id, password }: { id: string; password: string },
): Promise<StaffResult<StaffMember>> {
  const hash = await hashStaffPassword(password);
  return runCommand(db, actor, async (trx) => {
    const member = await getStaffMember(trx, id);
    if (!member) return { result: refused(NO_ACCOUNT) };
    const now = new Date();
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
    return {
      result: done(member),
      audit: {
        action: "reset_password",
        entityType: "user",
        entityId: id,
        summary: `Reset the password of "${member.username}"`,
      },
    };
  });
}
