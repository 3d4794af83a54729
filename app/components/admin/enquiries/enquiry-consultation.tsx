import { Link } from "react-router";
import { BookingStatusBadge, bookingHref } from "~/components/admin/bookings/booking-parts";
import { Panel } from "~/components/admin/page";
import { Field } from "~/components/admin/record/record-parts";
import { BOOKING_STATUS_LABELS } from "~/modules/bookings/booking-statuses";
import { formatInZone, formatIst } from "~/modules/bookings/booking-time";
import type {
  EnquiryConsultation,
  EnquiryConsultationDetail,
} from "~/modules/bookings/enquiry-consultations.server";

/*
 * The slot of an enquiry made by booking (issue 15): a line in the inbox's list and a panel on
 * the enquiry's page, in IST as staff read it (and the visitor's own zone on the page).
 */

/** "Cancelled", "Moved", or nothing for a booking that is simply booked. */
function statusNote(consultation: EnquiryConsultation): string | null {
  if (consultation.status !== "booked") return BOOKING_STATUS_LABELS[consultation.status];
  return consultation.moved ? "Moved" : null;
}

/** "Tue 3 Mar 2026, 11:00 am IST", breaking (when it must) between the day and the time only. */
function SlotText({ at }: { at: string }) {
  const text = formatIst(at);
  const comma = text.lastIndexOf(", ");
  return (
    <time dateTime={at}>
      <span className="whitespace-nowrap">{text.slice(0, comma + 1)}</span>{" "}
      <span className="whitespace-nowrap">{text.slice(comma + 2)}</span>
    </time>
  );
}

/** "Consultation: Tue 3 Mar 2026, 11:00 am IST (Cancelled)", for the list. */
export function ConsultationLine({ consultation }: { consultation: EnquiryConsultation }) {
  const note = statusNote(consultation);
  return (
    <p className="mt-1 text-xs text-slate-700" data-consultation>
      Consultation: <SlotText at={consultation.startsAt} />
      {note ? ` (${note})` : null}
    </p>
  );
}

/** The enquiry page's panel: when (IST and the visitor's zone), with whom, where it stands. */
export function ConsultationPanel({ consultation }: { consultation: EnquiryConsultationDetail }) {
  const note = consultation.status === "booked" && consultation.moved ? " (moved)" : "";
  return (
    <Panel title="Consultation">
      <dl className="divide-y divide-slate-100">
        <Field label="When (IST)">
          <time dateTime={consultation.startsAt}>{formatIst(consultation.startsAt)}</time>
        </Field>
        <Field label="Visitor's time">
          {formatInZone(consultation.startsAt, consultation.visitorTimeZone)}
        </Field>
        <Field label="Consultant">{consultation.consultantName ?? "Removed consultant"}</Field>
        <Field label="Status">
          <BookingStatusBadge status={consultation.status} />
          {note}
        </Field>
      </dl>
      <p className="mt-3 text-sm">
        <Link
          to={bookingHref(consultation.bookingId)}
          className="font-medium text-blue-800 underline"
        >
          Open the booking
        </Link>
      </p>
    </Panel>
  );
}
