import type { Readable } from "node:stream";
import type { DB } from "~/db/client.server";
import { csvStream } from "~/lib/csv-stream.server";
import { formatIndiaDateTime, indiaDateKey } from "~/lib/india-format";
import { formatPhone } from "~/lib/phone";
import { BOOKING_STATUS_LABELS } from "~/modules/bookings/booking.schema";
import {
  consultationsOfEnquiries,
  type EnquiryConsultation,
} from "~/modules/bookings/enquiry-consultations.server";
import type { Enquiry } from "~/modules/enquiries/enquiry.schema";
import { type EnquiryFilters, streamEnquiryBatches } from "~/modules/enquiries/inbox-list.server";

/**
 * The CSV export's columns: the spec's, exactly as it names them, then the slot of an enquiry
 * made by booking (issue 15; empty for any other enquiry), in IST as staff read times.
 */
export const ENQUIRY_CSV_COLUMNS = [
  "Name",
  "Email",
  "Company",
  "Phone",
  "Service",
  "Status",
  "Submitted At",
  "Message",
  "Consultation (IST)",
  "Consultation status",
] as const;

/** Each batch of enquiries with the slots of those made by booking (one query per batch). */
async function* withConsultations(
  db: DB,
  batches: AsyncIterable<Enquiry[]>,
): AsyncIterable<Array<{ enquiry: Enquiry; consultation?: EnquiryConsultation }>> {
  for await (const batch of batches) {
    const slots = await consultationsOfEnquiries(db, batch);
    yield batch.map((enquiry) => ({ enquiry, consultation: slots[enquiry.id] }));
  }
}

/** Today's date in India, where the firm works: `2026-03-02` (for the exports' file names). */
export const indiaDate = (now: Date = new Date()): string => indiaDateKey(now);

export const enquiryExportFileName = (now: Date = new Date()) => `enquiries_${indiaDate(now)}.csv`;

/**
 * The CSV of every enquiry matching the filters, in list order, read in keyset batches and
 * streamed at flat memory (see csvStream). Phone numbers in the international format, also those
 * stored in another shape before numbers were checked: a spreadsheet keeps `+91 98765 43210` as
 * text, where a bare `+919876543210` would become a number. A booking's slot is read per batch
 * (one query for the batch's enquiries made by booking), not per row.
 */
export function enquiryCsvStream(db: DB, filters: EnquiryFilters): Readable {
  return csvStream({
    columns: ENQUIRY_CSV_COLUMNS,
    batches: withConsultations(db, streamEnquiryBatches(db, filters)),
    recordOf: ({ enquiry: e, consultation }) => [
      e.fullName,
      e.email,
      e.company,
      formatPhone(e.phone),
      e.service,
      e.status,
      e.submittedAt,
      e.message,
      consultation ? formatIndiaDateTime(consultation.startsAt) : "",
      consultation ? BOOKING_STATUS_LABELS[consultation.status] : "",
    ],
    failureEvent: "enquiry_export_failed",
  });
}
