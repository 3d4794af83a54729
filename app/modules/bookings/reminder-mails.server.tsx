import type { OutgoingMail } from "~/modules/mail/outbox.server";
import type { GeneralSettings } from "~/modules/settings/settings.schema";
import { type Line, type MailAction, mailLink, renderMail } from "./booking-mail-copy.server";
import type { Booking } from "./booking-store.server";
import { formatInZone, formatIst } from "./booking-time";
import { isIndiaTime } from "./india-zone";

/*
 * The visitor's mails around a meeting (issue 25, decision 0046): the reminder before it and,
 * after a missed one, a kind note with a way to book again. No invitation is attached: the
 * calendar already holds the meeting, and a second copy would only add noise.
 */

export interface VisitorMailInput {
  settings: GeneralSettings;
  /** The site's public address, no trailing slash. */
  baseUrl: string;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

/** "24 hours", "1 hour", "30 minutes": how far ahead the reminder is. */
export function aheadOf(offsetMinutes: number): string {
  if (offsetMinutes % 60 !== 0) return `${offsetMinutes} minutes`;
  const hours = offsetMinutes / 60;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

function whenLines(booking: Booking): Array<[string, Line]> {
  const istWhen = formatIst(booking.startsAt);
  return isIndiaTime(booking.visitorTimeZone)
    ? [["When", [istWhen]]]
    : [
        ["When (your time)", [formatInZone(booking.startsAt, booking.visitorTimeZone)]],
        ["When (India)", [istWhen]],
      ];
}

const signatureOf = (settings: GeneralSettings) =>
  `${settings.siteName} · ${settings.email} · ${settings.phone}`;

/**
 * The reminder: the time, who meets them, the link to join, and how to change it: the private link while the visitor
 * may still use it (before the cut-off), the firm's e-mail and phone after.
 */
export async function buildReminderMail(
  booking: Booking,
  input: VisitorMailInput & {
    offsetMinutes: number;
    consultantName: string;
    /** The private link, when the visitor may still change the booking through it. */
    manageUrl?: string;
    /** Where the meeting is joined (decision 0047): what a reminder is most often read for. */
    joinUrl: string;
  },
): Promise<OutgoingMail> {
  const { settings, baseUrl } = input;
  const ahead = aheadOf(input.offsetMinutes);
  const subject = oneLine(
    `Reminder: your consultation with ${settings.siteName} ${
      input.offsetMinutes <= 60 ? "starts soon" : `is in ${ahead}`
    }`,
  );
  const action: MailAction | undefined = input.manageUrl
    ? {
        sentence: "To reschedule or cancel, use your private link:",
        label: "Reschedule or cancel",
        href: input.manageUrl,
      }
    : undefined;
  const contact = `To change or cancel it now, write to ${settings.email} or call ${settings.phone}.`;
  return {
    kind: "booking_reminder_visitor",
    to: booking.visitorEmail,
    replyTo: settings.email,
    subject,
    ...(await renderMail({
      subject,
      brand: { siteName: settings.siteName, baseUrl, email: settings.email, phone: settings.phone },
      lead: `Dear ${booking.visitorName}, a reminder that your free consultation is in about ${ahead}. ${input.consultantName} will meet you by video at the time below.`,
      details: [...whenLines(booking), ["With", [input.consultantName]]],
      join: {
        sentence: "To join the meeting at its time, open:",
        label: "Join the meeting",
        href: input.joinUrl,
      },
      action,
      closing: input.manageUrl ? [] : [contact],
      signature: signatureOf(settings),
    })),
    personEmail: booking.visitorEmail,
    relatedId: booking.id,
  };
}

/** After a missed meeting: no blame, an easy way back, and a person to write to. */
export async function buildNoShowMail(
  booking: Booking,
  { settings, baseUrl }: VisitorMailInput,
): Promise<OutgoingMail> {
  const subject = oneLine(`We missed you: book another time with ${settings.siteName}`);
  return {
    kind: "booking_no_show_visitor",
    to: booking.visitorEmail,
    replyTo: settings.email,
    subject,
    ...(await renderMail({
      subject,
      brand: { siteName: settings.siteName, baseUrl, email: settings.email, phone: settings.phone },
      lead: `Dear ${booking.visitorName}, we were sorry not to speak with you at your consultation. Plans change, and that is fine: if you would still like to talk, you are welcome to book another time.`,
      details: [
        ...whenLines(booking),
        ["Questions", [mailLink(settings.email), ` or ${settings.phone}`]],
      ],
      action: {
        sentence: "Choose a new time that suits you:",
        label: "Book again",
        href: `${baseUrl}/book`,
      },
      closing: [
        "If we got something wrong on our side, reply to this e-mail and we will put it right.",
      ],
      signature: signatureOf(settings),
    })),
    personEmail: booking.visitorEmail,
    relatedId: booking.id,
  };
}
