/*
 * The events a webhook endpoint can receive (issue 26) and what each one's `data` holds. The
 * modules where the events happen pass their own records to the builders here, which pick the
 * fields one by one, so a new column (a CV file, a password hash, a token) never reaches a
 * receiver unless it is named here. The builders take plain shapes, not the modules' types:
 * webhooks sits below every module that queues events (decision 0038).
 */

export const WEBHOOK_EVENTS = [
  "enquiry.created",
  "booking.created",
  "booking.moved",
  "booking.cancelled",
  "application.created",
  "resource.requested",
  "subscriber.confirmed",
  "person.erased",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "enquiry.created": "An enquiry arrives (contact form, or a calculator's e-mail request)",
  "booking.created": "A consultation is booked",
  "booking.moved": "A consultation is moved",
  "booking.cancelled": "A consultation is cancelled",
  "application.created": "A job application arrives (without the CV)",
  "resource.requested": "A resource is requested",
  "subscriber.confirmed": "A newsletter subscription is confirmed",
  "person.erased": "A person is erased on request",
};

export const isWebhookEvent = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);

interface EnquiryShape {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string;
  company: string;
  title: string;
  companySize: string;
  industry: string;
  service: string;
  timeline: string;
  message: string;
  newsletter: boolean;
  source: string;
  submittedAt: string;
}

export const enquiryEvent = (enquiry: EnquiryShape) => ({
  id: enquiry.id,
  name: enquiry.fullName,
  firstName: enquiry.firstName,
  lastName: enquiry.lastName,
  email: enquiry.email,
  phone: enquiry.phone,
  company: enquiry.company,
  jobTitle: enquiry.title,
  companySize: enquiry.companySize,
  industry: enquiry.industry,
  service: enquiry.service,
  timeline: enquiry.timeline,
  message: enquiry.message,
  newsletter: enquiry.newsletter,
  source: enquiry.source,
  submittedAt: enquiry.submittedAt,
});

interface BookingShape {
  id: string;
  enquiryId: string;
  consultantId: string;
  status: string;
  startsAt: string;
  endsAt: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  visitorCompany: string;
  visitorTimeZone: string;
  createdAt: string;
  updatedAt: string;
}

/** A booking; `previousStartsAt` for a move. */
export const bookingEvent = (booking: BookingShape, previousStartsAt?: string) => ({
  id: booking.id,
  enquiryId: booking.enquiryId,
  consultantId: booking.consultantId,
  status: booking.status,
  startsAt: booking.startsAt,
  endsAt: booking.endsAt,
  ...(previousStartsAt ? { previousStartsAt } : {}),
  name: booking.visitorName,
  email: booking.visitorEmail,
  phone: booking.visitorPhone,
  company: booking.visitorCompany,
  timeZone: booking.visitorTimeZone,
  createdAt: booking.createdAt,
  updatedAt: booking.updatedAt,
});

interface ApplicationShape {
  id: string;
  careerId: string;
  careerTitle: string;
  fullName: string;
  email: string;
  phone: string;
  location: string;
  noticePeriod: string;
  profileUrl: string;
  coverNote: string;
  submittedAt: string;
}

/** A job application, never its CV (the file stays on the site). */
export const applicationEvent = (application: ApplicationShape) => ({
  id: application.id,
  careerId: application.careerId,
  careerTitle: application.careerTitle,
  name: application.fullName,
  email: application.email,
  phone: application.phone,
  location: application.location,
  noticePeriod: application.noticePeriod,
  profileUrl: application.profileUrl,
  coverNote: application.coverNote,
  submittedAt: application.submittedAt,
});

/** A resource request: the lead stored with it (an enquiry) and the resource. */
export const resourceRequestEvent = (
  lead: Pick<EnquiryShape, "id" | "fullName" | "email" | "company" | "submittedAt">,
  resource: { slug: string; title: string },
) => ({
  enquiryId: lead.id,
  name: lead.fullName,
  email: lead.email,
  company: lead.company,
  resource: { slug: resource.slug, title: resource.title },
  requestedAt: lead.submittedAt,
});

interface SubscriberShape {
  id: string;
  email: string;
  source: string;
  consentText: string;
  consentedAt: string;
  confirmedAt: string | null;
}

/** A confirmed newsletter subscription (never its unsubscribe token). */
export const subscriberEvent = (subscriber: SubscriberShape) => ({
  id: subscriber.id,
  email: subscriber.email,
  source: subscriber.source,
  consentText: subscriber.consentText,
  consentedAt: subscriber.consentedAt,
  confirmedAt: subscriber.confirmedAt,
});

/** A person erased on request: the CRM is asked to erase the address too. */
export const personErasedEvent = (email: string, erasedAt: string) => ({
  email: email.trim().toLowerCase(),
  erasedAt,
});

/** Each event's `data`. */
export interface WebhookEventData {
  "enquiry.created": ReturnType<typeof enquiryEvent>;
  "booking.created": ReturnType<typeof bookingEvent>;
  "booking.moved": ReturnType<typeof bookingEvent>;
  "booking.cancelled": ReturnType<typeof bookingEvent>;
  "application.created": ReturnType<typeof applicationEvent>;
  "resource.requested": ReturnType<typeof resourceRequestEvent>;
  "subscriber.confirmed": ReturnType<typeof subscriberEvent>;
  "person.erased": ReturnType<typeof personErasedEvent>;
}
