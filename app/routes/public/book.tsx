import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { EnquiryFields } from "~/components/enquiry-fields";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { focusFirstError } from "~/components/form/focus-first-error";
import { FormAlert } from "~/components/form/form-alert";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import { SlotPicker, SlotRadio } from "~/components/site/booking/slot-picker";
import { TimeZoneForm, useVisitorTimeZone } from "~/components/site/booking/time-zone-form";
import {
  card,
  container,
  PageHero,
  primaryButton,
  sectionY,
  surface,
  textLink,
} from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { publicMeta } from "~/lib/seo";
import type { BookingAnswer } from "~/modules/bookings/booking-submission.server";
import { timeZoneOr } from "~/modules/bookings/booking-time";
import { isIndiaTime } from "~/modules/bookings/india-zone";
import { zoneLabelOf, zoneOptionsFor } from "~/modules/bookings/slot-listing";
import { fromDateOr, loadPickerDays } from "~/modules/bookings/slot-listing.server";
import { EMPTY_VALUES } from "~/modules/enquiries/contact-form";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { loadPageHeroImage } from "~/modules/media/media.server";
import { bookingAction } from "~/web/booking-action.server";
import { useRenderedFormToken } from "~/web/form-token";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/book";

/*
 * /book: the free consultation, booked by the visitor (issue 15, decision 0030). A day and a
 * free time in the visitor's zone with IST beside, then the enquiry form's fields, in one form
 * that works without JavaScript (radio buttons, a normal post) and in place with it. The page
 * cache stores it like every public page, keyed by the availability version beside the content
 * version and by its zone and start day (decision 0049): every booking, move, cancellation and
 * change of a consultant's hours raises that version in its own transaction, so a time booked is
 * never offered after the booking's answer. The form's token is the cache's one slot.
 */

/**
 * Kept by no browser or service worker: the stored copy goes out as `private, no-cache` (the
 * cache's slotted page), and the route data of a navigation in the page (another zone or span)
 * as `private, no-store`, so that the free times are never shown from a copy on the device.
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const ENQUIRY_LINK = "/contact#enquiry-form";

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const timeZone = timeZoneOr(search.get("tz"));
  const { db } = runtimeFrom(context);
  // A span of days at a time (`?from=` pages through the window), whatever the window's length.
  const [{ days, horizonDays, ...pages }, heroImage] = await Promise.all([
    loadPickerDays(db, timeZone, { from: fromDateOr(search.get("from")) }),
    loadPageHeroImage(db, "book"),
  ]);
  return {
    timeZone,
    zoneLabel: zoneLabelOf(timeZone),
    zones: zoneOptionsFor(timeZone),
    days,
    pages,
    horizonDays,
    constraints: constraintsOf(enquiryInputSchema),
    heroImage,
  };
}

export const action = (args: Route.ActionArgs) => bookingAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Book a Free Consultation",
    description:
      "Pick a time for a free 30-minute consultation on compensation, equity or benefits, shown in your own time zone, and get a calendar invitation at once.",
    path: "/book",
    breadcrumbs: [{ name: "Book a Free Consultation", path: "/book" }],
  });

function NoFreeTimes({ horizonDays }: { horizonDays: number }) {
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

function Received() {
  return (
    <div
      role="status"
      tabIndex={-1}
      className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900 focus:outline-none"
    >
      <h2 className="text-xl font-semibold">Thank You!</h2>
      <p className="mt-2">Your request has been sent. We will get back to you within 24 hours.</p>
    </div>
  );
}

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZone, zoneLabel, zones, days, pages, horizonDays, constraints, heroImage } =
    loaderData;
  useVisitorTimeZone(timeZone);
  const navigation = useNavigation();
  const renderedToken = useRenderedFormToken();
  const formRef = useRef<HTMLFormElement>(null);
  const result = actionData as BookingAnswer | undefined;
  const failure = result && result.status !== "received" ? result : undefined;
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";

  // A refused post shown in place: focus its first message (or the person check's box).
  useEffect(() => {
    if (!failure) return;
    const errors =
      failure.status === "confirm"
        ? { [PERSON_CHECK_FIELD]: true }
        : failure.status === "taken"
          ? {}
          : failure.fieldErrors;
    focusFirstError(formRef.current, errors);
  }, [failure]);

  const bookable = days.some((day) => day.slots.length > 0);
  const values = failure?.values ?? { ...EMPTY_VALUES, startsAt: "" };
  const nearest = failure?.status === "taken" ? (failure.nearest ?? []) : [];
  return (
    <>
      <PageHero
        eyebrow="Free Consultation"
        title="Book a Free Consultation"
        subtitle="Pick a time for a free 30-minute call with one of our consultants. You get a calendar invitation by e-mail at once, with a private link to reschedule or cancel."
        image={heroImage}
        drawing="book"
      />
      <section aria-label="Booking" className={`${surface.sand} ${sectionY}`}>
        <div className={`${container} max-w-5xl`}>
          <div className={`${card} space-y-8 p-5 sm:p-8`}>
            {result?.status === "received" ? (
              <Received />
            ) : !bookable ? (
              <NoFreeTimes horizonDays={horizonDays} />
            ) : (
              <>
                <div className="flex flex-wrap items-end justify-between gap-4">
                  {/* Nothing follows the zone's name on its line, and the block keeps two lines'
                      height (`lh`: two of its lines): when the page switches to the visitor's zone, no text moves. */}
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
                  <TimeZoneForm timeZone={timeZone} zones={zones} />
                </div>
                <Form
                  ref={formRef}
                  method="post"
                  noValidate
                  preventScrollReset
                  aria-label="Booking form"
                  aria-busy={submitting ? true : undefined}
                  className="relative space-y-8"
                >
                  <FormAlert message={failure?.formError} />
                  <SpamDefenceFields token={failure?.formToken || renderedToken} />
                  {/* Drawn again with each answer's values; the token above stays as it is. */}
                  <div key={JSON.stringify(failure?.values ?? null)} className="space-y-8">
                    {nearest.length > 0 ? (
                      <fieldset className="min-w-0 rounded-card border border-marigold-400 bg-marigold-50 p-4">
                        <legend className="px-1 font-semibold text-navy-950">
                          The nearest free times
                        </legend>
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
                      pages={pages}
                      timeZone={timeZone}
                      selected={values.startsAt || undefined}
                      error={failure?.fieldErrors.startsAt}
                      legend={nearest.length > 0 ? "Or choose another time" : "Choose a time"}
                    />
                    <div className="space-y-5">
                      <h2 className="font-display text-xl font-semibold text-navy-950">
                        Your details
                      </h2>
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
                  <button
                    type="submit"
                    disabled={submitting}
                    className={`${primaryButton} w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto`}
                  >
                    {submitting ? "Booking..." : "Book Consultation"}
                  </button>
                </Form>
              </>
            )}
            <p className="border-t border-stone-200 pt-6 text-stone-700">
              Rather not pick a time?{" "}
              <Link to={ENQUIRY_LINK} className={textLink}>
                Send us an enquiry
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
