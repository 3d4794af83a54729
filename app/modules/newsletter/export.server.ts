import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { indiaDate } from "~/modules/enquiries/export.server";
import { type SubscriberFilters, streamSubscribers } from "./newsletter.server";

export const SUBSCRIBER_CSV_COLUMNS = [
  "Email",
  "Status",
  "Source",
  "Consent Text",
  "Consented At",
  "Confirmed At",
  "Unsubscribed At",
] as const;

export const subscriberExportFileName = (now: Date = new Date()) =>
  `subscribers_${indiaDate(now)}.csv`;

/** Every subscriber matching the filters, newest first, streamed as CSV (formulas neutralised). */
export function subscriberCsvStream(db: DB, filters: SubscriberFilters): Readable {
  async function* rows() {
    for await (const s of streamSubscribers(db, filters)) {
      yield [
        s.email,
        s.status,
        s.source,
        s.consentText,
        s.consentedAt,
        s.confirmedAt ?? "",
        s.unsubscribedAt ?? "",
      ];
    }
  }
  // pipeline, not pipe: a failed read ends the download with an error instead of leaving it open.
  return pipeline(
    Readable.from(rows()),
    stringify({
      header: true,
      columns: [...SUBSCRIBER_CSV_COLUMNS],
      escape_formulas: true,
      record_delimiter: "windows",
      // A byte-order mark, so that spreadsheet programs read names in any script as UTF-8.
      bom: true,
    }),
    (error) => {
      if (error) logger.error("subscriber_export_failed", { error });
    },
  );
}
