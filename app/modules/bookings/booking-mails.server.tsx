import type { DB } from "~/db/client.server";
import { telHref } from "~/lib/phone-link";
import type { LeadMailOptions } from "~/modules/mail/options.server";
import { enqueueMail, type OutgoingMail } from "~/modules/mail/outbox.server";
import type { MailBrand } from "~/modules/mail/templates/layout";
import type { GeneralSettings } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { bookingCalendar, type CalendarPeople } from "./booking-calendar";
import {
  type Line,
  link,
  type MailAction,
  mailLink,
  plainOf,
  renderMail,
} from "./booking-mail-copy.server";
import type { Booking } from "./booking-store.server";
import { formatInZone, formatIst } from "./booking-time";
import { consultantNameForVisitors, consultationWith } from "./consultant-name";
import type { Consultant } from "./consultants.server";
import { isIndiaTime } from "./india-zone";
import { joinLinkOf } from "./meeting-links.server";
import { lengthLabel } from "./meeting-types";
import { meetingTypeOrDefault } from "./meeting-types.server";
import { reminderMinutesOf } from "./reminder-settings";
import { getReminderSettings } from "./reminder-settings.server";

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

/** "Free consultation" → "free consultation", as it reads inside a sentence. */
const inSentence = (title: string) =>
  /^[A-Z][a-z]/.test(title) ? title[0]?.toLowerCase() + title.slice(1) : title;

const SUBJECTS: Record<BookingEvent, (when: string, siteName: string, type: string) => string> = {
  booked: (when, site, type) => `Your ${inSentence(type)} with ${site}: ${when}`,
  moved: (when, site) => `Your consultation with ${site} has moved to ${when}`,
  cancelled: (when, site) => `Your consultation with ${site} on ${when} is cancelled`,
};

/** The booking's meeting type, as its mails and invitations name it (decision 0050). */
export interface MailMeetingType {
  title: string;
  lengthMinutes: number;
  /** Empty: free. */
  feeNote: string;
}

/** The free consultation, for mails built without a database (tests, samples). */
const FREE_CONSULTATION: MailMeetingType = {
  title: "Free consultation",
  lengthMinutes: 30,
  feeNote: "",
};

const STAFF_SUBJECTS: Record<BookingEvent, (name: string, when: string) => string> = {
  booked: (name, when) => `New consultation booked: ${name}, ${when}`,
  moved: (name, when) => `Consultation moved: ${name}, now ${when}`,
  cancelled: (name, when) => `Consultation cancelled: ${name}, ${when}`,
};

/** What the booking's mails are built from, besides the booking (no database: testable alone). */
export interface BookingMailInput {
  settings: GeneralSettings;
  /** The reminders' offsets in minutes, as VALARMs in the visitor's invitation (decision 0046). */
  reminderMinutes?: number[];
  /** How long before the meeting the private link stops changing it (decision 0046). */
  cutoffHours?: number;
  /** The site's public address, no trailing slash. */
  baseUrl: string;
  /** The visitor's private link, absolute (left out of staff copies). */
  manageUrl?: string;
  /** Where the meeting is joined (left out when it is cancelled). */
  joinUrl?: string;
  /** The booking's meeting type; the free consultation when left out. */
  meetingType?: MailMeetingType;
}

/** The visitor's mail, and the staff copy addressed to the consultant or the firm. */
export interface BookingMails {
  visitor: OutgoingMail;
  staff: (to: string, kind: string) => OutgoingMail;
}

