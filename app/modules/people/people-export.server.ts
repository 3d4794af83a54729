import type { Readable } from "node:stream";
import type { DB } from "~/db/client.server";
import { csvStream } from "~/lib/csv-stream.server";
import { indiaDateKey } from "~/lib/india-format";
import { streamPeopleBatches } from "./people.server";
import type { PeopleFilters } from "./people-rows.server";

export const PEOPLE_CSV_COLUMNS = [
  "Email",
  "Name",
  "Company",
  "Tags",
  "First Seen At",
  "Last Seen At",
] as const;

export const peopleExportFileName = (now: Date = new Date()) => `people_${indiaDateKey(now)}.csv`;

/** Every person matching the list's filters, most recently seen first (formulas neutralised). */
export function peopleCsvStream(db: DB, filters: PeopleFilters): Readable {
  return csvStream({
    columns: PEOPLE_CSV_COLUMNS,
    batches: streamPeopleBatches(db, filters),
    recordOf: (p) => [p.email, p.name, p.company, p.tags.join("; "), p.firstSeenAt, p.lastSeenAt],
    failureEvent: "people_export_failed",
  });
}
