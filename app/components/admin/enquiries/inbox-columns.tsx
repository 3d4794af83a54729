import { Link } from "react-router";
import { TwoLines } from "~/components/admin/list/list-parts";
import type { ListColumn } from "~/components/admin/list/list-table";
import { formatDateTime } from "~/components/admin/page";
import type { EnquiryConsultation } from "~/modules/bookings/enquiry-consultations.server";
import type { Enquiry, EnquirySortField } from "~/modules/enquiries/enquiry.schema";
import { ConsultationLine } from "./enquiry-consultation";
import { StatusBadge, serviceLabel, spamReasonLabel } from "./enquiry-parts";

/*
 * The inbox's columns, each shown from the width where it reads well (1024 px up), and the card
 * each enquiry becomes on a phone.
 */

/** "1 Jun 2026, 1:30 pm IST", breaking (when it must) between the day and the time only. */
function Submitted({ at }: { at: string }) {
  const text = formatDateTime(at);
  const comma = text.lastIndexOf(", ");
  return (
    <time dateTime={at}>
      {comma < 0 ? (
        text
      ) : (
        <>
          <span className="whitespace-nowrap">{text.slice(0, comma + 1)}</span>{" "}
          <span className="whitespace-nowrap">{text.slice(comma + 2)}</span>
        </>
      )}
    </time>
  );
}

/**
 * The inbox's columns; the spam folder adds why each post was held back. From 1024 px the table
 * shows name, company, service (in the spam folder: the reason), status and date; the e-mail
 * address (and the spam folder's service) from 1280 px, where there is room for them. An
 * enquiry made by booking has its slot under its name.
 */
export function columnsOf(
  here: string,
  spamFolder: boolean,
  consultations: Record<string, EnquiryConsultation> = {},
): ListColumn<Enquiry, EnquirySortField>[] {
  const columns: ListColumn<Enquiry, EnquirySortField>[] = [
    {
      id: "name",
      header: "Name",
      sortField: "fullName",
      className: "min-w-28 font-medium",
      cell: (enquiry) => (
        <Link
          to={`/admin/enquiries/${enquiry.id}${here}`}
          title={enquiry.fullName}
          className="line-clamp-2 break-words text-blue-800 underline"
        >
          {enquiry.fullName}
        </Link>
      ),
    },
    {
      id: "company",
      header: "Company",
      sortField: "company",
      className: "min-w-28",
      cell: (e) => <TwoLines text={e.company} />,
    },
    {
      id: "email",
      header: "E-mail",
      showFrom: "xl",
      className: "min-w-40",
      cell: (e) => <TwoLines text={e.email} breakAfterAt />,
    },
    {
      id: "service",
      header: "Service",
      showFrom: spamFolder ? "xl" : undefined,
      // Room for "Equity Compensation" on one line and "& ESOPs" on the next.
      className: "min-w-40",
      cell: (e) => {
        const consultation = consultations[e.id];
        return (
          <>
            <TwoLines text={serviceLabel(e.service)} />
            {consultation ? <ConsultationLine consultation={consultation} /> : null}
          </>
        );
      },
    },
    {
      id: "status",
      header: "Status",
      sortField: "status",
      className: "whitespace-nowrap",
      cell: (e) => <StatusBadge status={e.status} />,
    },
    {
      id: "submitted",
      header: "Submitted",
      sortField: "submittedAt",
      cell: (e) => <Submitted at={e.submittedAt} />,
    },
  ];
  if (spamFolder) {
    columns.push({
      id: "reason",
      header: "Held back because",
      className: "min-w-40",
      cell: (e) => <TwoLines text={spamReasonLabel(e.spamReason)} />,
    });
  }
  return columns;
}

/** One enquiry on a phone: who, its status, what it is about (and its slot) and when it came. */
export function EnquiryCard({
  enquiry,
  here,
  consultation,
}: {
  enquiry: Enquiry;
  here: string;
  /** Its slot, when it was made by booking. */
  consultation?: EnquiryConsultation;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <Link
          to={`/admin/enquiries/${enquiry.id}${here}`}
          className="font-semibold break-words text-blue-800 underline [overflow-wrap:anywhere]"
        >
          {enquiry.fullName}
        </Link>
        <StatusBadge status={enquiry.status} />
      </div>
      {enquiry.company ? (
        <p className="mt-1 break-words text-slate-700">{enquiry.company}</p>
      ) : null}
      <p className="mt-1 text-slate-900">{serviceLabel(enquiry.service)}</p>
      {consultation ? <ConsultationLine consultation={consultation} /> : null}
      <p className="mt-1 text-xs text-slate-600">
        <time dateTime={enquiry.submittedAt}>{formatDateTime(enquiry.submittedAt)}</time>
      </p>
    </>
  );
}