/** Builds the visitor's and the staff's mail of a booking event, each with its invitation. */
export async function buildBookingMails(
  event: BookingEvent,
  booking: Booking,
  consultant: Consultant,
  {
    settings,
    baseUrl,
    manageUrl: manage,
    joinUrl,
    reminderMinutes,
    cutoffHours = 0,
    meetingType = FREE_CONSULTATION,
  }: BookingMailInput,
): Promise<BookingMails> {
  // Visitors never read a username (issue 24): the firm's name stands in until there is a name.
  const consultantName = consultantNameForVisitors(consultant, settings.siteName);
  const people: CalendarPeople = {
    organizer: { name: settings.siteName, email: settings.email },
    consultant: { name: consultantName, email: consultant.email || settings.email },
  };
  const method = event === "cancelled" ? "CANCEL" : "REQUEST";
  const visitorWhen = formatInZone(booking.startsAt, booking.visitorTimeZone);
  const istWhen = formatIst(booking.startsAt);
  const brand: MailBrand = { siteName: settings.siteName, baseUrl };

  const visitorLead = {
    booked: `Dear ${booking.visitorName}, your ${inSentence(meetingType.title)} (${lengthLabel(meetingType.lengthMinutes)}) is booked. ${consultantName} will meet you by video at the time below.`,
    moved: `Dear ${booking.visitorName}, your consultation has moved to the time below.`,
    cancelled: `Dear ${booking.visitorName}, your consultation at the time below is cancelled.`,
  }[event];
  // A visitor in India reads one time, IST; anyone else their own time with IST beside.
  const inIndia = isIndiaTime(booking.visitorTimeZone);
  const visitorDetails: Array<[string, Line]> = [
    ...(inIndia
      ? [["When", [istWhen]] as [string, Line]]
      : [
          ["When (your time)", [visitorWhen]] as [string, Line],
          ["When (India)", [istWhen]] as [string, Line],
        ]),
    ["With", [consultantName]],
    ...(meetingType.feeNote ? [["Fees", [meetingType.feeNote]] as [string, Line]] : []),
  ];
  const visitorAction: MailAction | undefined =
    event === "cancelled"
      ? {
          sentence: "To book another time, visit:",
          label: "Book another time",
          href: `${baseUrl}/book`,
        }
      : manage
        ? {
            sentence:
              cutoffHours > 0
                ? `To reschedule or cancel, use your private link (it works until ${cutoffHours} ${cutoffHours === 1 ? "hour" : "hours"} before the meeting):`
                : "To reschedule or cancel, use your private link (it works until the meeting starts):",
            label: "Reschedule or cancel",
            href: manage,
          }
        : undefined;
  // The room of a meeting still on; a cancelled one has none to join.
  const join: MailAction | undefined =
    joinUrl && event !== "cancelled"
      ? {
          sentence: "To join the meeting at its time, open:",
          label: "Join the meeting",
          href: joinUrl,
        }
      : undefined;
  const visitorSubject = oneLine(
    SUBJECTS[event](visitorWhen, settings.siteName, meetingType.title),
  );
  const visitor: OutgoingMail = {
    kind: `booking_${event}_visitor`,
    to: booking.visitorEmail,
    replyTo: settings.email,
    subject: visitorSubject,
    ...(await renderMail({
      subject: visitorSubject,
      brand: { ...brand, email: settings.email, phone: settings.phone },
      lead: visitorLead,
      details: visitorDetails,
      join,
      action: visitorAction,
      closing: ["The invitation is attached for your calendar."],
      signature: `${settings.siteName} · ${settings.email} · ${settings.phone}`,
    })),
    personEmail: booking.visitorEmail,
    relatedId: booking.id,
    calendar: bookingCalendar(booking, method, people, {
      title: `${meetingType.title}: ${settings.siteName}`,
      alarmMinutes: reminderMinutes,
      description: [
        consultationWith(consultantName, settings.siteName),
        join ? `Join: ${join.href}` : "",
        manage && event !== "cancelled" ? `Reschedule or cancel: ${manage}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
      joinUrl: join?.href,
    }),
  };

  const adminLink = `${baseUrl}/admin/bookings/${encodeURIComponent(booking.id)}`;
  const staffSubject = oneLine(STAFF_SUBJECTS[event](booking.visitorName, istWhen));
  const staffDetails: Array<[string, Line]> = [
    ["When", [istWhen]],
    ["Visitor's time", inIndia ? [] : [visitorWhen]],
    ["Consultant", [consultant.displayName]],
    ["Meeting type", [meetingType.title]],
    ["Name", [booking.visitorName]],
    ["Email", [mailLink(booking.visitorEmail)]],
    ["Company", [booking.visitorCompany]],
    [
      "Phone",
      booking.visitorPhone ? [link(telHref(booking.visitorPhone), booking.visitorPhone)] : [],
    ],
  ].filter((pair): pair is [string, Line] => plainOf(pair[1] as Line) !== "");
  const staffCalendar = bookingCalendar(booking, method, people, {
    title: `${meetingType.title}: ${booking.visitorName} (${booking.visitorCompany})`,
    description: [
      `${meetingType.title} booked through ${settings.siteName}.`,
      join ? `Join: ${join.href}` : "",
      adminLink,
    ]
      .filter(Boolean)
      .join("\n"),
    joinUrl: join?.href,
  });
  const staffLead = {
    booked: `A ${inSentence(meetingType.title)} was booked through ${settings.siteName}.`,
    moved: "A consultation was moved.",
    cancelled: "A consultation was cancelled.",
  }[event];
  const staffCopy = await renderMail({
    subject: staffSubject,
    brand,
    lead: staffLead,
    details: staffDetails,
    join,
    action: { sentence: "Open it in the admin:", label: "Open the booking", href: adminLink },
    closing: [],
  });
  const staff = (to: string, kind: string): OutgoingMail => ({
    kind,
    to,
    replyTo: booking.visitorEmail,
    subject: staffSubject,
    ...staffCopy,
    personEmail: booking.visitorEmail,
    relatedId: booking.id,
    calendar: staffCalendar,
  });
  return { visitor, staff };
}

/**
 * Queues the mails of a booking event: the visitor, the consultant and the firm, each with the
 * invitation (REQUEST, or CANCEL when cancelled). The firm's mailbox (NOTIFY_TO, else the
 * site's e-mail, which is the invitation's ORGANIZER) gets every event, not just the booking:
 * a calendar that holds the meeting from the first invitation must get its moves (SEQUENCE + 1)
 * and its cancellation, or it keeps a meeting that is no longer there.
 */
export async function queueBookingMails(
  trx: DB,
  event: BookingEvent,
  booking: Booking,
  consultant: Consultant,
  context: BookingMailContext,
): Promise<void> {
  const settings = await getGeneralSettings(trx);
  const reminders = await getReminderSettings(trx);
  const mails = await buildBookingMails(event, booking, consultant, {
    settings,
    baseUrl: context.mail.baseUrl,
    manageUrl: context.manageUrl,
    reminderMinutes: reminderMinutesOf(reminders),
    cutoffHours: reminders.visitorCutoffHours,
    joinUrl: event === "cancelled" ? undefined : (await joinLinkOf(trx, booking)).url,
    meetingType: await meetingTypeOrDefault(trx, booking.meetingTypeId),
  });
  const to = context.to ?? { visitor: true, consultant: true };
  if (to.visitor) await enqueueMail(trx, mails.visitor);
  const consultantAddress = consultant.email || settings.email;
  const firmAddress = context.mail.notifyTo ?? settings.email;
  const firmIsConsultant = firmAddress.toLowerCase() === consultantAddress.toLowerCase();
  // A consultant taken off a moved booking gets a CANCEL (`to` without the visitor); when their
  // address is the firm's, that mailbox gets the moved invitation below instead, which a CANCEL
  // of the same UID and sequence would otherwise undo.
  const swappedOffFirm = !to.visitor && firmIsConsultant;
  if (to.consultant && !swappedOffFirm) {
    await enqueueMail(trx, mails.staff(consultantAddress, `booking_${event}_consultant`));
  }
  if (to.visitor && !firmIsConsultant) {
    await enqueueMail(trx, mails.staff(firmAddress, `booking_${event}_firm`));
  }
}
