import { Link } from "react-router";
import { EnquiryFields } from "~/components/enquiry-fields";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { FormAlert } from "~/components/form/form-alert";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import { PrivacyShortNotice } from "~/components/site/privacy-short-notice";
import { primaryButton, textLink } from "~/components/site/ui";
import type { Constraints } from "~/lib/form-constraints";
import type { BookingAnswer } from "~/modules/bookings/booking-submission.server";
import { isIndiaTime } from "~/modules/bookings/india-zone";
import type { PackedPickerDay, PickerDay } from "~/modules/bookings/picker-days";
import type { PickerPages } from "~/modules/bookings/picker-span";
import type { EnquiryFormValues } from "~/modules/enquiries/contact-form";
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import type { MeetingTypeSummary } from "./meeting-type-choice";
import { SlotPicker, SlotRadio } from "./slot-picker";
import { TimeZoneForm, type ZoneOption } from "./time-zone-form";

/*
 * /book's parts below the hero (routes/public/book.tsx): the chosen meeting, the zone the times
 * are in, and the one form of a time and the enquiry's fields. Markup only: the page loads no
 * React, its island (booking-island.ts, decision 0077) enhances it. Parts that name the zone
 * carry an id and `data-zone-swap`: the island puts the same parts of the page in the visitor's
 * zone in their place.
 */

export const ENQUIRY_LINK = "/contact#enquiry-form";

export function NoFreeTimes({ horizonDays }: { horizonDays: number }) {
  return (
    <div className="space-y-3">
      <h2 className="font-display text-display-sm font-semibold text-navy-950">
        No free times right now
      </h2>
      <p className="text-stone-700">
        No consultation times are free in the next {horizonDays} days. Send us an enquiry and we
        will arrange a time with you.
      </p>
      <p>
        <Link to={ENQUIRY_LINK} className={primaryButton}>
          Send an enquiry
        </Link>
      </p>
    </div>
  );
}

export function Received() {
  return (
    <div
      role="status"
      tabIndex={-1}
      data-focus-on-answer=""
      className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900 focus:outline-none"
    >
      <h2 className="text-xl font-semibold">Thank You!</h2>
      <p className="mt-2">Your request has been sent. We will get back to you within 24 hours.</p>
    </div>
  );
}

/** The meeting chosen (when there is a choice), with the ways back to the choices. */
export function ChosenMeeting({
  type,
  serviceLabel,
  chooseAnother,
  changeTopic,
}: {
  type: MeetingTypeSummary;
  serviceLabel: string;
  /** The list of meetings, when there is more than one. */
  chooseAnother?: string;
  /** The service question again, when it was asked. */
  changeTopic?: string;
}) {
  return (
    <div id="booking-type" data-zone-swap="" className="space-y-1 border-b border-stone-200 pb-6">
      <h2 className="font-display text-display-sm font-semibold text-navy-950">{type.title}</h2>
      <p className="text-stone-700">
        {type.length} · {type.feeNote || "Free"}
        {serviceLabel ? ` · About ${serviceLabel}` : ""}
      </p>
      <p className="flex flex-wrap gap-x-6">
        {chooseAnother ? (
          <Link to={chooseAnother} className={textLink}>
            Choose another meeting
          </Link>
        ) : null}
        {changeTopic ? (
          <Link to={changeTopic} className={textLink}>
            Change the topic
          </Link>
        ) : null}
      </p>
    </div>
  );
}

/** Which zone the times are in, and the form to show them in another. */
export function ZoneNote({
  timeZone,
  zoneLabel,
  zones,
  keep,
}: {
  timeZone: string;
  zoneLabel: string;
  zones: ZoneOption[];
  keep: Record<string, string>;
}) {
  return (
    <div
      id="booking-zone"
      data-zone-swap=""
      className="flex flex-wrap items-end justify-between gap-4"
    >
      {/* Nothing follows the zone's name on its line, and the block keeps two lines' height
          (`lh`: two of its lines): when the page switches to the visitor's zone, no text moves. */}
      <div className="max-w-prose text-stone-700">
        <p className="min-h-[2lh]">
          Times are shown in <strong className="block">{zoneLabel}</strong>
        </p>
        <p className="min-h-[2lh] text-sm text-stone-600">
          {isIndiaTime(timeZone)
            ? "That is India time (IST), where our consultants are."
            : "India time (IST) is shown beside each time."}
        </p>
      </div>
      <TimeZoneForm timeZone={timeZone} zones={zones} keep={keep} />
    </div>
  );
}

type Failure = Exclude<BookingAnswer, { status: "received" }>;

/**
 * The booking form: a plain post to the page itself (its address, with the zone and span shown),
 * which answers with the page: the messages, the nearest free times after a lost race, or the
 * booking's private link.
 */
export function BookingForm({
  action,
  failure,
  values,
  renderedToken,
  meetingType,
  constraints,
  days,
  packed,
  pages,
  timeZone,
}: {
  /** The page's own address (zone, span, type), without a fragment: a post to it answers there. */
  action: string;
  failure?: Failure;
  values: EnquiryFormValues & { startsAt: string };
  renderedToken: string;
  meetingType?: string;
  constraints: Constraints;
  days: PickerDay[];
  packed: PackedPickerDay[];
  pages: PickerPages;
  timeZone: string;
}) {
  const nearest = failure?.status === "taken" ? (failure.nearest ?? []) : [];
  return (
    <form
      method="post"
      action={action}
      noValidate
      aria-label="Booking form"
      data-booking-form=""
      // The island keeps it on the address shown (another zone or span, booking-island.ts).
      data-follows-address=""
      className="relative space-y-8"
    >
      <FormAlert message={failure?.formError} />
      <SpamDefenceFields token={failure?.formToken || renderedToken} />
      {meetingType ? <input type="hidden" name="meetingType" value={meetingType} /> : null}
      <div className="space-y-8">
        {nearest.length > 0 ? (
          <fieldset className="min-w-0 rounded-card border border-marigold-400 bg-marigold-50 p-4">
            <legend className="px-1 font-semibold text-navy-950">The nearest free times</legend>
            {nearest.map((day) => (
              <div key={day.date} className="mt-3">
                <p className="text-sm font-semibold text-stone-700">{day.longLabel}</p>
                <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {day.slots.map((slot) => (
                    <SlotRadio key={slot.startsAt} slot={slot} name="startsAt" />
                  ))}
                </div>
              </div>
            ))}
          </fieldset>
        ) : null}
        <SlotPicker
          days={days}
          packed={packed}
          pages={pages}
          timeZone={timeZone}
          selected={values.startsAt || undefined}
          error={failure?.fieldErrors.startsAt}
          legend={nearest.length > 0 ? "Or choose another time" : "Choose a time"}
        />
        <div className="space-y-5">
          <h2 className="font-display text-xl font-semibold text-navy-950">Your details</h2>
          <p className="text-sm text-stone-700">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <EnquiryFields
            constraints={constraints}
            shown={values}
            errors={failure?.fieldErrors ?? {}}
          />
          {failure?.status === "confirm" ? (
            <EnquiryPersonCheck error={failure.fieldErrors[PERSON_CHECK_FIELD]} />
          ) : null}
        </div>
      </div>
      <PrivacyShortNotice form="booking" />
      <button
        type="submit"
        className={`${primaryButton} w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto`}
      >
        Book Consultation
      </button>
    </form>
  );
}
