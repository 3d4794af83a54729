import type { DB } from "~/db/client.server";
import type { CalendarInvite } from "~/modules/mail/outbox.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { bookingCalendar } from "./booking-calendar";
import type { Booking } from "./booking-store.server";
import { consultantNameForVisitors, consultationWith } from "./consultant-name";
import { getConsultant } from "./consultants.server";
import { checkManageLink, type ManageLinkCheck } from "./manage-link.server";
import { joinLinkOf } from "./meeting-links.server";
import { meetingTypeOrDefault } from "./meeting-types.server";
import { reminderMinutesOf } from "./reminder-settings";
import { getReminderSettings } from "./reminder-settings.server";

/*
 * What the visitor's private link page reads (/book/manage/:token): the booking behind a valid
 * link with its consultant's name, and its current invitation (the "Add to calendar" file: the
 * same UID and SEQUENCE as the last invitation mailed, so a calendar program updates the event
 * it has rather than adding a second one). The free times to move to: loadPickerDays.
 */

export type ManagedBooking =
  | { ok: true; booking: Booking; consultantName: string; joinUrl: string }
  | Extract<ManageLinkCheck, { ok: false }>;

/** Checks the link and reads the consultant's display name of a booking it opens. */
export async function openManageLink(
  db: DB,
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  const link = await checkManageLink(db, secret, token, now);
  if (!link.ok) return link;
  const [consultant, settings, join] = await Promise.all([
    getConsultant(db, link.booking.consultantId),
    getGeneralSettings(db),
    joinLinkOf(db, link.booking),
  ]);
  return {
    ok: true,
    booking: link.booking,
    // Visitors never read a username (issue 24); a removed consultant reads as the firm too.
    consultantName: consultantNameForVisitors(consultant, settings.siteName),
    joinUrl: join.url,
  };
}

/**
 * The booking's invitation as the visitor's last e-mail carried it (METHOD:REQUEST, the current
 * SEQUENCE), with their private link: what "Add to calendar" downloads.
 */
export async function currentInvitation(
  db: DB,
  booking: Booking,
  manageUrl: string,
): Promise<CalendarInvite> {
  const settings = await getGeneralSettings(db);
  const consultant = await getConsultant(db, booking.consultantId);
  const consultantName = consultantNameForVisitors(consultant, settings.siteName);
  const join = await joinLinkOf(db, booking);
  return bookingCalendar(
    booking,
    "REQUEST",
    {
      organizer: { name: settings.siteName, email: settings.email },
      consultant: { name: consultantName, email: consultant?.email || settings.email },
    },
    {
      title: `${(await meetingTypeOrDefault(db, booking.meetingTypeId)).title}: ${settings.siteName}`,
      alarmMinutes: reminderMinutesOf(await getReminderSettings(db)),
      description: [
        consultationWith(consultantName, settings.siteName),
        `Join: ${join.url}`,
        `Reschedule or cancel: ${manageUrl}`,
      ].join("\n"),
      joinUrl: join.url,
    },
  );
}
