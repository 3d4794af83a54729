import { data, redirect } from "react-router";
import { moveBookingSchema } from "~/modules/bookings/booking.schema";
import {
  cancelBookingWithLink,
  type LinkChange,
  moveBookingWithLink,
} from "~/modules/bookings/booking-changes.server";
import { BOOKING_MESSAGES } from "~/modules/bookings/booking-commands.server";
import { timeZoneOr } from "~/modules/bookings/booking-time";
import { checkManageLink, manageLinkPath } from "~/modules/bookings/manage-link.server";
import { type PickerDay, pickerDaysOf } from "~/modules/bookings/slot-listing";
import { leadMailOptions } from "~/modules/mail/options.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import { assertSameOrigin, type RequestArgs } from "./guards.server";
import { parseForm } from "./parse-form";
import { readForm } from "./read-form.server";
import { runtimeFrom } from "./request-context";

/*
 * The private link page's posts (/book/manage/:token): move the booking to another free time,
 * or cancel it. Both go through the link again (the module checks it in the change's own
 * transaction), so a link that stopped working since the page was opened gets the page that
 * says why, never a 500. A change answers with a redirect (303) to the page that shows it: a
 * move to the booking's NEW link (a move raises the link's version), a cancel to this link,
 * which now says the consultation was cancelled.
 */

/** Why a link does not open its booking (checkManageLink's reasons). */
export type LinkState = "invalid" | "superseded" | "cancelled" | "started";

/** The box a visitor ticks before cancelling (manage-forms.tsx); a post without it is refused. */
const CANCEL_CONFIRM_FIELD = "confirm";
const CANCEL_CONFIRM_LABEL = "Yes, cancel my consultation";
const CANCEL_NOT_CONFIRMED = `Tick “${CANCEL_CONFIRM_LABEL}” to cancel.`;
const CHOOSE_A_TIME = "Choose a time from the list";
const SAME_TIME = "That is your current time. Choose another time to move to.";

/*
 * Where a change's answer opens: at its status message. The forms post to their own section
 * (`#reschedule`, `#cancel`) so that a refusal without JavaScript opens at its message; a
 * redirect without a fragment of its own would keep the post's one.
 */
const AT_STATUS = "#manage-status";

export type ManageActionResult =
  /** The link no longer opens a booking: the page says why. */
  | { intent: "refused"; state: LinkState }
  /** The move was not made: the message, and (when taken) the nearest free times. */
  | { intent: "move"; error: string; nearest?: PickerDay[]; startsAt: string }
  | { intent: "cancel"; error: string };

/** The page of a link that does not open its booking: 404 for a link that is not ours. */
const stateAnswer = (state: LinkState) =>
  data<ManageActionResult>(
    { intent: "refused", state },
    { status: state === "invalid" ? 404 : 409 },
  );

/** A refused change as the state of its link. */
function refusedState(
  change: Extract<LinkChange, { ok: false }>,
  now: LinkState | null,
): LinkState {
  switch (change.reason) {
    case "invalid":
    case "superseded":
    case "cancelled":
    case "started":
      return change.reason;
    case "not_found":
      return "invalid";
    default:
      // not_booked: the booking changed between the page's check and the change (cancelled by
      // staff, say); the link, read again, says how.
      return now ?? "cancelled";
  }
}

/** The action of /book/manage/:token: `intent=move` with `startsAt`, or `intent=cancel`. */
export async function bookingManageAction({
  request,
  context,
  params,
}: RequestArgs & { params: { token?: string } }) {
  assertSameOrigin({ request, context });
  const token = params.token ?? "";
  const { db, config } = runtimeFrom(context);
  const bookingContext = { secret: config.authSecret, mail: leadMailOptions(config) };
  const linkState = async () => {
    const link = await checkManageLink(db, config.authSecret, token);
    return link.ok ? null : link.reason;
  };
  // A link that stopped working since the page was opened says so first, whatever was posted.
  const link = await checkManageLink(db, config.authSecret, token);
  if (!link.ok) return stateAnswer(link.reason);
  const form = await readForm(request);
  const intent = form?.get("intent");

  if (form && intent === "move") {
    const startsAt = String(form.get("startsAt") ?? "");
    const parsed = parseForm(moveBookingSchema, form);
    if (!parsed.success) {
      return data<ManageActionResult>(
        { intent: "move", error: parsed.errors.startsAt ?? CHOOSE_A_TIME, startsAt },
        { status: 400 },
      );
    }
    if (parsed.data.startsAt === link.booking.startsAt) {
      return data<ManageActionResult>(
        { intent: "move", error: SAME_TIME, startsAt },
        { status: 400 },
      );
    }
    const change = await moveBookingWithLink(
      db,
      token,
      { startsAt: parsed.data.startsAt },
      bookingContext,
    );
    if (change.ok) {
      wakeOutbox();
      throw redirect(
        `${manageLinkPath(config.authSecret, change.booking)}?moved=1${AT_STATUS}`,
        303,
      );
    }
    if (change.reason === "taken") {
      const zone = timeZoneOr(form.get("timeZone"), link.booking.visitorTimeZone);
      return data<ManageActionResult>(
        {
          intent: "move",
          error: BOOKING_MESSAGES.taken,
          nearest: pickerDaysOf(
            change.nearest.filter((slot) => slot.startsAt !== link.booking.startsAt),
            zone,
          ),
          startsAt,
        },
        { status: 409 },
      );
    }
    if (change.reason === "cut_off") {
      return data<ManageActionResult>(
        { intent: "move", error: BOOKING_MESSAGES.cut_off, startsAt },
        { status: 409 },
      );
    }
    return stateAnswer(refusedState(change, await linkState()));
  }

  if (form && intent === "cancel") {
    if (form.get(CANCEL_CONFIRM_FIELD) === null) {
      return data<ManageActionResult>(
        { intent: "cancel", error: CANCEL_NOT_CONFIRMED },
        { status: 400 },
      );
    }
    const change = await cancelBookingWithLink(db, token, bookingContext);
    if (change.ok) {
      wakeOutbox();
      throw redirect(
        `${manageLinkPath(config.authSecret, change.booking)}?cancelled=1${AT_STATUS}`,
        303,
      );
    }
    // Past the cut-off (decision 0046): the page, loaded again, says how to reach the firm.
    if (change.reason === "cut_off") {
      return data<ManageActionResult>(
        { intent: "cancel", error: BOOKING_MESSAGES.cut_off },
        { status: 409 },
      );
    }
    return stateAnswer(refusedState(change, await linkState()));
  }

  return data<ManageActionResult>(
    { intent: "move", error: CHOOSE_A_TIME, startsAt: "" },
    { status: 400 },
  );
}
