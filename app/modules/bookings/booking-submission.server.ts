import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import {
  CONTACT_MESSAGES,
  EMPTY_VALUES,
  type EnquiryFormValues,
  valuesFromForm,
} from "~/modules/enquiries/contact-form";
import { type PostedFields, submitPublicForm } from "~/modules/forms/public-form.server";
import type { RateLimit } from "~/modules/forms/spam-defence.server";
import { spamRefusalAnswer } from "~/modules/forms/spam-screen.server";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { bookingRequestSchema } from "./booking.schema";
import { BOOKING_MESSAGES, bookingStore } from "./booking-commands.server";
import type { Booking } from "./booking-store.server";
import { timeZoneOr } from "./booking-time";
import { type PickerDay, pickerDaysOf } from "./slot-listing";

/*
 * The booking page's form (/book) through the public form pipeline
 * (modules/forms/public-form.server.ts): the enquiry form's fields with a slot and the visitor's
 * zone, the enquiry form's spam defence with a limit of its own, then bookingStore, which
 * decides in the database whether the slot can still be had (decision 0030). The web adapter
 * (app/web/booking-action.server.ts) redirects a booking to its private link's page; a lost
 * race answers 409 with the nearest free times and everything typed.
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

/** The answer to a post that is not a readable form. */
export const UNREADABLE_BOOKING: BookingAnswer = {
  status: "invalid",
  formError: BOOKING_FORM_MESSAGES.invalid,
  fieldErrors: {},
  values: { ...EMPTY_VALUES, startsAt: "" },
};

/** The visible fields and the chosen time of a posted booking form, as typed. */
export function bookingValuesFrom(fields: PostedFields): BookingFormValues {
  const startsAt = fields.get("startsAt");
  return {
    ...valuesFromForm(fields),
    startsAt: typeof startsAt === "string" ? startsAt.slice(0, 100) : "",
  };
}

export interface BookingSubmissionContext {
  /** Signs form tokens and private links, hashes client addresses. */
  secret: string;
  clientAddress: string;
  mail: LeadMailOptions;
  now?: number;
  /** The visitor's lead-source cookie as sent (modules/attribution). */
  leadSourceCookie?: string;
}

export type BookingSubmission =
  /** Booked: the visitor goes to the booking's private link; mail was queued. */
  { booked: Booking } | { booked?: undefined; answer: BookingAnswer; httpStatus: number };

/** Receives the booking form; see the top of this file. */
export async function submitBooking(
  db: DB,
  fields: PostedFields,
  context: BookingSubmissionContext,
): Promise<BookingSubmission> {
  const now = context.now ?? Date.now();
  const { secret, clientAddress, mail } = context;
  const outcome = await submitPublicForm(
    db,
    {
      logAs: "booking",
      schema: bookingRequestSchema,
      valuesOf: bookingValuesFrom,
      inputOf: (values, posted) => ({
        ...values,
        timeZone: posted.get("timeZone") ?? "",
        // The meeting type the page showed times of (decision 0050); empty: the free consultation.
        meetingType: posted.get("meetingType") ?? "",
      }),
      rateLimit: BOOKING_RATE_LIMIT,
      ...bookingStore({ secret, mail, now: new Date(now) }),
    },
    { fields },
    { secret, clientAddress, now, leadSourceCookie: context.leadSourceCookie },
  );
  const { values } = outcome;
  const answer = (result: BookingAnswer, httpStatus: number) => ({ answer: result, httpStatus });
  switch (outcome.kind) {
    case "invalid":
      return answer(
        {
          status: "invalid",
          formError: BOOKING_FORM_MESSAGES.invalid,
          fieldErrors: outcome.errors,
          values,
        },
        400,
      );
    case "refused":
      return answer(
        { ...spamRefusalAnswer(outcome.refusal, BOOKING_FORM_MESSAGES), values },
        outcome.refusal.httpStatus,
      );
    case "spam":
      logger.warn("booking_held_as_spam", { enquiryId: outcome.stored?.enquiry.id });
      return answer({ status: "received" }, 200);
    case "special":
      return answer(
        {
          status: "taken",
          formError: BOOKING_FORM_MESSAGES.taken,
          fieldErrors: {},
          values: { ...values, startsAt: "" },
          nearest: pickerDaysOf(outcome.special.nearest, timeZoneOr(fields.get("timeZone"))).filter(
            (day) => day.slots.length > 0,
          ),
        },
        409,
      );
    case "stored": {
      const booking = outcome.stored.placed?.booking;
      if (!booking) throw new Error("A booking was stored without its slot");
      logger.info("booking_made", { bookingId: booking.id });
      return { booked: booking };
    }
    case "failed":
      return answer(
        { status: "error", formError: BOOKING_FORM_MESSAGES.failed, fieldErrors: {}, values },
        500,
      );
  }
}
