import { data } from "react-router";
import {
  type ManageFlash,
  ManageLinkState,
  ManagePage,
} from "~/components/site/booking/manage-view";
import { publicMeta } from "~/lib/seo";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { formatInZone, formatIst, timeZoneOr } from "~/modules/bookings/booking-time";
import { changeWindowOf } from "~/modules/bookings/change-window.server";
import { MANAGE_PATH } from "~/modules/bookings/manage-link.server";
import { openManageLink } from "~/modules/bookings/manage-page.server";
import { DEFAULT_MEETING_TYPE_ID, lengthLabel } from "~/modules/bookings/meeting-types";
import { meetingTypeOrDefault } from "~/modules/bookings/meeting-types.server";
import { zoneOptionsFor } from "~/modules/bookings/slot-listing";
import { fromDateOr, loadPickerDays } from "~/modules/bookings/slot-listing.server";
import type { RouteHandle } from "~/root";
import type { ManageActionResult } from "~/web/booking-manage-action.server";
import { bookingManageAction } from "~/web/booking-manage-action.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/book-manage";

/*
 * /book/manage/:token, the visitor's private link from their e-mails (decision 0030): the
 * booking's confirmation page after /book (`?booked=1`), and where they reschedule or cancel
 * until the meeting starts. A link that no longer opens its booking (moved since, cancelled,
 * started, or not ours) gets a page that says why and offers a new booking.
 *
 * The token is a key to the booking: the page is never stored by the page cache or a browser,
 * never indexed, names no canonical address, and sends no referrer to other sites (the policy
 * stays "same-origin", not "no-referrer": the latter would make the browser send `Origin: null`
 * with the page's own form posts, which the same-origin check refuses).
 */

/** Never stored; loads no React (its island: the day grid, decision 0077). */
export const handle: RouteHandle = { pageCache: false };

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
};

/*
 * The document's Cache-Control is the entry's ("no-cache, private": rendered per request); this
 * one holds for the page's data requests (client-side navigations).
 */
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

/** The "Show times in" choices: the common zones, the one shown, and the visitor's own. */
function zonesFor(shown: string, visitorZone: string) {
  const zones = zoneOptionsFor(shown);
  const own = zoneOptionsFor(visitorZone).find((zone) => zone.value === visitorZone);
  return own && !zones.some((zone) => zone.value === visitorZone) ? [...zones, own] : zones;
}

const TITLES = {
  ok: "Your consultation",
  invalid: "Link not valid",
  superseded: "This booking was moved",
  cancelled: "Consultation cancelled",
  started: "This meeting has started",
} as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = runtimeFrom(context);
  const search = new URL(request.url).searchParams;
  const token = params.token;
  const link = await openManageLink(db, config.authSecret, token);
  if (!link.ok) {
    const flash: ManageFlash =
      link.reason === "cancelled" && search.has("cancelled") ? "cancelled" : null;
    return data({ state: link.reason, flash } as const, {
      status: link.reason === "invalid" ? 404 : 200,
      headers: PRIVATE_HEADERS,
    });
  }
  const { booking, consultantName, joinUrl } = link;
  // Stored as the browser said it: "Asia/Calcutta" is IST too.
  const visitorTimeZone = timeZoneOr(booking.visitorTimeZone);
  const timeZone = timeZoneOr(search.get("tz"), visitorTimeZone);
  // Free for this booking (its own time does not stand in its way), but not its own time; a
  // span of days at a time (`?from=`).
  const { days, horizonDays, ...pages } = await loadPickerDays(db, timeZone, {
    exceptBookingId: booking.id,
    withoutSlot: booking.startsAt,
    from: fromDateOr(search.get("from")),
    meetingTypeId: booking.meetingTypeId,
  });
  const flash: ManageFlash = search.has("moved") ? "moved" : search.has("booked") ? "booked" : null;
  return data(
    {
      state: "ok",
      flash,
      path: `${MANAGE_PATH}/${encodeURIComponent(token)}`,
      booking: {
        startsAt: booking.startsAt,
        when: formatInZone(booking.startsAt, visitorTimeZone),
        whenIst: formatIst(booking.startsAt),
        visitorName: booking.visitorName,
        visitorEmail: booking.visitorEmail,
        visitorTimeZone,
        meeting: await meetingTypeOrDefault(db, booking.meetingTypeId).then((type) =>
          type.id === DEFAULT_MEETING_TYPE_ID
            ? `${type.lengthMinutes}-minute consultation`
            : `${type.title} (${lengthLabel(type.lengthMinutes)})`,
        ),
      },
      consultantName,
      joinUrl,
      timeZone,
      zones: zonesFor(timeZone, visitorTimeZone),
      days,
      pages,
      horizonDays,
      changes: await changeWindowOf(db, booking),
    } as const,
    { headers: PRIVATE_HEADERS },
  );
}

export const action = (args: Route.ActionArgs) => bookingManageAction(args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...publicMeta(matches, {
    title: TITLES[loaderData?.state ?? "invalid"],
    description: "Your free 30-minute consultation: see the time, reschedule or cancel.",
    // The page's general address: the token stays out of the meta tags.
    path: `${BOOK_PATH}/manage`,
    noindex: true,
  }),
  { name: "referrer", content: "same-origin" },
];

export default function BookManage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ManageActionResult | undefined;
  if (result?.intent === "refused") return <ManageLinkState state={result.state} flash={null} />;
  if (loaderData.state !== "ok") {
    return <ManageLinkState state={loaderData.state} flash={loaderData.flash} />;
  }
  return <ManagePage {...loaderData} result={result} />;
}
