import {
  applicationAcknowledgement,
  applicationNotification,
} from "~/modules/applications/application-mails.server";
import type { Application } from "~/modules/applications/application-status";
import { signInUnlockMail } from "~/modules/auth/unlock-mail.server";
import { type BookingEvent, buildBookingMails } from "~/modules/bookings/booking-mails.server";
import type { Booking } from "~/modules/bookings/booking-store.server";
import type { Consultant } from "~/modules/bookings/consultants.server";
import { buildNoShowMail, buildReminderMail } from "~/modules/bookings/reminder-mails.server";
import type { Enquiry } from "~/modules/enquiries/enquiry.schema";
import {
  enquiryAcknowledgement,
  enquiryNotification,
} from "~/modules/enquiries/enquiry-mails.server";
import { launchTestMail } from "~/modules/launch/test-mail.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { resourceDownloadMail } from "~/modules/mail/templates/resource-download";
import type { Subscriber } from "~/modules/newsletter/newsletter.schema";
import { newsletterConfirmation } from "~/modules/newsletter/newsletter-mails.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";

/*
 * One of every mail the site sends, built by the real builders from fixed inputs, so their HTML
 * is the same at every run (snapshots, tests/integration/mail/mail-layout.test.ts; the 360 px
 * check, tests/e2e/mail-layout.test.ts).
 */

export const BASE_URL = "https://trc.example.in";

/** The settings the mails read, fixed here so a change of the site's defaults moves no snapshot. */
export const SETTINGS = {
  ...DEFAULT_GENERAL_SETTINGS,
  siteName: "Total Rewards Consulting",
  email: "hello@trc.example.in",
  phone: "+91 98765 43210",
  careersEmail: "careers@trc.example.in",
  applicationRetentionMonths: 12,
};

const context = { settings: SETTINGS, baseUrl: BASE_URL };

export const ENQUIRY: Enquiry = {
  id: "enq_01JNQ4Z8X6M2V7R3T9K5H1C0DE",
  firstName: "Priya",
  lastName: "Nair",
  fullName: "Priya Nair",
  email: "priya.nair@lotus-fintech.example.com",
  company: "Lotus <Fintech>",
  title: "Chief Financial Officer",
  phone: "+91 98200 12345",
  companySize: "51-200",
  industry: "technology",
  service: "executive-compensation",
  timeline: "",
  message:
    "We are setting up an ESOP pool before our Series B.\nCan you help?\n\n<script>alert('x')</script> & more",
  newsletter: true,
  submittedAt: "2026-03-02T09:00:00.000Z",
  status: "new",
  source: "contact",
  spamReason: null,
  updatedAt: null,
};

export const SUBSCRIBER: Subscriber = {
  id: "sub_1",
  email: "reader@example.com",
  status: "pending",
  source: "footer",
  consentText: "Yes, send me the newsletter",
  consentedAt: "2026-03-02T09:00:00.000Z",
  confirmedAt: null,
  unsubscribedAt: null,
  token: "Yl3hQ0mJ7pW9sV2xK8dF4tR6uZ1cN5bA0eG3iL7oM2q",
  createdAt: "2026-03-02T09:00:00.000Z",
  updatedAt: "2026-03-02T09:00:00.000Z",
};

export const APPLICATION: Application = {
  id: "app_1",
  careerId: "rewards-consultant",
  careerTitle: "Rewards Consultant",
  fullName: "Arjun Mehta",
  email: "arjun.mehta@example.com",
  phone: "+91 98765 43210",
  location: "Pune",
  noticePeriod: "30 days",
  profileUrl: "https://www.linkedin.com/in/arjun-mehta-rewards-and-benefits-1234567890/",
  coverNote: "I have led pay reviews for three start-ups.\n\n<b>Bold</b> claims aside, …",
  consentText: "I agree",
  cvFileId: "file_1",
  status: "new",
  spamReason: null,
  submittedAt: "2026-11-23T10:00:00.000Z",
  updatedAt: null,
};

