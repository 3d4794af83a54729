import type { DB } from "~/db/client.server";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { enqueueMail, type OutgoingMail } from "~/modules/mail/outbox.server";
import { DetailsTable, MailDocument, renderMailHtml } from "~/modules/mail/templates/layout";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { bookingCalendar, type CalendarPeople } from "./booking-calendar";
import type { Booking } from "./booking-store.server";
import { formatInZone, formatIst } from "./booking-time";
import type { Consultant } from "./consultants.server";

/*
 * The booking's e-mails, queued in the transaction of the change they tell about (outbox,
 * decision 0006). Each carries the invitation as .ics: the visitor's copy with their private
 * link, the consultant's and the firm's without it. Visitors read times in their own zone with
 * IST beside; staff read IST.
 */

export type BookingEvent = "booked" | "moved" | "cancelled";

export interface BookingMailContext {
  mail: LeadMailOptions;
  /** The visitor's private link, absolute (left out of staff copies). */
  manageUrl?: string;
  /** Who is told; everyone concerned unless limited (a consultant moved off a booking). */
  to?: { visitor: boolean; consultant: boolean };
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

const SUBJECTS: Record<BookingEvent, (when: string, siteName: string) => string> = {
  booked: (when, site) => `Your free consultation with ${site}: ${when}`,
  moved: (when, site) => `Your consultation with ${site} has moved to ${when}`,
  cancelled: (when, site) => `Your consultation with ${site} on ${when} is cancelled`,
};

const STAFF_SUBJECTS: Record<BookingEvent, (name: string, when: string) => string> = {
  booked: (name, when) => `New consultation booked: ${name}, ${when}`,
  moved: (name, when) => `Consultation moved: ${name}, now ${when}`,
  cancelled: (name, when) => `Consultation cancelled: ${name}, ${when}`,
};

function renderMail(subject: string, paragraphs: string[], details: Array<[string, string]>) {
  const text = [
    ...paragraphs.slice(0, 1),
    ...details.map(([l, v]) => `${l}: ${v}`),
    ...paragraphs.slice(1),
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = renderMailHtml(
    <MailDocument title={subject}>
      {paragraphs.slice(0, 1).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <DetailsTable rows={details} />
      {paragraphs.slice(1).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </MailDocument>,
  );
  return { text, html };
}

/**
 * Queues the mails of a booking event: the visitor, the consultant and (for a new booking) the
 * firm, each with the invitation (REQUEST, or CANCEL when cancelled).
 */
export async function queueBookingMails(
  trx: DB,
  event: BookingEvent,
  booking: Booking,
  consultant: Consultant,
  context: BookingMailContext,
): Promise<void> {
  const settings = await getGeneralSettings(trx);
  const people: CalendarPeople = {
    organizer: { name: settings.siteName, email: settings.email },
    consultant: { name: consultant.displayName, email: consultant.email || settings.email },
  };
  const method = event === "cancelled" ? "CANCEL" : "REQUEST";
  const title = `Free consultation: ${settings.siteName}`;
  const visitorWhen = formatInZone(booking.startsAt, booking.visitorTimeZone);
  const istWhen = formatIst(booking.startsAt);
  const manage = context.manageUrl;

  const visitorLead = {
    booked: `Dear ${booking.visitorName}, your free 30-minute consultation is booked. ${consultant.displayName} will call you at the time below.`,
    moved: `Dear ${booking.visitorName}, your consultation has moved to the time below.`,
    cancelled: `Dear ${booking.visitorName}, your consultation at the time below is cancelled.`,
  }[event];
  const visitorDetails: Array<[string, string]> = [
    ["When (your time)", visitorWhen],
    ["When (India)", istWhen],
    ["With", consultant.displayName],
  ];
  const visitorClosing = [
    event === "cancelled"
      ? `To book another time, visit ${context.mail.baseUrl}/book.`
      : manage
        ? `To reschedule or cancel, use your private link (it works until the meeting starts): ${manage}`
        : "",
    "The invitation is attached for your calendar.",
    `${settings.siteName} · ${settings.email} · ${settings.phone}`,
  ].filter(Boolean);
  const visitorSubject = oneLine(SUBJECTS[event](visitorWhen, settings.siteName));
  const visitorDescription = [
    `Free 30-minute consultation with ${consultant.displayName} of ${settings.siteName}.`,
    manage && event !== "cancelled" ? `Reschedule or cancel: ${manage}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const visitorMail: OutgoingMail = {
    kind: `booking_${event}_visitor`,
    to: booking.visitorEmail,
    replyTo: settings.email,
    subject: visitorSubject,
    ...renderMail(visitorSubject, [visitorLead, ...visitorClosing], visitorDetails),
    personEmail: booking.visitorEmail,
    relatedId: booking.id,
    calendar: bookingCalendar(booking, method, people, {
      title,
      description: visitorDescription,
      url: event === "cancelled" ? undefined : manage,
    }),
  };
  const to = context.to ?? { visitor: true, consultant: true };
  if (to.visitor) await enqueueMail(trx, visitorMail);

  const adminLink = `${context.mail.baseUrl}/admin/bookings/${encodeURIComponent(booking.id)}`;
  const staffSubject = oneLine(STAFF_SUBJECTS[event](booking.visitorName, istWhen));
  const staffDetails: Array<[string, string]> = [
    ["When", istWhen],
    ["Visitor's time", visitorWhen],
    ["Consultant", consultant.displayName],
    ["Name", booking.visitorName],
    ["Email", booking.visitorEmail],
    ["Company", booking.visitorCompany],
    ["Phone", booking.visitorPhone],
  ].filter((pair): pair is [string, string] => pair[1] !== "");
  const staffCalendar = bookingCalendar(booking, method, people, {
    title: `Consultation: ${booking.visitorName} (${booking.visitorCompany})`,
    description: `Free consultation booked through ${settings.siteName}.\n${adminLink}`,
  });
  const staffLead = {
    booked: `A free consultation was booked through ${settings.siteName}.`,
    moved: "A consultation was moved.",
    cancelled: "A consultation was cancelled.",
  }[event];
  const staffMail = (to: string, kind: string): OutgoingMail => ({
    kind,
    to,
    replyTo: booking.visitorEmail,
    subject: staffSubject,
    ...renderMail(staffSubject, [staffLead, `Open it in the admin: ${adminLink}`], staffDetails),
    personEmail: booking.visitorEmail,
    relatedId: booking.id,
    calendar: staffCalendar,
  });
  const consultantAddress = consultant.email || settings.email;
  if (to.consultant) {
    await enqueueMail(trx, staffMail(consultantAddress, `booking_${event}_consultant`));
  }
  const firmAddress = context.mail.notifyTo ?? settings.email;
  if (
    event === "booked" &&
    to.visitor &&
    firmAddress.toLowerCase() !== consultantAddress.toLowerCase()
  ) {
    await enqueueMail(trx, staffMail(firmAddress, "booking_booked_firm"));
  }
}
