import type { Readable } from "node:stream";
import type { DB } from "~/db/client.server";
import { csvStream } from "~/lib/csv-stream.server";
import { indiaDateKey } from "~/lib/india-format";
import { formatPhone } from "~/lib/phone";
import { type EnquiryFilters, streamEnquiryBatches } from "./inbox-list.server";

/** The CSV export's columns, exactly as the spec names them. */
export const ENQUIRY_CSV_COLUMNS = [
  "Name",
  "Email",
  "Company",
  "Phone",
  "Service",
  "Status",
  "Submitted At",
  "Message",
] as const;

/** Today's date in India, where the firm works: `2026-03-02` (for the exports' file names). */
export const indiaDate = (now: Date = new Date()): string => indiaDateKey(now);

export const enquiryExportFileName = (now: Date = new Date()) => `enquiries_${indiaDate(now)}.csv`;

/**
 * The CSV of every enquiry matching the filters, in list order, read in keyset batches and
 * streamed at flat memory (see csvStream). Phone numbers in the international format, also those
 * stored in another shape before numbers were checked: a spreadsheet keeps `+91 98765 43210` as
 * text, where a bare `+919876543210` would become a number.
 */
export function enquiryCsvStream(db: DB, filters: EnquiryFilters): Readable {
  return csvStream({
    columns: ENQUIRY_CSV_COLUMNS,
    batches: streamEnquiryBatches(db, filters),
    recordOf: (e) => [
      e.fullName,
      e.email,
      e.company,
      formatPhone(e.phone),
      e.service,
      e.status,
      e.submittedAt,
      e.message,
    ],
    failureEvent: "enquiry_export_failed",
  });
}
