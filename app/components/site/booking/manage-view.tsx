import type { ReactNode } from "react";
import { Link } from "react-router";
import { FieldLookProvider } from "~/components/form/fields";
import type { ChangeWindow } from "~/modules/bookings/change-window.server";
import { isIndiaTime } from "~/modules/bookings/india-zone";
import { card, cardHeading, container, PageHero, primaryButton, secondaryButton } from "../ui";
import { BOOKING_ISLAND } from "./booking-island-name";
import { ManageChangesClosed } from "./manage-closed";
import {
  ManageCancelForm,
  type ManageMoveResult,
  ManageRescheduleForm,
  type RescheduleProps,
} from "./manage-forms";

/*
 * The visitor's private link page (/book/manage/:token): the booking (their time with IST
 * beside, the consultant, their name and address), "Add to calendar", and the forms to
 * reschedule and cancel; or, for a link that no longer opens its booking, a page that says why
 * and offers a new booking. After a change the page says what happened in a status message that
 * takes the focus, so a screen reader reads it and the keyboard starts from there.
 */

/** What the page says on arrival: just booked, just moved, just cancelled. */
export type ManageFlash = "booked" | "moved" | "cancelled" | null;

/** Why a link does not open its booking. */
export type ManageLinkReason = "invalid" | "superseded" | "cancelled" | "started";

/** A message after a change: role=status, and focused on arrival (by the page's island). */
function StatusPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      data-focus-on-load=""
      id="manage-status"
      role="status"
      tabIndex={-1}
      className="scroll-mt-24 rounded-card border border-green-300 bg-green-50 p-6 text-green-950 focus:outline-2 focus:outline-offset-2 focus:outline-green-800"
    >
      <h2 className="font-display text-2xl font-semibold">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </div>
  );
}

const LINK_STATES: Record<ManageLinkReason, { title: string; text: string }> = {
  invalid: {
    title: "Link not valid",
    text: "This link is not valid. Please open the link in the latest e-mail we sent you about your consultation, or book a new time.",
  },
  superseded: {
    title: "This booking was moved",
    text: "This booking was moved; use the link in the latest e-mail we sent you. Each move sends a new link, and the earlier ones stop working.",
  },
  cancelled: {
    title: "Consultation cancelled",
    text: "This consultation was cancelled. You are welcome to book a new time.",
  },
  started: {
    title: "This meeting has started",
    text: "This meeting has already started or taken place, so it can no longer be changed here. To talk to us again, book a new time or get in touch.",
  },
};

/** A link that no longer opens its booking: why, and where to go instead. */
export function ManageLinkState({ state, flash }: { state: ManageLinkReason; flash: ManageFlash }) {
  const { title, text } = LINK_STATES[state];
  return (
    <>
      <PageHero eyebrow="Free consultation" title={title} />
      <section className={`${container} py-12 sm:py-16`} data-island={BOOKING_ISLAND}>
        <div className="max-w-3xl space-y-6 text-lg text-stone-700">
          {flash === "cancelled" && state === "cancelled" ? (
            <StatusPanel title="Your consultation was cancelled">
              <p>Your consultation was cancelled. We have e-mailed you a cancellation.</p>
            </StatusPanel>
          ) : null}
          <p>{text}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/book" className={primaryButton}>
              Book a new time
            </Link>
            <Link to="/contact" className={secondaryButton}>
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export interface ManagePageProps extends Omit<RescheduleProps, "result"> {
  flash: ManageFlash;
  booking: {
    startsAt: string;
    /** On the visitor's clock, with the zone named. */
    when: string;
    whenIst: string;
    visitorName: string;
    visitorEmail: string;
    visitorTimeZone: string;
    /** "30-minute consultation", or a meeting type's title and length (decision 0050). */
    meeting: string;
  };
  consultantName: string;
  /** Where the meeting is joined (decision 0047). */
  joinUrl: string;
  result?: ManageMoveResult | { intent: "cancel"; error: string };
  /** Whether the link may still change the booking (the cut-off, decision 0046). */
  changes: ChangeWindow;
}

const detail = "grid gap-1 sm:grid-cols-[12rem_1fr] sm:gap-4";

/** A booking the link opens: what it is, and the ways to change it. */
export function ManagePage({
  flash,
  booking,
  consultantName,
  joinUrl,
  result,
  changes,
  ...reschedule
}: ManagePageProps) {
  const inIndia = isIndiaTime(booking.visitorTimeZone);
  return (
    <FieldLookProvider value="site">
      <PageHero eyebrow="Free consultation" title="Your consultation" subtitle={booking.when} />
      {/* The island (decision 0077): the day grid, and focus on what the page says on arrival. */}
      <div className={`${container} space-y-12 py-12 sm:py-16`} data-island={BOOKING_ISLAND}>
        {flash === "booked" ? (
          <StatusPanel title="You're booked">
            <p>
              We have e-mailed an invitation to {booking.visitorEmail}. Keep that e-mail: its link
              brings you back to this page to reschedule or cancel.
            </p>
          </StatusPanel>
        ) : flash === "moved" ? (
          <StatusPanel title="Your consultation was moved">
            <p>
              Your consultation was moved to {booking.when}.
              {inIndia ? "" : ` In India: ${booking.whenIst}.`} We have e-mailed the updated
              invitation to {booking.visitorEmail}.
            </p>
          </StatusPanel>
        ) : null}

        <section aria-labelledby="booking-heading" className={`${card} max-w-3xl p-6 sm:p-8`}>
          <h2 id="booking-heading" className={cardHeading}>
            Your booking
          </h2>
          <p className="mt-2 text-stone-700">
            {booking.meeting} with {consultantName}
          </p>
          <dl className="mt-6 space-y-4 text-navy-950">
            {inIndia ? (
              // The visitor's clock is India's: one time, in IST.
              <div className={detail}>
                <dt className="font-semibold">When</dt>
                <dd>{booking.whenIst}</dd>
              </div>
            ) : (
              <>
                <div className={detail}>
                  <dt className="font-semibold">When (your time)</dt>
                  <dd>{booking.when}</dd>
                </div>
                <div className={detail}>
                  <dt className="font-semibold">When (India)</dt>
                  <dd>{booking.whenIst}</dd>
                </div>
              </>
            )}
            <div className={detail}>
              <dt className="font-semibold">Name</dt>
              <dd className="break-words">{booking.visitorName}</dd>
            </div>
            <div className={detail}>
              <dt className="font-semibold">E-mail</dt>
              <dd className="break-all">{booking.visitorEmail}</dd>
            </div>
            <div className={detail}>
              <dt className="font-semibold">Meeting link</dt>
              <dd className="break-all">{joinUrl}</dd>
            </div>
          </dl>
          <p className="mt-8 flex flex-wrap gap-3">
            <a href={joinUrl} className={primaryButton} rel="noopener noreferrer">
              Join the meeting
            </a>
            {/* A file, not a page: the browser downloads it (no client-side navigation). */}
            <a
              href={`${reschedule.path}/invite.ics`}
              download="invite.ics"
              className={secondaryButton}
            >
              Add to calendar
            </a>
          </p>
        </section>

        {changes.open ? (
          <>
            <ManageRescheduleForm
              {...reschedule}
              result={result?.intent === "move" ? result : undefined}
            />

            <ManageCancelForm
              path={reschedule.path}
              error={result?.intent === "cancel" ? result.error : undefined}
            />
          </>
        ) : (
          <ManageChangesClosed changes={changes} error={result?.error} />
        )}
      </div>
    </FieldLookProvider>
  );
}
