import { manageLinkPath } from "~/modules/bookings/manage-link.server";
import { currentInvitation, openManageLink } from "~/modules/bookings/manage-page.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/booking-invite";

/*
 * GET /book/manage/:token/invite.ics, "Add to calendar" on the private link page: the booking's
 * current invitation (METHOD:REQUEST, its UID, the SEQUENCE of the last invitation mailed), so a
 * calendar program that has the e-mailed one updates it instead of adding a second event. Only
 * through a link that opens its booking; never stored, never indexed.
 */

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = runtimeFrom(context);
  const link = await openManageLink(db, config.authSecret, params.token);
  if (!link.ok) {
    // A file request: plain words, no page. 404 for a link that is not ours, 410 for one that
    // worked once (moved since, cancelled, started).
    return new Response("This link no longer opens a booking.\n", {
      status: link.reason === "invalid" ? 404 : 410,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const manageUrl = `${config.baseUrl}${manageLinkPath(config.authSecret, link.booking)}`;
  const invite = await currentInvitation(db, link.booking, manageUrl);
  return new Response(invite.content, {
    headers: {
      ...PRIVATE,
      "Content-Type": `text/calendar; charset=utf-8; method=${invite.method}`,
      "Content-Disposition": `attachment; filename="${invite.filename}"`,
    },
  });
}
