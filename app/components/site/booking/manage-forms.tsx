import { useId } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { isIndiaTime } from "~/modules/bookings/india-zone";
import type { PickerPages } from "~/modules/bookings/picker-span";
import type { PickerDay } from "~/modules/bookings/slot-listing";
import { cardHeading, primaryButton, secondaryButton, textLink } from "../ui";
import { SlotPicker, SlotRadio } from "./slot-picker";
import { TimeZoneForm } from "./time-zone-form";

/*
 * The private link page's two forms (posts to the page's action, with or without JavaScript):
 * reschedule (the booking page's slot picker, of the times free for this booking, in the
 * visitor's zone with IST beside; after a lost race the nearest free times above it) and cancel
 * (a tick to confirm, so that one stray press does not cancel). A refused post shows its message
 * in an alert at the top of its form, focused.
 */

/** A refused move, as the action answers it. */
export interface ManageMoveResult {
  intent: "move";
  error: string;
  /** When the time was taken: the free times nearest to it. */
  nearest?: PickerDay[];
  startsAt: string;
}

export interface RescheduleProps {
  /** The page's own path (with the token), where the forms post. */
  path: string;
  /** The zone the times are shown in. */
  timeZone: string;
  zones: Array<{ value: string; label: string }>;
  days: PickerDay[];
  /** Where the spans of days around this one start. */
  pages?: PickerPages;
  /** The booking window in days. */
  horizonDays: number;
  result?: ManageMoveResult;
}

const alertClass =
  "rounded-control border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800 focus:outline-2 focus:outline-offset-2 focus:outline-red-800";
const sectionHeading = `${cardHeading} text-2xl`;

/**
 * The alert of a refused post: focused on arrival (by the page's island), so it is read and the
 * keyboard is there.
 */
function RefusalAlert({ message, id }: { message: string; id?: string }) {
  return (
    <p id={id} role="alert" tabIndex={-1} data-focus-on-load="" className={alertClass}>
      {message}
    </p>
  );
}

export function ManageRescheduleForm({
  path,
  timeZone,
  zones,
  days,
  pages,
  horizonDays,
  result,
}: RescheduleProps) {
  // A refused move comes back to the span of days it was chosen from.
  const from = useSearchParams()[0].get("from");
  const zoneLabel = zones.find((zone) => zone.value === timeZone)?.label ?? timeZone;
  const bookable = days.some((day) => day.slots.length > 0);
  const nearest = result?.nearest?.flatMap((day) =>
    day.slots.map((slot) => ({ ...slot, day: day.label })),
  );
  return (
    <section
      id="reschedule"
      aria-labelledby="reschedule-heading"
      className="max-w-5xl scroll-mt-24"
    >
      <h2 id="reschedule-heading" className={sectionHeading}>
        Reschedule
      </h2>
      <p className="mt-2 max-w-3xl text-stone-700">
        Choose a new time. Your current time stays booked until you move it. Times are shown in{" "}
        {zoneLabel}
        {isIndiaTime(timeZone) ? "." : ", with India time beside."}
      </p>
      {/* Its own form (a GET, `?tz=`): the post below is not sent by it. */}
      <TimeZoneForm timeZone={timeZone} zones={zones} className="mt-4" />

      <Form
        method="post"
        action={`${path}?tz=${encodeURIComponent(timeZone)}${from ? `&from=${encodeURIComponent(from)}` : ""}#reschedule`}
        noValidate
        // The island keeps `from` on the span shown after paging in place (booking-island.ts).
        data-span-action=""
        className="mt-6 space-y-6"
      >
        <input type="hidden" name="intent" value="move" />
        {result ? (
          <RefusalAlert key={`${result.error}|${result.startsAt}`} message={result.error} />
        ) : null}
        {nearest?.length ? (
          <fieldset className="min-w-0">
            <legend className="font-display text-xl font-semibold text-navy-950">
              Nearest free times
            </legend>
            <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {nearest.map((slot) => (
                <SlotRadio
                  key={slot.startsAt}
                  slot={{ ...slot, time: `${slot.day}, ${slot.time}` }}
                  name="startsAt"
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        {bookable ? (
          <SlotPicker
            days={days}
            pages={pages}
            timeZone={timeZone}
            selected={result?.startsAt || undefined}
            legend={nearest?.length ? "Or choose another time" : "Choose a new time"}
          />
        ) : (
          <p className="text-stone-700">
            No other times are free in the next {horizonDays} days. To find another time, please{" "}
            <Link to="/contact" className={textLink}>
              contact us
            </Link>
            .
          </p>
        )}
        {bookable || nearest?.length ? (
          <button type="submit" className={primaryButton}>
            Move my consultation
          </button>
        ) : null}
      </Form>
    </section>
  );
}

export function ManageCancelForm({ path, error }: { path: string; error?: string }) {
  const checkboxId = useId();
  const errorId = `${checkboxId}-error`;
  return (
    <section id="cancel" aria-labelledby="cancel-heading" className="max-w-3xl scroll-mt-24">
      <h2 id="cancel-heading" className={sectionHeading}>
        Cancel
      </h2>
      <p className="mt-2 text-stone-700">
        If the consultation no longer suits you, cancel it here. We will e-mail you a cancellation,
        and the time becomes free for others.
      </p>
      <Form method="post" action={`${path}#cancel`} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="cancel" />
        {error ? <RefusalAlert key={error} id={errorId} message={error} /> : null}
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            name="confirm"
            value="yes"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 h-5 w-5 shrink-0 rounded border-stone-500 accent-navy-800"
          />
          <label htmlFor={checkboxId} className="text-navy-950">
            Yes, cancel my consultation
          </label>
        </div>
        <button type="submit" className={secondaryButton}>
          Cancel consultation
        </button>
      </Form>
    </section>
  );
}
