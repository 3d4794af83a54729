import { Link } from "react-router";
import { Badge } from "~/components/admin/list/list-table";
import { formatDateTime } from "~/components/admin/page";
import type { BookingView } from "~/modules/bookings/booking-query";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "~/modules/bookings/booking-statuses";

/* Pieces the bookings list, the week view and the booking page share. */

const STATUS_BADGES: Record<BookingStatus, string> = {
  booked: "bg-blue-100 text-blue-900 ring-blue-300",
  completed: "bg-green-100 text-green-900 ring-green-300",
  no_show: "bg-amber-100 text-amber-900 ring-amber-300",
  cancelled: "bg-slate-200 text-slate-800 ring-slate-300",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge colours={STATUS_BADGES[status]}>{BOOKING_STATUS_LABELS[status]}</Badge>;
}

/** A slot as staff read it, in IST: "23 Nov 2026, 3:45 pm IST". */
export function Slot({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

export const bookingHref = (id: string, here = "") =>
  `/admin/bookings/${encodeURIComponent(id)}${here}`;

export const enquiryHref = (id: string) => `/admin/enquiries/${encodeURIComponent(id)}`;

export const VIEW_LABELS: Record<BookingView, string> = {
  upcoming: "Upcoming",
  past: "Past",
  week: "Week",
};

/** The views as tabs (links: the view lives in the URL). */
export function ViewTabs({
  current,
  hrefOf,
}: {
  current: BookingView;
  hrefOf: (view: BookingView) => string;
}) {
  return (
    <nav aria-label="Views" className="mb-4 flex gap-2 border-b border-slate-200">
      {(Object.keys(VIEW_LABELS) as BookingView[]).map((view) => (
        <Link
          key={view}
          to={hrefOf(view)}
          aria-current={view === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
            view === current
              ? "border-blue-700 text-blue-800"
              : "border-transparent text-slate-700 hover:text-slate-900"
          }`}
        >
          {VIEW_LABELS[view]}
        </Link>
      ))}
    </nav>
  );
}
