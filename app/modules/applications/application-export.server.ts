import type { Readable } from "node:stream";
import type { DB } from "~/db/client.server";
import { csvStream } from "~/lib/csv-stream.server";
import { indiaDateKey } from "~/lib/india-format";
import { formatPhone } from "~/lib/phone";
import { type ApplicationFilters, streamApplicationBatches } from "./application-list.server";
import { APPLICATION_STATUS_LABELS } from "./application-status";

/** The CSV export's columns: every field of an application, in the detail page's order. */
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
] as const;

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
    batches: streamApplicationBatches(db, filters),
    recordOf: (a) => [
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
    ],
    failureEvent: "application_export_failed",
  });
}