export const BOOKING: Booking = {
  id: "bkg_01JNQ4Z8X6M2V7R3T9K5H1C0DE",
  consultantId: "con_1",
  startsAt: "2026-03-03T04:30:00.000Z",
  endsAt: "2026-03-03T05:00:00.000Z",
  visitorName: "Priya Nair",
  visitorEmail: "priya.nair@lotus-fintech.example.com",
  visitorCompany: "Lotus Fintech",
  visitorPhone: "+91 98200 12345",
  visitorTimeZone: "America/Los_Angeles",
  status: "booked",
  enquiryId: ENQUIRY.id,
  icsUid: "bkg_01JNQ4Z8X6M2V7R3T9K5H1C0DE@trc.example.in",
  icsSequence: 0,
  manageLinkVersion: 1,
  meetingTypeId: "mtp_free_consultation",
  createdAt: "2026-03-02T00:00:00.000Z",
  updatedAt: "2026-03-02T00:00:00.000Z",
};

// A cast: the consultant's record grows fields the mails do not read.
export const CONSULTANT = {
  id: "con_1",
  userId: "usr_1",
  displayName: "Asha Sharma",
  email: "asha@trc.example.in",
  username: "asha",
  active: true,
  bookable: true,
  dailyLimit: 4,
  createdAt: "2026-03-01T00:00:00.000Z",
} as Consultant;

/** The private link as the site makes it: about 150 characters, the mail's longest address. */
export const MANAGE_URL = `${BASE_URL}/book/manage/${BOOKING.id}.1.${"kZ3vQ9xR2mT7pL4wN8sY1bH6cF0dJ5gA".repeat(3)}`;

/** The three mails of one booking event: the visitor's, and the staff copy (consultant, firm). */
export async function bookingSample(event: BookingEvent) {
  const mails = await buildBookingMails(event, BOOKING, CONSULTANT, {
    settings: SETTINGS,
    baseUrl: BASE_URL,
    manageUrl: MANAGE_URL,
  });
  return {
    visitor: mails.visitor,
    consultant: mails.staff(CONSULTANT.email, `booking_${event}_consultant`),
    firm: mails.staff("firm@trc.example.in", `booking_${event}_firm`),
  };
}

/** Every mail the site sends, by kind. */
export async function everyMail(): Promise<OutgoingMail[]> {
  const bookings = await Promise.all(
    (["booked", "moved", "cancelled"] as const).map(async (event) => {
      const sample = await bookingSample(event);
      return [sample.visitor, sample.consultant, sample.firm];
    }),
  );
  return [
    await enquiryNotification(ENQUIRY, context, "firm@trc.example.in"),
    await enquiryAcknowledgement(ENQUIRY, context),
    await newsletterConfirmation(SUBSCRIBER, context),
    await applicationNotification(APPLICATION, context),
    await applicationAcknowledgement(APPLICATION, context),
    await resourceDownloadMail({
      to: ENQUIRY.email,
      name: ENQUIRY.fullName,
      resourceTitle: "The ESOP Design Playbook",
      link: `${BASE_URL}/resources/esop-design-playbook/download?expires=1773000000&signature=${"0f3a9c".repeat(10)}`,
      validUntil: "9 Mar 2026, 2:30 pm IST",
      validDays: 7,
      siteName: SETTINGS.siteName,
      baseUrl: BASE_URL,
      email: SETTINGS.email,
      phone: SETTINGS.phone,
      enquiryId: ENQUIRY.id,
    }),
    await signInUnlockMail({
      to: "owner@trc.example.in",
      name: "Asha Sharma",
      unlockUrl: `${BASE_URL}/admin/unlock?token=Yl3hQ0mJ7pW9sV2xK8dF4tR6uZ1cN5bA0eG3iL7oM2q`,
      validForMinutes: 60,
      siteName: SETTINGS.siteName,
      baseUrl: BASE_URL,
    }),
    await launchTestMail({
      to: "owner@trc.example.in",
      name: "Asha Sharma",
      from: "Total Rewards Consulting <hello@trc.example.in>",
      siteName: SETTINGS.siteName,
      baseUrl: BASE_URL,
    }),
    ...bookings.flat(),
    await buildReminderMail(BOOKING, {
      settings: SETTINGS,
      baseUrl: BASE_URL,
      offsetMinutes: 24 * 60,
      consultantName: "Asha Sharma",
      manageUrl: MANAGE_URL,
      joinUrl: `https://meet.jit.si/TotalRewards-${"3f9a0c7e".repeat(4)}`,
    }),
    await buildNoShowMail(BOOKING, { settings: SETTINGS, baseUrl: BASE_URL }),
  ];
}
