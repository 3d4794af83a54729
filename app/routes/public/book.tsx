import { data, Link, useLocation } from "react-router";
import {
  BookingForm,
  ChosenMeeting,
  ENQUIRY_LINK,
  NoFreeTimes,
  Received,
  ZoneNote,
} from "~/components/site/booking/booking-form";
import { BOOKING_ISLAND } from "~/components/site/booking/booking-island-name";
import { MeetingTypeChooser, ServiceQuestion } from "~/components/site/booking/meeting-type-choice";
import { card, container, PageHero, sectionY, surface, textLink } from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { publicMeta } from "~/lib/seo";
import type { BookingAnswer } from "~/modules/bookings/booking-submission.server";
import { timeZoneOr } from "~/modules/bookings/booking-time";
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
import { loadPageHeroImage } from "~/modules/media/media.server";
import { bookingAction } from "~/web/booking-action.server";
import { useRenderedFormToken } from "~/web/form-token";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/book";

/*
 * /book: the free consultation, booked by the visitor (issue 15, decision 0030). A day and a
 * free time in the visitor's zone with IST beside, then the enquiry form's fields, in one form
 * that works without JavaScript (radio buttons, a normal post) and in place with it. The page
 * loads no React (issue 30, decision 0077): its island (`booking`, booking-island.ts) draws the
 * day grid's choices, shows the times in the visitor's zone and posts the form in place. The page
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
 * cache's slotted page, also what the island fetches for another zone or span), and anything
 * else as `private, no-store`, so that the free times are never shown from a copy on the device.
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

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
  // Unpacked by the function the island uses too (decision 0066).
  const days = unpackPickerDays(packedDays);
  const renderedToken = useRenderedFormToken();
  // Where the form posts: this address without its fragment, as React Router's <Form> said.
  const location = useLocation();
  const result = actionData as BookingAnswer | undefined;
  const failure = result && result.status !== "received" ? result : undefined;
  const bookable = days.some((day) => day.slots.length > 0);
  const values = failure?.values ?? { ...EMPTY_VALUES, service, startsAt: "" };
  const several = types.length > 1;
  return (
    <>
      <PageHero
        eyebrow={several ? "Consultations" : "Free Consultation"}
        title={several ? "Book a Meeting" : "Book a Free Consultation"}
        subtitle={
          several
            ? "Choose a meeting and a time with one of our consultants. You get a calendar invitation by e-mail at once, with a private link to reschedule or cancel."
            : "Pick a time for a free 30-minute call with one of our consultants. You get a calendar invitation by e-mail at once, with a private link to reschedule or cancel."
        }
        image={heroImage}
        drawing="book"
      />
      {/* The island (decision 0077): the day grid, the visitor's zone, the post in place. */}
      <section
        aria-label="Booking"
        data-island={BOOKING_ISLAND}
        data-detect-zone={timeZone}
        className={`${surface.sand} ${sectionY}`}
      >
        <div className={`${container} max-w-5xl`}>
          <div id="booking-card" data-post-region="" className={`${card} space-y-8 p-5 sm:p-8`}>
            {result?.status === "received" ? (
              <Received />
            ) : choosing ? (
              <div id="booking-types" data-zone-swap="">
                <MeetingTypeChooser types={types} search={search} />
              </div>
            ) : askService && type ? (
              <div id="booking-topic" data-zone-swap="">
                <ServiceQuestion
                  type={type}
                  keep={{ ...keep, ...(search ? { tz: timeZone } : {}) }}
                  showTypes={several}
                />
              </div>
            ) : !bookable ? (
              <NoFreeTimes horizonDays={horizonDays} />
            ) : (
              <>
                {type && (several || serviceLabel) ? (
                  <ChosenMeeting
                    type={type}
                    serviceLabel={serviceLabel}
                    chooseAnother={several ? `/book${search ? `?${search}` : ""}` : undefined}
                    changeTopic={
                      serviceLabel
                        ? `/book?${new URLSearchParams({ ...keep, service: "" }).toString()}`
                        : undefined
                    }
                  />
                ) : null}
                <ZoneNote timeZone={timeZone} zoneLabel={zoneLabel} zones={zones} keep={keep} />
                <BookingForm
                  action={`${location.pathname}${location.search}`}
                  failure={failure}
                  values={values}
                  renderedToken={renderedToken}
                  meetingType={type?.slug}
                  constraints={constraints}
                  days={days}
                  packed={packedDays}
                  pages={pages}
                  timeZone={timeZone}
                />
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
