import type { Readable } from "node:stream";
import type { DB } from "~/db/client.server";
import { csvStream } from "~/lib/csv-stream.server";
import { indiaDateKey } from "~/lib/india-format";
import { type SubscriberFilters, streamSubscriberBatches } from "./subscriber-list.server";

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
  `subscribers_${indiaDateKey(now)}.csv`;

/**
 * Every subscriber matching the filters, newest first, streamed as CSV at flat memory (formulas
 * neutralised; see csvStream).
 */
export function subscriberCsvStream(db: DB, filters: SubscriberFilters): Readable {
  return csvStream({
    columns: SUBSCRIBER_CSV_COLUMNS,
    batches: streamSubscriberBatches(db, filters),
    recordOf: (s) => [
      s.email,
      s.status,
      s.source,
      s.consentText,
      s.consentedAt,
      s.confirmedAt ?? "",
      s.unsubscribedAt ?? "",
    ],
    failureEvent: "subscriber_export_failed",
  });
}
