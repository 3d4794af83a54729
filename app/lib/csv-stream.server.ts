import { Readable } from "node:stream";
import { type Options, stringify } from "csv-stringify/sync";
import { logger } from "~/lib/logger.server";

/*
 * The admin's CSV exports (enquiries, subscribers): rows arrive in batches (a keyset read, see
 * app/db/paging.ts) and each batch is written as one chunk when the reader takes it
 * (backpressure), so memory stays flat however many rows there are and the stream works per
 * batch, not per row. Windows line ends, a byte-order mark (so that spreadsheet programs read
 * names in any script as UTF-8), quotes doubled, and a cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe, unless it is a
 * number (`-5`) or a phone number (`+91 98765 43210`): those are data, and an apostrophe in front
 * of them is what a reader would see (issue 12).
 */

/**
 * How every record is written (the header and byte-order mark go on the first chunk only).
 * Formulas are neutralised here (neutralised below), not by csv-stringify's `escape_formulas`,
 * which also prefixes numbers and phone numbers.
 */
const CSV_OPTIONS = {
  record_delimiter: "windows",
  // A cell with a lone line feed or carriage return (a message typed on several lines) is quoted
  // too: with a record delimiter set, csv-stringify would otherwise quote only "\r\n", and a
  // spreadsheet would split the message into rows.
  quote_record_delimiter: true,
} satisfies Options;

/**
 * The first characters that make a spreadsheet run a cell (=, +, -, @, tab, carriage return, and
 * the full-width =, +, -, @ that Apple Numbers folds into them): the list csv-stringify's
 * `escape_formulas` uses, from OWASP's "CSV Injection".
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Cells that start like a formula but are data: a number (`-5`, `+3.25`, `-1e3`), which a
 * spreadsheet reads as that number, and a phone number in the international format
 * (`+91 98765 43210`, with ` ext. 12` at most): digits and single spaces after one `+`, no
 * operator, reference or function a spreadsheet could run.
 */
const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const PHONE_NUMBER = /^\+\d{1,3}(?: \d+)+(?: ext\. \d+)?$/;

/** The field as it is written: with a leading apostrophe when a spreadsheet would run it. */
function neutralised(field: string): string {
  if (!FORMULA_START.test(field) || NUMBER.test(field) || PHONE_NUMBER.test(field)) return field;
  return `'${field}`;
}

/**
 * A (neutralised) field csv-stringify writes exactly as it is with these options: no quote,
 * comma, carriage return or line feed in it. Most records hold only such fields; they are joined
 * here, which is many times quicker than the library. Any other record goes through
 * csv-stringify itself, so the quoting is the library's either way (a test compares the two on
 * generated records).
 */
const PLAIN_FIELD = /^[^",\r\n]*$/;

/** The CSV lines of `records` (no header): formulas neutralised, quoted as csv-stringify does. */
export function csvLines(records: string[][]): string {
  let text = "";
  for (const record of records) {
    const fields = record.map(neutralised);
    text += fields.every((field) => PLAIN_FIELD.test(field))
      ? `${fields.join(",")}\r\n`
      : stringify([fields], { ...CSV_OPTIONS, header: false, bom: false });
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
