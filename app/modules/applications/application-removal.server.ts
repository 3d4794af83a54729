import type { Kysely, SelectQueryBuilder } from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import type { Database } from "~/db/schema";
import { fileStore } from "~/modules/files/file-store.server";
import type { Application } from "./application-status";
import { getApplication, refreshApplicationCount } from "./applications.server";

/*
 * The one way applications are deleted: the staff's delete of one, "Erase a person" and the
 * retention clean-up. Each runs inside its command's transaction; this answers what the command
 * needs to record and whether the public page cache must be told (a posting's public count went
 * down).
 */

export interface RemovedApplications {
  /** Applications deleted, with their notes and status history. */
  applications: number;
  /** Their CV files deleted (bytes included). */
  cvs: number;
  /** Mails about them deleted (the notification naming the candidate, the acknowledgement). */
  mails: number;
  /**
   * True when a deleted application was counted on a posting visitors can see (active or
   * closed), so the count on /careers or the posting's page changed.
   */
  publicChange: boolean;
}

const MAIL_SLICE = 500;

type ApplicationIdQuery = SelectQueryBuilder<Database, "applications", { id: string }>;

/**
 * The ids the query selects, locked for this transaction on PostgreSQL. "skip" leaves out rows
 * another transaction holds (two instances purging at once split the work instead of both
 * deleting, and counting, the same rows); "wait" waits for them and then leaves out the ones it
 * deleted. SQLite has one writer at a time, so a plain read in the transaction is enough there.
 */
export async function lockedApplicationIds(
  db: DB,
  query: ApplicationIdQuery,
  others: "skip" | "wait",
): Promise<string[]> {
  let locked = query;
  if (dialectOf(db as unknown as Kysely<unknown>) === "postgres") {
    locked = others === "skip" ? query.forUpdate().skipLocked() : query.forUpdate();
  }
  return (await locked.execute()).map((row) => row.id);
}

/**
 * Deletes an application with its notes, status history and CV, and refreshes its posting's
 * count; returns the deleted application, or undefined when there was none.
 */
async function deleteApplicationRecord(
  db: DB,
  id: string,
): Promise<{ application: Application; publicFigureChanged: boolean } | undefined> {
  const application = await getApplication(db, id);
  if (!application) return undefined;
  await db.deleteFrom("applicationNotes").where("applicationId", "=", id).execute();
  await db.deleteFrom("applicationStatusChanges").where("applicationId", "=", id).execute();
  await db.deleteFrom("applications").where("id", "=", id).execute();
  if (application.cvFileId) await fileStore.remove(db, application.cvFileId);
  const { publicFigureChanged } = await refreshApplicationCount(db, application.careerId);
  return { application, publicFigureChanged };
}

/** Deletes the applications (ids already locked by the caller's transaction) and what hangs on them. */
export async function removeApplications(db: DB, ids: string[]): Promise<RemovedApplications> {
  const removed: RemovedApplications = { applications: 0, cvs: 0, mails: 0, publicChange: false };
  if (ids.length === 0) return removed;
  const countedOn = new Set<string>();
  for (const id of ids) {
    const deleted = await deleteApplicationRecord(db, id);
    if (!deleted) continue;
    const { application, publicFigureChanged } = deleted;
    removed.applications += 1;
    if (application.cvFileId) removed.cvs += 1;
    if (publicFigureChanged) countedOn.add(application.careerId);
  }
  // In slices: one scan of the outbox per slice (relatedId has no index), bounded parameters.
  for (let start = 0; start < ids.length; start += MAIL_SLICE) {
    const mails = await db
      .deleteFrom("mailOutbox")
      .where("relatedId", "in", ids.slice(start, start + MAIL_SLICE))
      .executeTakeFirst();
    removed.mails += Number(mails.numDeletedRows);
  }
  if (countedOn.size > 0) {
    const visible = await db
      .selectFrom("careers")
      .select("id")
      .where("id", "in", [...countedOn])
      .where("status", "!=", "draft")
      .executeTakeFirst();
    removed.publicChange = visible !== undefined;
  }
  return removed;
}
