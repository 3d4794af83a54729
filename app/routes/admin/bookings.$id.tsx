import { data } from "react-router";
import { LeadSourcePanel } from "~/components/admin/attribution/lead-source-panel";
import {
  type BookingActionResult,
  BookingDetailView,
  CANCEL_BOOKING_CONFIRMATION,
} from "~/components/admin/bookings/booking-detail-view";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { confirmationRequest, isConfirmed } from "~/components/ui/confirm-dialog";
import { getLeadSource } from "~/modules/attribution/lead-sources.server";
import { findFreeSlots } from "~/modules/bookings/availability.server";
import { bookingOutcomeSchema, moveBookingSchema } from "~/modules/bookings/booking.schema";
import {
  cancelBooking,
  moveBooking,
  setBookingOutcome,
} from "~/modules/bookings/booking-changes.server";
import { BOOKING_MESSAGES, type BookingChange } from "~/modules/bookings/booking-commands.server";
import { bookingSearch, parseBookingQuery } from "~/modules/bookings/booking-query";
import { getBooking } from "~/modules/bookings/booking-store.server";
import { getConsultant } from "~/modules/bookings/consultants.server";
import { joinLinkOf } from "~/modules/bookings/meeting-links.server";
import { meetingTypeOrDefault } from "~/modules/bookings/meeting-types.server";
import { staffActor } from "~/modules/commands/command.server";
import { leadMailOptions } from "~/modules/mail/options.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/bookings.$id";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Consultation with ${loaderData.booking.visitorName}` : "Booking");

/** How far ahead the move form offers free times (staff may move inside the notice). */
const MOVE_DAYS = 7;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const booking = await getBooking(db, params.id);
  if (!booking) throw data(null, { status: 404 });
  const consultant = await getConsultant(db, booking.consultantId);
  const now = new Date();
  const slots =
    booking.status === "booked"
      ? await findFreeSlots(db, {
          from: now,
          to: new Date(now.getTime() + MOVE_DAYS * 24 * 60 * 60 * 1000),
          now,
          exceptBookingId: booking.id,
          ignoreNotice: true,
          meetingTypeId: booking.meetingTypeId,
        })
      : [];
  return {
    booking,
    consultantName: consultant?.displayName ?? "A removed consultant",
    meetingType: await meetingTypeOrDefault(db, booking.meetingTypeId).then(
      ({ title, lengthMinutes }) => ({ title, lengthMinutes }),
    ),
    // A booking still on has a room to join (decision 0047); a past or cancelled one shows none.
    join: booking.status === "booked" ? await joinLinkOf(db, booking) : null,
    slots: slots.map(({ startsAt }) => ({ startsAt })),
    listSearch: bookingSearch(parseBookingQuery(new URL(request.url).searchParams)),
    leadSource: await getLeadSource(db, { bookingId: booking.id }),
  };
}

/** A refused change in words, as an error the page shows (never a 500). */
function refusal(change: Extract<BookingChange, { ok: false }>) {
  if (change.reason === "not_found") throw data(null, { status: 404 });
  return `Error: ${BOOKING_MESSAGES[change.reason]}`;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const actor = staffActor(user);
  const { db, config } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = form.get("intent");
  const bookingContext = { secret: config.authSecret, mail: leadMailOptions(config) };

  if (intent === "cancel") {
    if (!isConfirmed(form)) {
      return { confirmation: confirmationRequest(form, CANCEL_BOOKING_CONFIRMATION) };
    }
    const change = await cancelBooking(db, actor, params.id, bookingContext);
    if (!change.ok) {
      return data<BookingActionResult>({ message: refusal(change) }, { status: 409 });
    }
    return { message: "Booking cancelled. The visitor and the consultant were e-mailed." };
  }

  if (intent === "move") {
    const parsed = parseForm(moveBookingSchema, form);
    if (!parsed.success) {
      const moveError = parsed.errors.startsAt ?? "Choose a time from the list";
      return data<BookingActionResult>(
        { message: `Error: ${moveError}`, moveError },
        { status: 400 },
      );
    }
    const change = await moveBooking(
      db,
      actor,
      { bookingId: params.id, startsAt: parsed.data.startsAt },
      bookingContext,
    );
    if (!change.ok) {
      const message = refusal(change);
      const nearest =
        change.reason === "taken"
          ? change.nearest.map(({ startsAt }) => ({ startsAt }))
          : undefined;
      return data<BookingActionResult>(
        { message, moveError: message.replace(/^Error: /, ""), nearest },
        { status: 409 },
      );
    }
    return { message: "Booking moved. The visitor and the consultant were e-mailed." };
  }

  if (intent === "outcome") {
    const parsed = bookingOutcomeSchema.safeParse(form.get("outcome"));
    if (!parsed.success) {
      return data<BookingActionResult>({ message: "Error: Choose an outcome" }, { status: 400 });
    }
    const change = await setBookingOutcome(
      db,
      actor,
      { bookingId: params.id, outcome: parsed.data },
      new Date(),
      bookingContext.mail,
    );
    if (!change.ok) {
      return data<BookingActionResult>({ message: refusal(change) }, { status: 409 });
    }
    if (change.booking.status === "no_show") wakeOutbox();
    return {
      message:
        parsed.data === "completed"
          ? "Marked as held."
          : "Marked as a no-show. The visitor was e-mailed an invitation to book again.",
    };
  }

  return data<BookingActionResult>({ message: "Error: unknown request." }, { status: 400 });
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <BookingDetailView
        booking={loaderData.booking}
        consultantName={loaderData.consultantName}
        meetingType={loaderData.meetingType}
        join={loaderData.join}
        slots={loaderData.slots}
        listSearch={loaderData.listSearch}
        result={actionData as BookingActionResult | undefined}
      />
      <div className="mt-6">
        <LeadSourcePanel source={loaderData.leadSource} />
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
