import { useEffect, useMemo, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { EnquiryFields } from "~/components/enquiry-fields";
import { EnquiryPersonCheck } from "~/components/enquiry-person-check";
import { focusFirstError } from "~/components/form/focus-first-error";
import { FormAlert } from "~/components/form/form-alert";
import { SpamDefenceFields } from "~/components/form/spam-defence-fields";
import { MeetingTypeChooser, ServiceQuestion } from "~/components/site/booking/meeting-type-choice";
import { SlotPicker, SlotRadio } from "~/components/site/booking/slot-picker";
import { TimeZoneForm, useVisitorTimeZone } from "~/components/site/booking/time-zone-form";
import { PrivacyShortNotice } from "~/components/site/privacy-short-notice";
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
import { lengthLabel } from "~/modules/bookings/meeting-types";
import { hasRoutingRules, listMeetingTypes } from "~/modules/bookings/meeting-types.server";
import { packPickerDays, unpackPickerDays } from "~/modules/bookings/picker-days";
import { zoneLabelOf, zoneOptionsFor } from "~/modules/bookings/slot-listing";
import { fromDateOr, loadPickerDays } from "~/modules/bookings/slot-listing.server";
import { EMPTY_VALUES } from "~/modules/enquiries/contact-form";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import {
  SERVICE_INTEREST_LABELS,
  SERVICE_INTERESTS,
  type ServiceInterest,
} from "~/modules/enquiries/enquiry-options";
import { PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import { loadPageHeroImage } from "~/modules/media/media.server";
import type { RouteHandle } from "~/root";
import { bookingAction } from "~/web/booking-action.server";
import { useRenderedFormToken } from "~/web/form-token";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/book";

/** Interactive (the day grid): the page hydrates (decision 0067). */
export const handle: RouteHandle = { hydrate: true };

/*
 * /book: the free consultation, booked by the visitor (issue 15, decision 0030). A day and a
 * free time in the visitor's zone with IST beside, then the enquiry form's fields, in one form
 * that works without JavaScript (radio buttons, a normal post) and in place with it. The page
 * cache stores it like every public page, keyed by the availability version beside the content
 * version and by its zone and start day (decision 0049): every booking, move, cancellation and
 * change of a consultant's hours raises that version in its own transaction, so a time booked is
 * never offered after the booking's answer. The form's token is the cache's one slot.
 *
 * Meeting types and routing (decision 0050): with one active type the page is as it always was;
 * with several, `/book` first lists them as links (`/book?type=<slug>`) and then shows the chosen
 * type's times. When staff have routing rules, the visitor's service interest is asked first
 * (a GET form, `&service=`), so that every time shown is one a consultant covering that service
 * is free for. Both parameters are variants of the cache key.
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
  const [types, routing, heroImage] = await Promise.all([
    listMeetingTypes(db, { activeOnly: true }),
    hasRoutingRules(db),
    loadPageHeroImage(db, "book"),
  ]);
  const slug = search.get("type");
  const type = slug
    ? types.find((t) => t.slug === slug)
    : types.length === 1
      ? types[0]
      : undefined;
  if (slug && !type) throw data(null, { status: 404 });
  const asked = search.get("service") ?? "";
  const service = (SERVICE_INTERESTS as readonly string[]).includes(asked)
    ? (asked as ServiceInterest)
    : undefined;
  // Routing rules: the service is asked before the times, which are the covering consultants'.
  const askService = Boolean(type) && routing && !service;
  // A span of days at a time (`?from=` pages through the window), whatever the window's length.
  const { days, horizonDays, ...pages } =
    type && !askService
      ? await loadPickerDays(db, timeZone, {
          from: fromDateOr(search.get("from")),
          meetingTypeId: type.id,
          service,
        })
      : { days: [], horizonDays: type?.horizonDays ?? 0 };
  const summary = (t: (typeof types)[number]) => ({
    slug: t.slug,
    title: t.title,
    description: t.description,
    length: lengthLabel(t.lengthMinutes),
    feeNote: t.feeNote,
  });
  // What the GET forms and links of the page keep besides their own parameter.
  const keep: Record<string, string> = {};
  if (slug) keep.type = slug;
  if (service) keep.service = service;
  return {
    timeZone,
    zoneLabel: zoneLabelOf(timeZone),
    zones: zoneOptionsFor(timeZone),
    // Packed: three weeks of times as objects were a fifth of the stored page (decision 0066).
    days: packPickerDays(days),
    pages,
    horizonDays,
    constraints: constraintsOf(enquiryInputSchema),
    heroImage,
    types: types.map(summary),
    type: type ? summary(type) : null,
    /** More than one type and none chosen yet: the page lists them. */
    choosing: !type && types.length > 1,
    askService,
    service: service ?? "",
    serviceLabel: service ? SERVICE_INTEREST_LABELS[service] : "",
    keep,
    search: search.get("tz") ? `tz=${encodeURIComponent(search.get("tz") ?? "")}` : "",
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
  const {
    timeZone,
    zoneLabel,
    zones,
    days: packedDays,
    pages,
    horizonDays,
    constraints,
    heroImage,
    types,
    type,
    choosing,
    askService,
    service,
    serviceLabel,
    keep,
    search,
  } = loaderData;
  const days = useMemo(() => unpackPickerDays(packedDays), [packedDays]);
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
  const values = failure?.values ?? { ...EMPTY_VALUES, service, startsAt: "" };
  const nearest = failure?.status === "taken" ? (failure.nearest ?? []) : [];
  return (
    <>
      <PageHero
        eyebrow={types.length > 1 ? "Consultations" : "Free Consultation"}
        title={types.length > 1 ? "Book a Meeting" : "Book a Free Consultation"}
        subtitle={
          types.length > 1
            ? "Choose a meeting and a time with one of our consultants. You get a calendar invitation by e-mail at once, with a private link to reschedule or cancel."
            : "Pick a time for a free 30-minute call with one of our consultants. You get a calendar invitation by e-mail at once, with a private link to reschedule or cancel."
        }
        image={heroImage}
        drawing="book"
      />
      <section aria-label="Booking" className={`${surface.sand} ${sectionY}`}>
        <div className={`${container} max-w-5xl`}>
          <div className={`${card} space-y-8 p-5 sm:p-8`}>
            {result?.status === "received" ? (
              <Received />
            ) : choosing ? (
              <MeetingTypeChooser types={types} search={search} />
            ) : askService && type ? (
              <ServiceQuestion
                type={type}
                keep={{ ...keep, ...(search ? { tz: timeZone } : {}) }}
                showTypes={types.length > 1}
              />
            ) : !bookable ? (
              <NoFreeTimes horizonDays={horizonDays} />
            ) : (
              <>
                {type && (types.length > 1 || serviceLabel) ? (
                  <div className="space-y-1 border-b border-stone-200 pb-6">
                    <h2 className="font-display text-display-sm font-semibold text-navy-950">
                      {type.title}
                    </h2>
                    <p className="text-stone-700">
                      {type.length} · {type.feeNote || "Free"}
                      {serviceLabel ? ` · About ${serviceLabel}` : ""}
                    </p>
                    <p className="flex flex-wrap gap-x-6">
                      {types.length > 1 ? (
                        <Link to={`/book${search ? `?${search}` : ""}`} className={textLink}>
                          Choose another meeting
                        </Link>
                      ) : null}
                      {serviceLabel ? (
                        <Link
                          to={`/book?${new URLSearchParams({ ...keep, service: "" }).toString()}`}
                          className={textLink}
                        >
                          Change the topic
                        </Link>
                      ) : null}
                    </p>
                  </div>
                ) : null}
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
                  <TimeZoneForm timeZone={timeZone} zones={zones} keep={keep} />
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
                  {type ? <input type="hidden" name="meetingType" value={type.slug} /> : null}
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
                  <PrivacyShortNotice form="booking" />
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
