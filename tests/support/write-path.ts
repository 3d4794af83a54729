import type { DB } from "~/db/client.server";
import type { Database } from "~/db/schema";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { insertStaffAccount } from "~/modules/staff/staff.server";
import type { StaffRole } from "~/modules/staff/staff-roles";

/*
 * Helpers for the write-path tests: every command stores its change, its audit entry and (for
 * public output) the content-version bump together, or nothing at all.
 */

export const FORCED_FAILURE = "forced failure for the test";

const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode"]);

/**
 * The same database, except that any write to `table` throws. A command's own change runs
 * first, so failing its audit entry (`auditLog`) or its version bump (`contentVersion`) is a
 * failure after a partial change, which must leave nothing behind.
 */
export function failingOn(db: DB, table: keyof Database): DB {
  return db.withPlugin({
    transformQuery({ node }) {
      if (WRITES.has(node.kind) && JSON.stringify(node).includes(`"name":"${table}"`)) {
        throw new Error(FORCED_FAILURE);
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  });
}

/** The audit log, oldest first, without ids and times. */
export async function auditEntries(db: DB) {
  return db
    .selectFrom("auditLog")
    .select(["actorId", "actorName", "action", "entityType", "entityId", "summary"])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** What a failed command must leave exactly as it was: the audit log and the content version. */
export async function writePathState(db: DB) {
  return { version: await readContentVersion(db), audit: await auditEntries(db) };
}

/**
 * Stores a staff account to act as (the audit log refers to it). The password hash is a
 * placeholder: these accounts never sign in.
 */
export async function staffAccount(
  db: DB,
  { username, role = "editor" }: { username: string; role?: StaffRole },
): Promise<StaffActor> {
  const name = `${username[0]?.toUpperCase()}${username.slice(1)} Test`;
  const id = await insertStaffAccount(db, {
    name,
    username,
    email: `${username}@example.in`,
    role,
    passwordHash: "not-a-hash",
  });
  return { id, name };
}
