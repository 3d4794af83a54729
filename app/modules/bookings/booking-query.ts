import { BOOKING_STATUSES, type BookingStatus } from "./booking-statuses";
import { addDaysToKey, type DateKey, dateKeyOf, weekdayOf } from "./booking-time";

/*
 * The staff's bookings list as a URL: which view (upcoming, past, one IST week), the consultant
 * and status filters, and the week shown. Read leniently: an unknown value falls back to the
 * default rather than an error page, since these come from links and typed addresses.
 */

export const BOOKING_VIEWS = ["upcoming", "past", "week"] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];

export interface BookingQuery {
  view: BookingView;
  consultant: string;
  status: BookingStatus | "all";
  /** The Monday (IST) of the week shown in the week view; "" for the current week. */
  week: DateKey | "";
  /** Only bookings whose first or latest source (and campaign) are these (issue 26). */
  source: string;
  campaign: string;
}

export const DEFAULT_BOOKING_QUERY: BookingQuery = {
  view: "upcoming",
  consultant: "",
  status: "all",
  week: "",
  source: "",
  campaign: "",
};

const isRealDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The Monday of the IST week a date falls in. */
export const mondayOf = (date: DateKey): DateKey => addDaysToKey(date, 1 - weekdayOf(date));

/** This IST week's Monday. */
export const currentMonday = (now: Date = new Date()): DateKey => mondayOf(dateKeyOf(now));

export function parseBookingQuery(params: URLSearchParams): BookingQuery {
  const view = params.get("view") ?? "";
  const status = params.get("status") ?? "";
  const week = params.get("week") ?? "";
  return {
    view: (BOOKING_VIEWS as readonly string[]).includes(view)
      ? (view as BookingView)
      : DEFAULT_BOOKING_QUERY.view,
    consultant: (params.get("consultant") ?? "").trim().slice(0, 100),
    status: (BOOKING_STATUSES as readonly string[]).includes(status)
      ? (status as BookingStatus)
      : "all",
    week: isRealDate(week) ? mondayOf(week) : "",
    source: (params.get("source") ?? "").trim().toLowerCase().slice(0, 100),
    campaign: (params.get("campaign") ?? "").trim().toLowerCase().slice(0, 100),
  };
}

/** The query string of a view ("" when it is the default), with some values changed. */
export function bookingSearch(query: BookingQuery, changes: Partial<BookingQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.view !== DEFAULT_BOOKING_QUERY.view) params.set("view", next.view);
  if (next.consultant) params.set("consultant", next.consultant);
  if (next.status !== "all") params.set("status", next.status);
  if (next.view === "week" && next.week) params.set("week", next.week);
  if (next.source) params.set("source", next.source);
  if (next.campaign) params.set("campaign", next.campaign);
  const search = params.toString();
  return search ? `?${search}` : "";
}
