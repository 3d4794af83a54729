import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses, FormError } from "~/components/admin/forms";
import { PageHeader, Panel } from "~/components/admin/page";
import { Field } from "~/components/admin/record/record-parts";
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  ConfirmSubmit,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { INDIA_TIME_ZONE } from "~/lib/india-format";
import type { Booking } from "~/modules/bookings/booking-store.server";
import { formatInZone } from "~/modules/bookings/booking-time";
import type { JoinLink } from "~/modules/bookings/meeting-link";
import { lengthLabel } from "~/modules/bookings/meeting-types";
import { BookingStatusBadge, enquiryHref, Slot } from "./booking-parts";

/*
 * One booking: who booked, when (IST, and the visitor's own clock), with whom, its enquiry; and
 * what staff can do: cancel, move to another free slot, record how the meeting went. Every
 * action is a plain form posting to the page, so it works without JavaScript.
 */

export const CANCEL_BOOKING_CONFIRMATION = {
  title: "Cancel booking",
  description:
    "Cancel this consultation? The visitor and the consultant are e-mailed a cancellation, and the time becomes free again.",
  confirmLabel: "Cancel booking",
};

export interface SlotChoice {
  startsAt: string;
}

export interface BookingActionResult {
  message?: string;
  /** Why the chosen new time could not be had (shown by the move form). */
  moveError?: string;
  /** The nearest free times when the chosen one was taken. */
  nearest?: SlotChoice[];
  startsAt?: string;
  confirmation?: ConfirmationRequest;
}

const inIst = tz(INDIA_TIME_ZONE);
const dayOf = (at: string) => format(new Date(at), "yyyy-MM-dd", { in: inIst });
const dayLabel = (at: string) => format(new Date(at), "EEEE d MMM yyyy", { in: inIst });
const timeLabel = (at: string) => `${format(new Date(at), "h:mm aaa", { in: inIst })} IST`;

/** Slots by IST day, in order. */
function byDay(slots: SlotChoice[]) {
  const days: Array<{ date: string; slots: SlotChoice[] }> = [];
  for (const slot of slots) {
    const date = dayOf(slot.startsAt);
    const last = days.at(-1);
    if (last?.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}

function MovePanel({
  slots,
  result,
  busy,
}: {
  slots: SlotChoice[];
  result?: BookingActionResult;
  busy: boolean;
}) {
  const choices = result?.nearest ?? slots;
  return (
    <Panel title="Move to another time">
      {choices.length === 0 ? (
        <p className="text-sm text-slate-700">
          No free times in the next days. Add hours on the consultants and hours page to make room.
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="move" />
          <fieldset aria-describedby={result?.moveError ? "move-error" : undefined}>
            <legend className="text-sm font-medium text-slate-900">
              {result?.nearest ? "The nearest free times (IST)" : "Free times (IST)"}
            </legend>
            <div id="move-error">
              <FormError message={result?.moveError} />
            </div>
            <div className="mt-2 max-h-96 space-y-3 overflow-y-auto">
              {byDay(choices).map((day) => (
                <fieldset key={day.date}>
                  <legend className="text-sm font-semibold text-slate-800">
                    {dayLabel(day.slots[0]?.startsAt ?? day.date)}
                  </legend>
                  <div className="mt-1 flex flex-wrap gap-2">
                    {day.slots.map((slot) => (
                      <label
                        key={slot.startsAt}
                        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-2 py-1 text-sm"
                      >
                        <input
                          type="radio"
                          name="startsAt"
                          value={slot.startsAt}
                          defaultChecked={slot.startsAt === result?.startsAt}
                        />
                        {timeLabel(slot.startsAt)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={buttonClasses.primary} disabled={busy}>
            Move booking
          </button>
        </Form>
      )}
    </Panel>
  );
}

export function BookingDetailView({
  booking,
  consultantName,
  meetingType,
  join,
  slots,
  listSearch,
  result,
}: {
  booking: Booking;
  consultantName: string;
  /** The booking's meeting type (decision 0050). */
  meetingType: { title: string; lengthMinutes: number };
  join: JoinLink | null;
  slots: SlotChoice[];
  listSearch: string;
  result?: BookingActionResult;
}) {
  const busy = useNavigation().state === "submitting";
  const booked = booking.status === "booked";
  return (
    <>
      <p className="mb-4">
        <Link
          to={`/admin/bookings${listSearch}`}
          className="text-sm font-medium text-blue-800 underline"
        >
          ← Back to bookings
        </Link>
      </p>
      <PageHeader
        title={`Consultation with ${booking.visitorName}`}
        description={<Slot at={booking.startsAt} />}
        actions={<BookingStatusBadge status={booking.status} />}
      />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel request={result?.confirmation} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Panel title="Details">
            <dl className="divide-y divide-slate-100">
              <Field label="Time (IST)">
                <Slot at={booking.startsAt} /> ({lengthLabel(meetingType.lengthMinutes)})
              </Field>
              <Field label="Meeting type">{meetingType.title}</Field>
              <Field label="Visitor's time">
                {formatInZone(booking.startsAt, booking.visitorTimeZone)}
              </Field>
              <Field label="Consultant">{consultantName}</Field>
              {join ? (
                <Field label="Meeting link">
                  <a href={join.url} className="break-all text-blue-800 underline">
                    {join.url}
                  </a>{" "}
                  (
                  {join.kind === "consultant"
                    ? "the consultant's room"
                    : "a room generated for this booking"}
                  )
                </Field>
              ) : null}
              <Field label="Name">{booking.visitorName}</Field>
              <Field label="E-mail">
                <a href={`mailto:${booking.visitorEmail}`} className="text-blue-800 underline">
                  {booking.visitorEmail}
                </a>
              </Field>
              <Field label="Company">{booking.visitorCompany}</Field>
              <Field label="Phone">{booking.visitorPhone}</Field>
              <Field label="Enquiry">
                <Link to={enquiryHref(booking.enquiryId)} className="text-blue-800 underline">
                  Open the enquiry
                </Link>
              </Field>
            </dl>
          </Panel>
          {booked ? <MovePanel slots={slots} result={result} busy={busy} /> : null}
        </div>
        <div className="space-y-6">
          {booking.status !== "cancelled" ? (
            <Panel title="Outcome">
              <p className="mb-3 text-sm text-slate-700">
                Record how the meeting went, once it has started. A no-show is e-mailed a kind note
                with a link to book again.
              </p>
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="intent" value="outcome" />
                <button
                  type="submit"
                  name="outcome"
                  value="completed"
                  className={buttonClasses.secondary}
                  disabled={busy}
                >
                  Mark held
                </button>
                <button
                  type="submit"
                  name="outcome"
                  value="no_show"
                  className={buttonClasses.secondary}
                  disabled={busy}
                >
                  Mark no-show
                </button>
              </Form>
            </Panel>
          ) : null}
          {booked ? (
            <Panel title="Cancel">
              <p className="mb-3 text-sm text-slate-700">
                The visitor and the consultant are e-mailed a cancellation.
              </p>
              <Form method="post">
                <ConfirmSubmit
                  name="intent"
                  value="cancel"
                  className={buttonClasses.danger}
                  disabled={busy}
                  {...CANCEL_BOOKING_CONFIRMATION}
                >
                  Cancel booking
                </ConfirmSubmit>
              </Form>
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  );
}
