import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { type EnquiryFilters, streamEnquiries } from "./enquiries.server";

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

/** Today's date in India, where the firm works: `2026-03-02`. */
export function indiaDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

export const enquiryExportFileName = (now: Date = new Date()) => `enquiries_${indiaDate(now)}.csv`;

/**
 * The CSV of every enquiry matching the filters, in list order. Rows are read in batches and
 * written as the reader takes them (backpressure), so memory stays flat however many rows there
 * are. Quotes are doubled, and a cell a spreadsheet would run as a formula (starting with =, +,
 * -, @, tab or carriage return) gets a leading apostrophe.
 */
export function enquiryCsvStream(db: DB, filters: EnquiryFilters): Readable {
  async function* rows() {
    for await (const e of streamEnquiries(db, filters)) {
      yield [
        e.fullName,
        e.email,
        e.company,
        e.phone,
        e.service,
        e.status,
        e.submittedAt,
        e.message,
      ];
    }
  }
  // pipeline, not pipe: a failed read ends the download with an error instead of leaving it open.
  return pipeline(
    Readable.from(rows()),
    stringify({
      header: true,
      columns: [...ENQUIRY_CSV_COLUMNS],
      escape_formulas: true,
      record_delimiter: "windows",
      // A byte-order mark, so that spreadsheet programs read names in any script as UTF-8.
      bom: true,
    }),
    (error) => {
      if (error) logger.error("enquiry_export_failed", { error });
    },
  );
}
