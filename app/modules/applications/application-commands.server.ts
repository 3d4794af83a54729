import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { nowIso } from "~/lib/time";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { lockedApplicationIds, removeApplications } from "./application-removal.server";
import {
  APPLICATION_STATUS_LABELS,
  type Application,
  type ApplicationStatus,
} from "./application-status";
import { getApplication, refreshApplicationCount } from "./applications.server";

/*
 * What staff do with an application, each a command (app/modules/commands): the change and its
 * audit entry, naming the candidate and the position, in one transaction. Only the posting's
 * applications count is public (the Careers page), and only when the posting is active: a
 * command that changes it reports a public change, the others do not.
 */

const who = (application: Application) => `${application.fullName} for ${application.careerTitle}`;

/**
 * True when visitors can see the posting, so its public count: active postings on /careers and
 * their pages, closed ones on their own page (as removeApplications decides).
 */
async function postingIsVisible(trx: DB, careerId: string): Promise<boolean> {
  const posting = await trx
    .selectFrom("careers")
    .select("status")
    .where("id", "=", careerId)
    .executeTakeFirst();
  return posting !== undefined && posting.status !== "draft";
}

/**
 * Sets the status and writes the history row (who, when, from what). "unchanged" when it already
 * had that status (nothing written), "missing" when there is no such application. The update is
 * conditional on the status just read, so two staff changing it at once both land in the history.
 */
export function changeApplicationStatus(
  db: DB,
  actor: Actor,
  input: { id: string; status: ApplicationStatus },
): Promise<"changed" | "unchanged" | "missing"> {
  return runCommand(db, actor, async (trx) => {
    const application = await getApplication(trx, input.id);
    if (!application) return { result: "missing" };
    if (application.status === input.status) return { result: "unchanged" };
    const now = nowIso();
    const updated = await trx
      .updateTable("applications")
      .set({ status: input.status, updatedAt: now })
      .where("id", "=", input.id)
      .where("status", "=", application.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      // Changed by someone else between the read and the update: read it again.
      return { result: await changeApplicationStatus(trx, actor, input) };
    }
    await trx
      .insertInto("applicationStatusChanges")
      .values({
        id: sortableId("appst"),
        applicationId: input.id,
        fromStatus: application.status,
        toStatus: input.status,
        changedBy: actor.id,
        changedAt: now,
      })
      .execute();
    return {
      result: "changed",
      audit: {
        action: "status",
        entityType: "application",
        entityId: input.id,
        summary: `Set the application of ${who(application)} to ${APPLICATION_STATUS_LABELS[input.status]}`,
      },
    };
  });
}

/** Adds an internal note (already validated); false when the application is missing. */
export function addApplicationNote(
  db: DB,
  actor: Actor,
  input: { id: string; body: string },
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const application = await getApplication(trx, input.id);
    if (!application) return { result: false };
    await trx
      .insertInto("applicationNotes")
      .values({
        id: sortableId("apnote"),
        applicationId: input.id,
        authorId: actor.id,
        body: input.body.trim(),
        createdAt: nowIso(),
      })
      .execute();
    return {
      result: true,
      audit: {
        action: "note",
        entityType: "application",
        entityId: input.id,
        summary: `Added a note to the application of ${who(application)}`,
      },
    };
  });
}

/**
 * Deletes the application with its CV, notes, history and the e-mails about it, and refreshes its
 * posting's count, the way erasure and retention do (removeApplications); false when it is
 * missing. A public change when the posting visitors can see (active or closed) counted it.
 */
export function deleteApplicationAsStaff(
  db: DB,
  actor: Actor,
  input: { id: string },
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    // Locked like erasure's rows, so a retention purge at this moment cannot delete it twice.
    const ids = await lockedApplicationIds(
      trx,
      trx.selectFrom("applications").select("id").where("id", "=", input.id),
      "wait",
    );
    const application = ids.length > 0 ? await getApplication(trx, input.id) : undefined;
    if (!application) return { result: false };
    const removed = await removeApplications(trx, ids);
    return {
      result: true,
      audit: {
        action: "delete",
        entityType: "application",
        entityId: input.id,
        summary: `Deleted the application of ${who(application)}`,
      },
      publicChange: removed.publicChange,
    };
  });
}

/**
 * Moves an application the spam defence held back among the ordinary ones, where its posting
 * counts it; false when it is missing. One already there is left as it is (nothing recorded).
 */
export function restoreApplicationFromSpam(
  db: DB,
  actor: Actor,
  input: { id: string },
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const application = await getApplication(trx, input.id);
    if (!application) return { result: false };
    if (application.spamReason === null) return { result: true };
    await trx
      .updateTable("applications")
      .set({ spamReason: null, updatedAt: nowIso() })
      .where("id", "=", input.id)
      .execute();
    const { publicFigureChanged } = await refreshApplicationCount(trx, application.careerId);
    return {
      result: true,
      audit: {
        action: "restore",
        entityType: "application",
        entityId: input.id,
        summary: `Moved the application of ${who(application)} out of the spam folder`,
      },
      publicChange: publicFigureChanged && (await postingIsVisible(trx, application.careerId)),
    };
  });
}
