import { data, redirect } from "react-router";
import { leadSourceCookieOf } from "~/modules/attribution/lead-source-cookie.server";
import { submitBooking, UNREADABLE_BOOKING } from "~/modules/bookings/booking-submission.server";
import { manageLinkPath } from "~/modules/bookings/manage-link.server";
import { leadMailOptions } from "~/modules/mail/options.server";
import { wakeOutbox } from "~/modules/mail/worker.server";
import type { RequestArgs } from "./guards.server";
import { readForm } from "./read-form.server";
import { clientAddressContext, runtimeFrom } from "./request-context";

/*
 * The booking page's post (/book), with or without JavaScript (React Router's <Form> posts to the
 * same action): reads the form and answers with what modules/bookings/booking-submission.server.ts
 * decided. A booking redirects to its private link's page with the confirmation.
 */

export async function bookingAction({ request, context }: RequestArgs) {
  const form = await readForm(request);
  if (!form) return data(UNREADABLE_BOOKING, { status: 400 });
  const { db, config } = runtimeFrom(context);
  const submission = await submitBooking(db, form, {
    secret: config.authSecret,
    clientAddress: context.get(clientAddressContext),
    leadSourceCookie: leadSourceCookieOf(request),
    mail: leadMailOptions(config),
  });
  if (!submission.booked) return data(submission.answer, { status: submission.httpStatus });
  wakeOutbox();
  return redirect(`${manageLinkPath(config.authSecret, submission.booked)}?booked=1`, 303);
}
