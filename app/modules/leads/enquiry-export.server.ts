import type { Readable } from "node:stream";
import type { DB } from "~/db/client.server";
import { notesCell, yesNo } from "~/lib/csv-cells";
import { csvStream } from "~/lib/csv-stream.server";
import { formatIndiaDateTime, indiaDateKey } from "~/lib/india-format";
import { formatPhone } from "~/lib/phone";
import { BOOKING_STATUS_LABELS } from "~/modules/bookings/booking.schema";
import {
  consultationsOfEnquiries,
  type EnquiryConsultation,
} from "~/modules/bookings/enquiry-consultations.server";
import { lastStatusChangesOf, notesOfEnquiries } from "~/modules/enquiries/enquiries.server";
import {
  companySizeLabel,
  describeSource,
  type Enquiry,
  type EnquiryStatusChange,
  enquiryStatusLabel,
  industryLabel,
  serviceLabel,
  timelineLabel,
} from "~/modules/enquiries/enquiry.schema";
import { nameOf, staffNames } from "~/modules/enquiries/inbox.server";
import { type EnquiryFilters, streamEnquiryBatches } from "~/modules/enquiries/inbox-list.server";

/**
 * The CSV export's columns: the spec's eight first, exactly as it names them, then every other
 * field an enquiry's page shows (issue 24), then the slot of an enquiry made by booking (issue 15;
 * empty for any other enquiry), in IST as staff read times. A key is written in the words the
 * page uses ("Executive Compensation", "Contacted"), from the same label maps.
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
  "First Name",
  "Last Name",
  "Job Title",
  "Company Size",
  "Industry",
  "Timeline",
  "Newsletter",
  "Source",
  "Last Status Change",
  "Notes",
  "Consultation (IST)",
  "Consultation status",
] as const;

interface EnquiryForCsv {
  enquiry: Enquiry;
  consultation?: EnquiryConsultation;
  lastChange?: EnquiryStatusChange;
  notes: { body: string; by: string; at: string }[];
  names: Map<string, string>;
}

/**
 * Each batch of enquiries with what their pages show beside them: the slots of those made by
 * booking, the newest status change, the notes and their authors' names (a few queries per
 * batch, none per row).
 */
async function* withRelated(
  db: DB,
  batches: AsyncIterable<Enquiry[]>,
): AsyncIterable<EnquiryForCsv[]> {
  for await (const batch of batches) {
    const ids = batch.map((enquiry) => enquiry.id);
    const [slots, changes, notes] = await Promise.all([
      consultationsOfEnquiries(db, batch),
      lastStatusChangesOf(db, ids),
      notesOfEnquiries(db, ids),
    ]);
    const names = await staffNames(db, [
      ...[...changes.values()].map((change) => change.changedBy),
      ...[...notes.values()].flat().map((note) => note.authorId),
    ]);
    yield batch.map((enquiry) => ({
      enquiry,
      consultation: slots[enquiry.id],
      lastChange: changes.get(enquiry.id),
      notes: (notes.get(enquiry.id) ?? []).map((note) => ({
        body: note.body,
        by: nameOf(names, note.authorId),
        at: note.createdAt,
      })),
      names,
    }));
  }
}

/** "Meera Rao on 3 Mar 2026, 10:00 am IST", or what the page says when there is none. */
function lastStatusChangeCell({ enquiry, lastChange, names }: EnquiryForCsv): string {
  if (lastChange) {
    return `${nameOf(names, lastChange.changedBy)} on ${formatIndiaDateTime(lastChange.changedAt)}`;
  }
  return enquiry.status === "new" ? "Never changed" : "Not recorded";
}

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
    batches: withRelated(db, streamEnquiryBatches(db, filters)),
    recordOf: (row) => {
      const { enquiry: e, consultation } = row;
      return [
        e.fullName,
        e.email,
        e.company,
        formatPhone(e.phone),
        serviceLabel(e.service),
        enquiryStatusLabel(e.status),
        e.submittedAt,
        e.message,
        e.firstName,
        e.lastName,
        e.title,
        companySizeLabel(e.companySize),
        industryLabel(e.industry),
        timelineLabel(e.timeline),
        yesNo(e.newsletter),
        describeSource(e.source),
        lastStatusChangeCell(row),
        notesCell(row.notes),
        consultation ? formatIndiaDateTime(consultation.startsAt) : "",
        consultation ? BOOKING_STATUS_LABELS[consultation.status] : "",
      ];
    },
    failureEvent: "enquiry_export_failed",
  });
}
