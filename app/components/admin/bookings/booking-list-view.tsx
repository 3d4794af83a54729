import { Link } from "react-router";
import {
  type LeadSourceChoices,
  LeadSourceFilters,
} from "~/components/admin/attribution/lead-source-filters";
import { buttonClasses } from "~/components/admin/forms";
import { ChoiceFilter, ListFilters } from "~/components/admin/list/list-filters";
import { ListSummary } from "~/components/admin/list/list-pager";
import { TwoLines } from "~/components/admin/list/list-parts";
import { type ListColumn, ListTable } from "~/components/admin/list/list-table";
import { PageHeader } from "~/components/admin/page";
import {
  type BookingQuery,
  bookingSearch,
  DEFAULT_BOOKING_QUERY,
} from "~/modules/bookings/booking-query";
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from "~/modules/bookings/booking-statuses";
import type { StaffBookingRow, StaffWeek } from "~/modules/bookings/staff-bookings.server";
import { BookingStatusBadge, bookingHref, enquiryHref, Slot, ViewTabs } from "./booking-parts";
import { BookingWeek } from "./booking-week";

/* The staff's bookings: the views (upcoming, past, week), the filters, the list or the week. */

export interface BookingListViewProps {
  query: BookingQuery;
  consultants: Array<{ id: string; displayName: string }>;
  list: { items: StaffBookingRow[]; more: boolean } | null;
  week: StaffWeek | null;
  canSetUp: boolean;
  /** The stored sources and campaigns of bookings, for the filters. */
  sourceChoices: LeadSourceChoices;
}

const LIST_PATH = "/admin/bookings";

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] })),
];

function columns(here: string): ListColumn<StaffBookingRow>[] {
  return [
    {
      id: "visitor",
      header: "Visitor",
      className: "min-w-32 font-medium",
      cell: (row) => (
        <Link to={bookingHref(row.id, here)} className="break-words text-blue-800 underline">
          {row.visitorName}
        </Link>
      ),
    },
    {
      id: "company",
      header: "Company",
      className: "min-w-32",
      cell: (row) => <TwoLines text={row.visitorCompany} />,
    },
    {
      id: "slot",
      header: "Slot (IST)",
      className: "whitespace-nowrap",
      cell: (row) => <Slot at={row.startsAt} />,
    },
    {
      id: "consultant",
      header: "Consultant",
      cell: (row) => <TwoLines text={row.consultantName} />,
    },
    {
      id: "meetingType",
      header: "Meeting type",
      cell: (row) => <TwoLines text={row.meetingType} />,
    },
    { id: "status", header: "Status", cell: (row) => <BookingStatusBadge status={row.status} /> },
    {
      id: "enquiry",
      header: "Enquiry",
      cell: (row) => (
        <Link
          to={enquiryHref(row.enquiryId)}
          className="text-blue-800 underline"
          aria-label={`Enquiry of ${row.visitorName}`}
        >
          Enquiry
        </Link>
      ),
    },
  ];
}

export function BookingListView({
  query,
  consultants,
  list,
  week,
  canSetUp,
  sourceChoices,
}: BookingListViewProps) {
  const here = bookingSearch(query);
  const at = (changes: Partial<BookingQuery>) => `${LIST_PATH}${bookingSearch(query, changes)}`;
  const filtered = query.consultant !== "" || query.status !== "all";
  const consultantOptions = [
    { value: "", label: "All consultants" },
    ...consultants.map((c) => ({ value: c.id, label: c.displayName })),
  ];
  const listName = query.view === "past" ? "Past bookings" : "Upcoming bookings";
  const empty = filtered
    ? "No bookings match these filters. Clear them with Reset to see every booking."
    : query.view === "past"
      ? "No past bookings yet. Visitors' bookings will appear here once their meeting time has passed."
      : "No upcoming bookings. Visitors' bookings will appear here as soon as they book a consultation on the site's booking page.";

  return (
    <>
      <PageHeader
        title="Bookings"
        description="Free consultations visitors booked. Times are in India Standard Time (IST)."
        actions={
          <>
            <Link to="/admin/bookings/availability" className={buttonClasses.secondary}>
              {canSetUp ? "Consultants and hours" : "See consultants and hours"}
            </Link>
            <Link to="/admin/bookings/calendars" className={buttonClasses.secondary}>
              Consultants' calendars
            </Link>
            <Link to="/admin/bookings/types" className={buttonClasses.secondary}>
              Meeting types
            </Link>
          </>
        }
      />
      <ViewTabs current={query.view} hrefOf={(view) => at({ view, week: "" })} />
      <ListFilters
        label="Filter bookings"
        action={LIST_PATH}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end"
        reset={{
          to: `${LIST_PATH}${bookingSearch(DEFAULT_BOOKING_QUERY, { view: query.view })}`,
          label: "Reset",
        }}
      >
        {query.view !== "upcoming" ? <input type="hidden" name="view" value={query.view} /> : null}
        {query.view === "week" && query.week ? (
          <input type="hidden" name="week" value={query.week} />
        ) : null}
        <ChoiceFilter
          id="booking-consultant"
          label="Consultant"
          name="consultant"
          value={query.consultant}
          options={consultantOptions}
        />
        <ChoiceFilter
          id="booking-status"
          label="Status"
          name="status"
          value={query.status}
          options={STATUS_OPTIONS}
        />
        <LeadSourceFilters
          idPrefix="booking"
          choices={sourceChoices}
          source={query.source}
          campaign={query.campaign}
        />
      </ListFilters>

      {week ? (
        <BookingWeek week={week} here={here} hrefOfWeek={(monday) => at({ week: monday })} />
      ) : null}
      {list ? (
        <>
          <ListSummary>
            {list.more
              ? `Showing the first ${list.items.length}; narrow the filters to see the rest.`
              : list.items.length > 0
                ? `${list.items.length} ${list.items.length === 1 ? "booking" : "bookings"}`
                : ""}
          </ListSummary>
          <ListTable
            caption={listName}
            scrollLabel={listName}
            columns={columns(here)}
            rows={list.items}
            rowKey={(row) => row.id}
            rowClassName="hover:bg-slate-50"
            empty={empty}
          />
        </>
      ) : null}
    </>
  );
}
