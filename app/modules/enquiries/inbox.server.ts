import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { addNote, getEnquiry, markNotSpam, setEnquiryStatus } from "./enquiries.server";
import { ENQUIRY_STATUS_LABELS, type Enquiry, type EnquiryStatus } from "./enquiry.schema";

/*
 * What the staff inbox does with an enquiry, each change recorded in the audit log with who did
 * it. The routes guard and parse; these functions do the work.
 */

export type { Actor } from "~/modules/commands/command.server";

/** Staff names by id, for history and notes (used by the lead's detail too) (a removed account shows as "Former staff"). */
export async function staffNames(db: DB, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom("user")
    .select(["id", "name"])
    .where("id", "in", wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/*
 * Only staff change a status or write a note, so a missing author is a removed account: the
 * database clears the id (ON DELETE SET NULL) or, where it does not, the id names nobody.
 */
export const nameOf = (names: Map<string, string>, id: string | null) =>
  (id && names.get(id)) || "Former staff";

const who = (enquiry: Enquiry) => `${enquiry.fullName} (${enquiry.company})`;

/*
 * The inbox's changes are commands (app/modules/commands): the change and its audit entry in one
 * transaction. Enquiries, notes and subscribers are never public output, so none of them raises
 * the content version.
 */

/**
 * Sets the status (history written by setEnquiryStatus) and records it. Says "unchanged" when the
 * enquiry already had that status (nothing is written), "missing" when there is no such enquiry.
 */
export function changeEnquiryStatus(
  db: DB,
  id: string,
  status: EnquiryStatus,
  actor: Actor,
): Promise<"changed" | "unchanged" | "missing"> {
  return runCommand(db, actor, async (trx) => {
    const enquiry = await getEnquiry(trx, id);
    if (!enquiry) return { result: "missing" };
    if (enquiry.status === status) return { result: "unchanged" };
    if (!(await setEnquiryStatus(trx, id, status, actor.id))) return { result: "missing" };
    return {
      result: "changed",
      audit: {
        action: "status",
        entityType: "enquiry",
        entityId: id,
        summary: `Set the enquiry from ${who(enquiry)} to ${ENQUIRY_STATUS_LABELS[status]}`,
      },
    };
  });
}

/** Adds an internal note (already validated) and records it; false when the enquiry is missing. */
export function addNoteAsStaff(db: DB, id: string, body: string, actor: Actor): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const enquiry = await getEnquiry(trx, id);
    if (!enquiry || !(await addNote(trx, id, actor.id, body))) return { result: false };
    return {
      result: true,
      audit: {
        action: "note",
        entityType: "enquiry",
        entityId: id,
        summary: `Added a note to the enquiry from ${who(enquiry)}`,
      },
    };
  });
}

/**
 * Moves an enquiry the spam defence held back into the inbox; false when it is missing. One
 * already in the inbox is left as it is (nothing stamped, nothing recorded).
 */
export function restoreFromSpam(db: DB, id: string, actor: Actor): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const enquiry = await getEnquiry(trx, id);
    if (!enquiry) return { result: false };
    if (enquiry.spamReason === null) return { result: true };
    if (!(await markNotSpam(trx, id))) return { result: false };
    return {
      result: true,
      audit: {
        action: "restore",
        entityType: "enquiry",
        entityId: id,
        summary: `Moved the enquiry from ${who(enquiry)} out of the spam folder`,
      },
    };
  });
}
