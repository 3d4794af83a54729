import type { DB } from "~/db/client.server";
import { fileStore, type StoredFile } from "~/modules/files/file-store.server";
import type { Application } from "./application-status";
import { getApplication } from "./applications.server";

/*
 * One application as the staff's page shows it: the record, its status history and notes with
 * who wrote them, the CV's description (name, type, size) and the posting it was sent to.
 */

export interface ApplicationDetail {
  application: Application;
  /**
   * Oldest first. An entry with fromStatus null is the submission, when the form wrote one; `by`
   * is null for a change nobody signed in made (the submission, a system job).
   */
  history: {
    id: string;
    fromStatus: string | null;
    toStatus: string;
    by: string | null;
    at: string;
  }[];
  notes: { id: string; body: string; by: string; at: string }[];
  /** The stored CV, or null when there is none (or it is gone). */
  cv: StoredFile | null;
  /** The posting as it is now; null when it has been deleted since. */
  posting: { id: string; title: string; status: string } | null;
}

/**
 * A removed staff account shows as "Former staff": ids of the history and notes are not tied to
 * the user table, so the join finds nobody for them.
 */
export const FORMER_STAFF = "Former staff";

export async function getApplicationDetail(
  db: DB,
  id: string,
): Promise<ApplicationDetail | undefined> {
  const application = await getApplication(db, id);
  if (!application) return undefined;
  const [history, notes, cv, posting] = await Promise.all([
    db
      .selectFrom("applicationStatusChanges as change")
      .leftJoin("user", "user.id", "change.changedBy")
      .select([
        "change.id",
        "change.fromStatus",
        "change.toStatus",
        "change.changedBy",
        "change.changedAt",
        "user.name",
      ])
      .where("change.applicationId", "=", id)
      .orderBy("change.changedAt")
      .orderBy("change.id")
      .execute(),
    db
      .selectFrom("applicationNotes as note")
      .leftJoin("user", "user.id", "note.authorId")
      .select(["note.id", "note.body", "note.createdAt", "user.name"])
      .where("note.applicationId", "=", id)
      .orderBy("note.createdAt")
      .orderBy("note.id")
      .execute(),
    application.cvFileId ? fileStore.describe(db, application.cvFileId) : undefined,
    db
      .selectFrom("careers")
      .select(["id", "title", "status"])
      .where("id", "=", application.careerId)
      .executeTakeFirst(),
  ]);
  return {
    application,
    history: history.map((change) => ({
      id: change.id,
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      by: change.changedBy ? change.name || FORMER_STAFF : null,
      at: change.changedAt,
    })),
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      by: note.name || FORMER_STAFF,
      at: note.createdAt,
    })),
    cv: cv ?? null,
    posting: posting ?? null,
  };
}
