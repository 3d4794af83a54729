import type { DB } from "~/db/client.server";
import { inTransaction } from "~/db/transaction.server";
import { type AuditInput, recordAudit } from "~/modules/audit/audit.server";
import { bumpContentVersion } from "./content-version.server";

/** Who does a write: a staff account, or the system (a background job, the installer). */
export interface Actor {
  id: string | null;
  name: string;
}

/** A signed-in staff member acting (commands on one's own account need the id). */
export interface StaffActor extends Actor {
  id: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, name: "System" };

/** The actor for a signed-in staff member; the username stands in for a missing name. */
export const staffActor = (user: { id: string; name: string; username: string }): StaffActor => ({
  id: user.id,
  name: user.name || user.username,
});

/** An audit entry as a command describes it; `runCommand` adds who did it. */
export type AuditNote = Omit<AuditInput, "actorId" | "actorName">;

/** What a command's work reports back besides its result. */
export interface CommandOutcome<T> {
  result: T;
  /** The audit entries of the change (the actor is filled in); none when nothing changed. */
  audit?: AuditNote | AuditNote[];
  /** True when the change alters anything a public page, sitemap or feed shows. */
  publicChange?: boolean;
}

/**
 * The one write path (docs/decisions/0009-write-path-and-page-cache.md): the change, its audit
 * entries and, when public output changes, the content-version bump, all in one transaction.
 * Either all of it is stored or none of it; the page cache trusts the version and nothing else.
 *
 * `work` reports audit and public change after it has seen the data, so a command that finds
 * nothing to do records nothing. It must use only `trx`: on SQLite the transaction holds the one
 * connection, so a query on `db` inside it would wait for itself. A command run inside another
 * command's transaction joins it.
 */
export async function runCommand<T>(
  db: DB,
  actor: Actor,
  work: (trx: DB) => Promise<CommandOutcome<T>>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const outcome = await work(trx);
    const entries = outcome.audit ? [outcome.audit].flat() : [];
    for (const entry of entries) {
      await recordAudit(trx, { ...entry, actorId: actor.id, actorName: actor.name });
    }
    if (outcome.publicChange) await bumpContentVersion(trx);
    return outcome.result;
  });
}
