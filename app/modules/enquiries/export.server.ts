import { Readable } from "node:stream";
import { type Options, stringify } from "csv-stringify/sync";
import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
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

/** How the CSV is written (the header and byte-order mark go on the first chunk only). */
const CSV_OPTIONS = {
  columns: [...ENQUIRY_CSV_COLUMNS],
  escape_formulas: true,
  record_delimiter: "windows",
} satisfies Options;

/**
 * A field csv-stringify writes exactly as it is with these options: no quote, comma, carriage
 * return or line feed in it, and no first character it would neutralise as a formula. Most
 * records hold only such fields; they are joined here, which is many times quicker than the
 * library. Any other record goes through csv-stringify itself, so the bytes are the library's
 * either way (a test compares the two on generated records).
 */
const PLAIN_FIELD = /^(?:[^=+\-@\t\r\n",\uFF1D\uFF0B\uFF0D\uFF20][^",\r\n]*)?$/;

/** The CSV lines of `records` (no header), byte for byte as csv-stringify writes them. */
export function csvLines(records: string[][]): string {
  let text = "";
  for (const record of records) {
    text += record.every((field) => PLAIN_FIELD.test(field))
      ? `${record.join(",")}\r\n`
      : stringify([record], { ...CSV_OPTIONS, header: false, bom: false });
  }
  return text;
}

/**
 * The CSV of every enquiry matching the filters, in list order. Rows are read in keyset batches
 * and each batch is written as one chunk when the reader takes it (backpressure), so memory stays
 * flat however many rows there are, and the stream does its work per batch, not per row. Quotes
 * are doubled, and a cell a spreadsheet would run as a formula (starting with =, +, -, @, tab or
 * carriage return) gets a leading apostrophe.
 */
export function enquiryCsvStream(db: DB, filters: EnquiryFilters): Readable {
  async function* chunks() {
    let first = true;
    for await (const batch of streamEnquiryBatches(db, filters)) {
      const records = batch.map((e) => [
        e.fullName,
        e.email,
        e.company,
        e.phone,
        e.service,
        e.status,
        e.submittedAt,
        e.message,
      ]);
      // A byte-order mark, so that spreadsheet programs read names in any script as UTF-8.
      const head = first ? stringify([], { ...CSV_OPTIONS, header: true, bom: true }) : "";
      yield Buffer.from(head + csvLines(records));
      first = false;
    }
    if (first) yield Buffer.from(stringify([], { ...CSV_OPTIONS, header: true, bom: true }));
  }
  const csv = Readable.from(chunks(), { objectMode: false });
  // A failed read ends the download with an error instead of leaving it open; it is logged here.
  csv.once("error", (error) => logger.error("enquiry_export_failed", { error }));
  return csv;
}
