import { Readable } from "node:stream";
import { type Options, stringify } from "csv-stringify/sync";
import { logger } from "~/lib/logger.server";

/*
 * The admin's CSV exports (enquiries, subscribers): rows arrive in batches (a keyset read, see
 * app/db/paging.ts) and each batch is written as one chunk when the reader takes it
 * (backpressure), so memory stays flat however many rows there are and the stream works per
 * batch, not per row. Windows line ends, a byte-order mark (so that spreadsheet programs read
 * names in any script as UTF-8), quotes doubled, and a cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe.
 */

/** How every record is written (the header and byte-order mark go on the first chunk only). */
const CSV_OPTIONS = {
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
 * The CSV of every row in `batches`: the byte-order mark and the header `columns` first (also
 * when there is no row), then one record per row from `recordOf`. A failed read ends the download
 * with an error instead of leaving it open, and is logged as `failureEvent`.
 */
export function csvStream<Row>(options: {
  columns: readonly string[];
  batches: AsyncIterable<Row[]>;
  recordOf: (row: Row) => string[];
  failureEvent: string;
}): Readable {
  const head = () =>
    stringify([], { ...CSV_OPTIONS, columns: [...options.columns], header: true, bom: true });
  async function* chunks() {
    let first = true;
    for await (const batch of options.batches) {
      yield Buffer.from((first ? head() : "") + csvLines(batch.map(options.recordOf)));
      first = false;
    }
    if (first) yield Buffer.from(head());
  }
  const csv = Readable.from(chunks(), { objectMode: false });
  csv.once("error", (error) => logger.error(options.failureEvent, { error }));
  return csv;
}
