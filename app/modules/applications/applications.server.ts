import type { Selectable } from "kysely";
import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import type { ApplicationsTable } from "~/db/schema";
import { publicApplicationsFigure } from "~/modules/careers/public-posting";
import type { Application, ApplicationStatus } from "./application-status";

/*
 * Job applications: the records shared by the public application form (submission) and the
 * staff's applications pages (list, detail, export, erasure, retention). Each writer goes through
 * a command (runCommand) and calls refreshApplicationCount in the same transaction, so the
 * posting's count is always the number of its applications outside the spam folder.
 */

export type ApplicationRow = Selectable<ApplicationsTable>;

export function applicationFromRow(row: ApplicationRow): Application {
  return {
    id: row.id,
    careerId: row.careerId,
    careerTitle: row.careerTitle,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    location: row.location,
    noticePeriod: row.noticePeriod,
    profileUrl: row.profileUrl,
    coverNote: row.coverNote,
    consentText: row.consentText,
    cvFileId: row.cvFileId,
    status: row.status as ApplicationStatus,
    spamReason: row.spamReason,
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
  };
}

export async function getApplication(db: DB, id: string): Promise<Application | undefined> {
  const row = await db
    .selectFrom("applications")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row && applicationFromRow(row);
}

/**
 * Sets the posting's applications count to the number of its applications outside the spam
 * folder. Call it inside the transaction of every write that adds, removes or moves an
 * application. It says whether the posting's public figure changed (publicApplicationsFigure:
 * "25+ applications"): then, when the posting is shown, the command reports a public change.
 */
export async function refreshApplicationCount(
  db: DB,
  careerId: string,
): Promise<{ publicFigureChanged: boolean }> {
  const before = await db
    .selectFrom("careers")
    .select("applications")
    .where("id", "=", careerId)
    .executeTakeFirst();
  const after = await db
    .updateTable("careers")
    .set({
      applications: sql<number>`(select count(*) from ${sql.table("applications")} where ${sql.ref(
        "applications.careerId",
      )} = ${careerId} and ${sql.ref("applications.spamReason")} is null)`,
    })
    .where("id", "=", careerId)
    .returning("applications")
    .executeTakeFirst();
  if (!before || !after) return { publicFigureChanged: false };
  return {
    publicFigureChanged:
      publicApplicationsFigure(Number(before.applications)) !==
      publicApplicationsFigure(Number(after.applications)),
  };
}
