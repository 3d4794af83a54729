import type { Readable } from "node:stream";
import type { DB } from "~/db/client.server";
import { notesCell } from "~/lib/csv-cells";
import { csvStream } from "~/lib/csv-stream.server";
import { indiaDateKey } from "~/lib/india-format";
import { formatPhone } from "~/lib/phone";
import { fileStore } from "~/modules/files/file-store.server";
import { FORMER_STAFF } from "./application-detail.server";
import { type ApplicationFilters, streamApplicationBatches } from "./application-list.server";
import { APPLICATION_STATUS_LABELS, type Application } from "./application-status";

/**
 * The CSV export's columns: every field an application's page shows, in its order, then the
 * CV's file name and the internal notes (issue 24). The status in the page's words.
 */
export const APPLICATION_CSV_COLUMNS = [
  "Name",
  "Email",
  "Phone",
  "Location",
  "Notice Period",
  "LinkedIn or Portfolio",
  "Position",
  "Status",
  "Submitted At",
  "Cover Note",
  "Consent",
  "CV",
  "Notes",
] as const;

interface ApplicationForCsv {
  application: Application;
  cvName: string;
  notes: { body: string; by: string; at: string }[];
}

/** Each batch of applications with their CVs' names and their notes (two queries a batch). */
async function* withRelated(
  db: DB,
  batches: AsyncIterable<Application[]>,
): AsyncIterable<ApplicationForCsv[]> {
  for await (const batch of batches) {
    const cvIds = batch.flatMap((a) => (a.cvFileId ? [a.cvFileId] : []));
    const [cvs, notes] = await Promise.all([
      fileStore.describeMany(db, cvIds),
      batch.length === 0
        ? []
        : db
            .selectFrom("applicationNotes as note")
            .leftJoin("user", "user.id", "note.authorId")
            .select(["note.applicationId", "note.body", "note.createdAt", "user.name"])
            .where(
              "note.applicationId",
              "in",
              batch.map((a) => a.id),
            )
            .orderBy("note.createdAt")
            .orderBy("note.id")
            .execute(),
    ]);
    const notesOf = new Map<string, ApplicationForCsv["notes"]>();
    for (const note of notes) {
      const list = notesOf.get(note.applicationId) ?? [];
      list.push({ body: note.body, by: note.name || FORMER_STAFF, at: note.createdAt });
      notesOf.set(note.applicationId, list);
    }
    yield batch.map((application) => ({
      application,
      cvName: (application.cvFileId && cvs.get(application.cvFileId)?.fileName) || "",
      notes: notesOf.get(application.id) ?? [],
    }));
  }
}

/** `applications_2026-03-02.csv`: the date in India, like the inbox's export. */
export const applicationExportFileName = (now: Date = new Date()) =>
  `applications_${indiaDateKey(now)}.csv`;

/**
 * The CSV of every application matching the filters, in list order, read in keyset batches and
 * streamed at flat memory, formulas neutralised (see csvStream).
 */
export function applicationCsvStream(db: DB, filters: ApplicationFilters): Readable {
  return csvStream({
    columns: APPLICATION_CSV_COLUMNS,
    batches: withRelated(db, streamApplicationBatches(db, filters)),
    recordOf: ({ application: a, cvName, notes }) => [
      a.fullName,
      a.email,
      formatPhone(a.phone),
      a.location,
      a.noticePeriod,
      a.profileUrl,
      a.careerTitle,
      APPLICATION_STATUS_LABELS[a.status] ?? a.status,
      a.submittedAt,
      a.coverNote,
      a.consentText,
      cvName,
      notesCell(notes),
    ],
    failureEvent: "application_export_failed",
  });
}
