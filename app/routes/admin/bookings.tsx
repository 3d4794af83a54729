import { BookingListView } from "~/components/admin/bookings/booking-list-view";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { leadSourceChoices } from "~/modules/attribution/lead-sources.server";
import { parseBookingQuery } from "~/modules/bookings/booking-query";
import { listConsultants } from "~/modules/bookings/consultants.server";
import { staffBookingList, staffBookingWeek } from "~/modules/bookings/staff-bookings.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => adminMeta("Bookings");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const query = parseBookingQuery(new URL(request.url).searchParams);
  const { db } = runtimeFrom(context);
  const week = query.view === "week";
  const [consultants, list, weekData, sourceChoices] = await Promise.all([
    listConsultants(db),
    week ? null : staffBookingList(db, query),
    week ? staffBookingWeek(db, query) : null,
    leadSourceChoices(db, "bookingId"),
  ]);
  return {
    query,
    consultants: consultants.map(({ id, displayName }) => ({ id, displayName })),
    list,
    week: weekData,
    canSetUp: user.role === "admin",
    sourceChoices,
  };
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  return <BookingListView {...loaderData} />;
}

export { AdminErrorBoundary as ErrorBoundary };
