import { data, redirect } from "react-router";
import { logger } from "~/lib/logger.server";
import { bookingRequestSchema } from "~/modules/bookings/booking.schema";
import { BOOKING_MESSAGES, bookConsultation } from "~/modules/bookings/booking-commands.server";
import { timeZoneOr } from "~/modules/bookings/booking-time";
import { manageLinkPath } from "~/modules/bookings/manage-link.server";
import { type PickerDay, pickerDaysOf } from "~/modules/bookings/slot-listing";
import {
  CONTACT_MESSAGES,
  EMPTY_VALUES,
  type EnquiryFormValues,
  valuesFromForm,
} from "~/modules/enquiries/contact-form";
import type { RateLimit } from "~/modules/forms/spam-defence.server";
import { screenSubmission, spamSignalsOf } from "~/modules/forms/spam-screen.server";
import { leadMailOptions } from "~/modules/mail/options.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import type { RequestArgs } from "./guards.server";
import { readForm } from "./read-form.server";
import { clientAddressContext, runtimeFrom } from "./request-context";

/*
 * The booking page's post (/book), with or without JavaScript (React Router's <Form> posts to the
 * same action). The enquiry form's rules and spam defence, then bookConsultation, which decides
 * in the database whether the slot can still be had (decision 0030). A booking redirects to its
 * private link's page with the confirmation; a lost race answers 409 with the nearest free times
 * and everything typed.
 */

/** Bookings from one address: as many as enquiries, counted apart. */
export const BOOKING_RATE_LIMIT: RateLimit = {
  bucket: "booking",
  windows: [
    [5, 10 * 60 * 1000],
    [20, 24 * 60 * 60 * 1000],
  ],
};

/** The booking form's words where they differ from the enquiry form's. */
export const BOOKING_FORM_MESSAGES = {
  ...CONTACT_MESSAGES,
  taken: BOOKING_MESSAGES.taken,
  rateLimited:
    "We have received several bookings from your network in a short time. Please wait a few minutes and try again.",
  confirm:
    "Your booking was sent faster than people usually type, as automated programs do. Please confirm you are a person below and send it again; everything you typed is kept.",
  failed:
    "Sorry, your booking could not be made. Please try again in a moment, or send us an enquiry instead.",
} as const;

/** What the visitor typed and chose, as shown back to them. */
export type BookingFormValues = EnquiryFormValues & { startsAt: string };

export type BookingFieldErrors = Partial<Record<string, string>>;

export type BookingAnswer =
  /** Held back as spam: thanked like anyone else, without a link (the visitor is not told). */
  | { status: "received" }
  | {
      status: "invalid" | "taken" | "rate_limited" | "expired" | "confirm" | "error";
      formError: string;
      fieldErrors: BookingFieldErrors;
      values: BookingFormValues;
      /** After a lost race: the nearest free times, in the visitor's zone. */
      nearest?: PickerDay[];
      /** The token to send again with (the person check's, or a fresh one). */
      formToken?: string;
    };

const valuesOf = (form: FormData): BookingFormValues => {
  const startsAt = form.get("startsAt");
  return {
    ...valuesFromForm(form),
    startsAt: typeof startsAt === "string" ? startsAt.slice(0, 100) : "",
  };
};

const answer = (result: BookingAnswer, status: number) => data(result, { status });

export async function bookingAction({ request, context }: RequestArgs) {
  const form = await readForm(request);
  if (!form) {
    return answer(
      {
        status: "invalid",
        formError: BOOKING_FORM_MESSAGES.invalid,
        fieldErrors: {},
        values: { ...EMPTY_VALUES, startsAt: "" },
      },
      400,
    );
  }
  const values = valuesOf(form);
  const parsed = bookingRequestSchema.safeParse({
    ...values,
    timeZone: form.get("timeZone") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: BookingFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && !(field in fieldErrors)) fieldErrors[field] = issue.message;
    }
    return answer(
      { status: "invalid", formError: BOOKING_FORM_MESSAGES.invalid, fieldErrors, values },
      400,
    );
  }

  const { db, config } = runtimeFrom(context);
  try {
    const screen = await screenSubmission(
      db,
      spamSignalsOf(form),
      {
        secret: config.authSecret,
        clientAddress: context.get(clientAddressContext),
        now: Date.now(),
      },
      { limit: BOOKING_RATE_LIMIT, logAs: "booking" },
    );
    if (screen.refusal) {
      const refusal = screen.refusal;
      return answer(
        {
          status: refusal.status,
          formError:
            refusal.status === "rate_limited"
              ? BOOKING_FORM_MESSAGES.rateLimited
              : refusal.status === "expired"
                ? BOOKING_FORM_MESSAGES.expired
                : BOOKING_FORM_MESSAGES.confirm,
          fieldErrors:
            refusal.status === "confirm" && refusal.boxMissing
              ? { confirmPerson: BOOKING_FORM_MESSAGES.confirmPersonRequired }
              : {},
          values,
          formToken: refusal.status === "rate_limited" ? undefined : refusal.formToken,
        },
        refusal.httpStatus,
      );
    }
    const outcome = await bookConsultation(db, parsed.data, {
      secret: config.authSecret,
      mail: leadMailOptions(config),
      admit: screen.admit,
    });
    switch (outcome.status) {
      case "booked":
        wakeOutbox();
        logger.info("booking_made", { bookingId: outcome.booking.id });
        return redirect(`${manageLinkPath(config.authSecret, outcome.booking)}?booked=1`, 303);
      case "taken":
        return answer(
          {
            status: "taken",
            formError: BOOKING_FORM_MESSAGES.taken,
            fieldErrors: {},
            values: { ...values, startsAt: "" },
            nearest: pickerDaysOf(outcome.nearest, timeZoneOr(form.get("timeZone"))).filter(
              (day) => day.slots.length > 0,
            ),
          },
          409,
        );
      case "held_as_spam":
        logger.warn("booking_held_as_spam", { enquiryId: outcome.enquiry.id });
        return answer({ status: "received" }, 200);
      case "person_check": {
        const refusal = outcome.refusal;
        return answer(
          {
            status: "confirm",
            formError: BOOKING_FORM_MESSAGES.confirm,
            fieldErrors: {},
            values,
            formToken: refusal.status === "rate_limited" ? undefined : refusal.formToken,
          },
          400,
        );
      }
    }
  } catch (error) {
    logger.error("booking_failed", { error });
    return answer(
      { status: "error", formError: BOOKING_FORM_MESSAGES.failed, fieldErrors: {}, values },
      500,
    );
  }
}
