/*
 * The data inventory (issue 27, docs/decisions/0063-inventory-retention-breaches.md): every column
 * of every table the database holds, each either described as personal data (what kind, why it is
 * kept, for how long, on which legal basis) or listed as holding none. Kept as data in code, next
 * to the migrations' effect, so that `inventory-check.test.ts` fails when a migration adds a
 * column nobody has classified: a new column forces a decision (DPDP Act 2023 s.8(7) erasure once
 * the purpose is served, s.5 the notice lists each item of data; Rules 2025 r.3(b) an itemised
 * description). Plain data: the admin page and the check both read it.
 *
 * Keys and times that only link or order records are listed as holding no personal data; the
 * record they point at is where the person's data is, and it is classified there.
 */

export type DialectOnly = "sqlite" | "postgres";

/** What a column holds about a person, in the words the admin page shows. */
export type DataKind =
  | "Name"
  | "E-mail address"
  | "Phone number"
  | "Company and role"
  | "Location"
  | "Text the person wrote"
  | "Staff's notes about the person"
  | "CV or other uploaded file"
  | "Web address the person gave"
  | "Where the person came from"
  | "Network address or browser"
  | "Sign-in secret"
  | "Consent record"
  | "Mail sent to the person"
  | "Search index of personal data"
  | "Staff member's name"
  | "Staff member's account"
  | "Photo or published profile"
  | "Time zone"
  | "Activity record";

/** Why a column is kept, for how long, and the law that allows it. */
export interface DataUse {
  purpose: string;
  retention: string;
  basis: string;
}

export interface PersonalColumn extends DataUse {
  kind: DataKind;
}

export interface InventoryTable {
  table: string;
  /** What the table is, in a few words. */
  holds: string;
  /** Columns holding personal data. */
  personal: Record<string, PersonalColumn>;
  /** Columns holding none (keys, statuses, times, the firm's own content). */
  other: string[];
  /** A table of one dialect only (SQLite's full-text index tables, PostgreSQL's generated columns). */
  onlyOn?: DialectOnly;
}

const ENQUIRY: DataUse = {
  purpose: "Answering the enquiry, arranging the consultation and the work that follows",
  retention:
    "Until erased by an admin or on the person's request; the notice promises at most three years after the last contact",
  basis: "Act s.7(a): given of the person's own accord for the purpose she named",
};
const BOOKING: DataUse = {
  purpose: "Holding the consultation the person booked, its mails and reminders",
  retention: "Until erased with the person (by an admin or on request)",
  basis: "Act s.7(a): given of the person's own accord for the booking",
};
const APPLICATION: DataUse = {
  purpose: "Considering the application for the role (and, with consent, for future roles)",
  retention:
    "The months set in Settings from the day it arrived (12 by default), or while the CV-pool consent lasts; deleted at least 48 hours after a notice to the candidate",
  basis: "Act s.7(a) for the role applied for; s.6(1) consent for the CV pool",
};
const NEWSLETTER: DataUse = {
  purpose: "Sending the newsletter",
  retention: "Until the person unsubscribes or is erased",
  basis: "Act s.6(1): consent by the sign-up",
};
const CONSENT: DataUse = {
  purpose: "Proving which consent was given or withdrawn, when, and with which words",
  retention: "As long as the consent may need proving; erased with the person on request",
  basis: "Act s.6(10): the fiduciary proves the notice and the consent",
};
const PERSON: DataUse = {
  purpose: "One page per address for staff, gathering the records above",
  retention: "Follows the records: erased with the person",
  basis: "The basis of the records it gathers",
};
const LEAD_SOURCE: DataUse = {
  purpose: "Knowing which campaigns and articles reach people",
  retention: "Kept and deleted with the record it came with",
  basis: "Act s.7(a), with the form it came with (the notice describes the lead_source cookie)",
};
const MAIL: DataUse = {
  purpose: "Sending the mails a form or a staff action calls for",
  retention: "Deleted with the record it belongs to, or when the person is erased",
  basis: "The basis of the record the mail is about",
};
const WEBHOOK: DataUse = {
  purpose: "Passing new leads and changes to the firm's CRM",
  retention: "Deleted when the person is erased or the endpoint is removed",
  basis: "The basis of the record sent (the CRM is the firm's data processor, Act s.8(2))",
};
const STAFF: DataUse = {
  purpose: "Staff accounts: signing in and naming who did what",
  retention: "While the account exists",
  basis: "Act s.7(i): for the purposes of employment",
};
const STAFF_NAME: DataUse = {
  purpose: "Naming the staff member who made a change",
  retention: "With the record it belongs to",
  basis: "Act s.7(i): for the purposes of employment",
};
const SECURITY: DataUse = {
  purpose: "Protecting the site and staff accounts from abuse and unauthorised access",
  retention: "Minutes to days (the limit's window, the session's life)",
  basis: "Act s.8(5) reasonable security safeguards; Rules r.6(1)",
};
const ACTIVITY: DataUse = {
  purpose: "Who did what in the admin: detecting and investigating unauthorised access",
  retention: "The activity log period of Settings, never less than 365 days",
  basis: "Rules r.6(1)(c) and (e), r.8(3): logs kept for at least one year",
};
const PUBLISHED: DataUse = {
  purpose: "Shown on the public site (a testimonial, the team, an article's author)",
  retention: "Until staff remove it",
  basis: "Act s.6(1): the consent of the person shown",
};
const CALENDAR: DataUse = {
  purpose: "Reading a consultant's calendar so that bookings avoid busy times",
  retention: "Until the consultant's calendar is removed",
  basis: "Act s.7(i): for the purposes of employment",
};
const PRIVACY_REQUEST: DataUse = {
  purpose: "Answering a request to see, correct or erase one's data, or to name a nominee",
  retention:
    "Unverified requests a day after their code expires; answered requests as proof of the answer",
  basis: "Act ss.11-14; Rules r.14",
};
const BREACH: DataUse = {
  purpose: "Telling the people a breach affected, and reporting to the Board",
  retention: "As the record of the breach and of the notices given",
  basis: "Act s.8(6); Rules r.7",
};
const FILES: DataUse = {
  purpose: "Keeping uploaded CVs (and images) for the record they belong to",
  retention: "A CV goes with its application; an image with its media item",
  basis: "The basis of the record the file belongs to",
};

/** Columns of one use, each with its kind. */
function personal(use: DataUse, kinds: Record<string, DataKind>): Record<string, PersonalColumn> {
  return Object.fromEntries(
    Object.entries(kinds).map(([column, kind]) => [column, { kind, ...use }]),
  );
}

const NO_PERSONAL_DATA = {};

export const DATA_INVENTORY: InventoryTable[] = [
  // Enquiries, bookings and people.
  {
    table: "enquiries",
    holds: "Enquiries sent with the contact form",
    personal: personal(ENQUIRY, {
      firstName: "Name",
      lastName: "Name",
      fullName: "Name",
      email: "E-mail address",
      company: "Company and role",
      title: "Company and role",
      phone: "Phone number",
      message: "Text the person wrote",
    }),
    other: [
      "id",
      "companySize",
      "industry",
      "service",
      "timeline",
      "newsletter",
      "submittedAt",
      "status",
      "source",
      "spamReason",
      "updatedAt",
    ],
  },
  {
    table: "enquiryNotes",
    holds: "Staff's notes on an enquiry",
    personal: personal(ENQUIRY, { body: "Staff's notes about the person" }),
    other: ["id", "enquiryId", "authorId", "createdAt"],
  },
  {
    table: "enquiryStatusChanges",
    holds: "An enquiry's status history",
    personal: personal(STAFF_NAME, { changedBy: "Staff member's name" }),
    other: ["id", "enquiryId", "fromStatus", "toStatus", "changedAt"],
  },
  {
    table: "enquirySearchRows",
    holds: "The inbox's search rows (SQLite)",
    onlyOn: "sqlite",
    personal: personal(ENQUIRY, {
      fullName: "Search index of personal data",
      email: "Search index of personal data",
      company: "Search index of personal data",
    }),
    other: ["key", "id", "status", "spamReason", "submittedAt"],
  },
  {
    table: "enquirySearch",
    holds: "The inbox's full-text index (SQLite)",
    onlyOn: "sqlite",
    personal: personal(ENQUIRY, {
      fullName: "Search index of personal data",
      email: "Search index of personal data",
      company: "Search index of personal data",
    }),
    other: [],
  },
  {
    table: "enquirySearch_data",
    holds: "The inbox index's storage (SQLite)",
    onlyOn: "sqlite",
    personal: personal(ENQUIRY, { block: "Search index of personal data" }),
    other: ["id"],
  },
  {
    table: "enquirySearch_idx",
    holds: "The inbox index's terms (SQLite)",
    onlyOn: "sqlite",
    personal: personal(ENQUIRY, { term: "Search index of personal data" }),
    other: ["segid", "pgno"],
  },
  {
    table: "enquirySearch_config",
    holds: "The inbox index's settings (SQLite)",
    onlyOn: "sqlite",
    personal: NO_PERSONAL_DATA,
    other: ["k", "v"],
  },
  {
    table: "enquirySearch_docsize",
    holds: "The inbox index's sizes (SQLite)",
    onlyOn: "sqlite",
    personal: NO_PERSONAL_DATA,
    other: ["id", "sz", "origin"],
  },
  {
    table: "bookings",
    holds: "Consultations booked at /book",
    personal: personal(BOOKING, {
      visitorName: "Name",
      visitorEmail: "E-mail address",
      visitorCompany: "Company and role",
      visitorPhone: "Phone number",
      visitorTimeZone: "Time zone",
    }),
    other: [
      "id",
      "consultantId",
      "startsAt",
      "endsAt",
      "status",
      "enquiryId",
      "icsUid",
      "icsSequence",
      "manageLinkVersion",
      "createdAt",
      "updatedAt",
      "meetingTypeId",
    ],
  },
  {
    table: "people",
    holds: "One record per e-mail address (People)",
    personal: personal(PERSON, {
      email: "E-mail address",
      name: "Name",
      company: "Company and role",
    }),
    other: ["id", "firstSeenAt", "lastSeenAt"],
  },
  {
    table: "people",
    holds: "People's search text (PostgreSQL)",
    onlyOn: "postgres",
    personal: personal(PERSON, { searchText: "Search index of personal data" }),
    other: [],
  },
  {
    table: "peopleSearch",
    holds: "People's full-text index (SQLite)",
    onlyOn: "sqlite",
    personal: personal(PERSON, { searchText: "Search index of personal data" }),
    other: [],
  },
  {
    table: "peopleSearch_data",
    holds: "People index's storage (SQLite)",
    onlyOn: "sqlite",
    personal: personal(PERSON, { block: "Search index of personal data" }),
    other: ["id"],
  },
  {
    table: "peopleSearch_idx",
    holds: "People index's terms (SQLite)",
    onlyOn: "sqlite",
    personal: personal(PERSON, { term: "Search index of personal data" }),
    other: ["segid", "pgno"],
  },
  {
    table: "peopleSearch_config",
    holds: "People index's settings (SQLite)",
    onlyOn: "sqlite",
    personal: NO_PERSONAL_DATA,
    other: ["k", "v"],
  },
  {
    table: "peopleSearch_docsize",
    holds: "People index's sizes (SQLite)",
    onlyOn: "sqlite",
    personal: NO_PERSONAL_DATA,
    other: ["id", "sz", "origin"],
  },
  {
    table: "peopleTotal",
    holds: "How many people there are (a count)",
    personal: NO_PERSONAL_DATA,
    other: ["id", "people"],
  },
  {
    table: "personNotes",
    holds: "Staff's notes on a person",
    personal: {
      ...personal(PERSON, { body: "Staff's notes about the person" }),
      ...personal(STAFF_NAME, { authorName: "Staff member's name" }),
    },
    other: ["id", "personId", "authorId", "createdAt"],
  },
  {
    table: "personTags",
    holds: "Staff's tags on a person",
    personal: personal(PERSON, { tag: "Staff's notes about the person" }),
    other: ["personId", "createdAt"],
  },
  {
    table: "leadSources",
    holds: "Where a lead came from (campaign, referrer, landing page)",
    personal: personal(LEAD_SOURCE, {
      firstSource: "Where the person came from",
      firstMedium: "Where the person came from",
      firstCampaign: "Where the person came from",
      firstTerm: "Where the person came from",
      firstContent: "Where the person came from",
      firstReferrer: "Where the person came from",
      firstLanding: "Where the person came from",
      firstDate: "Where the person came from",
      latestSource: "Where the person came from",
      latestMedium: "Where the person came from",
      latestCampaign: "Where the person came from",
      latestTerm: "Where the person came from",
      latestContent: "Where the person came from",
      latestReferrer: "Where the person came from",
      latestLanding: "Where the person came from",
      latestDate: "Where the person came from",
    }),
    other: [
      "id",
      "enquiryId",
      "bookingId",
      "applicationId",
      "subscriberId",
      "createdAt",
      "updatedAt",
    ],
  },
  {
    table: "newsletterSubscribers",
    holds: "Newsletter subscriptions",
    personal: personal(NEWSLETTER, { email: "E-mail address" }),
    other: [
      "id",
      "status",
      "source",
      "consentText",
      "consentedAt",
      "confirmedAt",
      "unsubscribedAt",
      "token",
      "createdAt",
      "updatedAt",
    ],
  },
  // Applications and files.
  {
    table: "applications",
    holds: "Job applications",
    personal: personal(APPLICATION, {
      fullName: "Name",
      email: "E-mail address",
      phone: "Phone number",
      location: "Location",
      noticePeriod: "Company and role",
      profileUrl: "Web address the person gave",
      coverNote: "Text the person wrote",
    }),
    other: [
      "id",
      "careerId",
      "careerTitle",
      "consentText",
      "cvFileId",
      "status",
      "spamReason",
      "submittedAt",
      "updatedAt",
      "cvPoolUntil",
      "cvPoolRenewalSentAt",
      "retentionNoticeSentAt",
    ],
  },
  {
    table: "applicationNotes",
    holds: "Staff's notes on an application",
    personal: personal(APPLICATION, { body: "Staff's notes about the person" }),
    other: ["id", "applicationId", "authorId", "createdAt"],
  },
  {
    table: "applicationStatusChanges",
    holds: "An application's status history",
    personal: personal(STAFF_NAME, { changedBy: "Staff member's name" }),
    other: ["id", "applicationId", "fromStatus", "toStatus", "changedAt"],
  },
  {
    table: "storedFiles",
    holds: "Uploaded files (CVs, images, resource PDFs)",
    personal: personal(FILES, { fileName: "Name" }),
    other: ["id", "purpose", "contentType", "byteSize", "sha256", "storage", "createdAt"],
  },
  {
    table: "storedFileChunks",
    holds: "The bytes of uploaded files",
    personal: personal(FILES, { bytes: "CV or other uploaded file" }),
    other: ["fileId", "seq"],
  },
  // Consent, rights and breaches.
  {
    table: "consents",
    holds: "The consent ledger",
    personal: personal(CONSENT, { email: "Consent record" }),
    other: [
      "id",
      "purpose",
      "action",
      "form",
      "noticeVersion",
      "words",
      "recordType",
      "recordId",
      "createdAt",
    ],
  },
  {
    table: "privacyNoticeVersions",
    holds: "Each published privacy notice",
    personal: personal(STAFF_NAME, { publishedByName: "Staff member's name" }),
    other: ["version", "body", "publishedAt", "publishedById", "scheduled", "restoredFrom"],
  },
  {
    table: "privacyRequests",
    holds: "Requests to see, correct or erase one's data, or name a nominee",
    personal: personal(PRIVACY_REQUEST, {
      email: "E-mail address",
      details: "Text the person wrote",
      nomineeName: "Name",
      nomineeEmail: "E-mail address",
      outcome: "Staff's notes about the person",
    }),
    other: [
      "id",
      "kind",
      "status",
      "codeHash",
      "codeExpiresAt",
      "codeTries",
      "createdAt",
      "verifiedAt",
      "dueAt",
      "closedAt",
      "updatedAt",
    ],
  },
  {
    table: "breaches",
    holds: "The breach register",
    personal: {
      ...personal(STAFF_NAME, {
        createdByName: "Staff member's name",
        noticeApprovedByName: "Staff member's name",
      }),
      // Findings about who caused a breach may name someone.
      ...personal(BREACH, { causedBy: "Staff's notes about the person" }),
    },
    other: [
      "id",
      "title",
      "whatHappened",
      "occurredAt",
      "discoveredAt",
      "dataAffected",
      "whoAffected",
      "consequences",
      "mitigation",
      "safetySteps",
      "causes",
      "prevention",
      "noticeSubject",
      "noticeText",
      "noticeApprovedAt",
      "boardReportedAt",
      "createdAt",
      "updatedAt",
    ],
  },
  {
    table: "breachAffected",
    holds: "The people a breach affected",
    personal: personal(BREACH, { email: "E-mail address", name: "Name" }),
    other: ["breachId", "notifiedAt"],
  },
  // Mail and webhooks.
  {
    table: "mailOutbox",
    holds: "Mails waiting to be sent, and sent",
    personal: personal(MAIL, {
      toAddress: "E-mail address",
      replyTo: "E-mail address",
      subject: "Mail sent to the person",
      textBody: "Mail sent to the person",
      htmlBody: "Mail sent to the person",
      personEmail: "E-mail address",
      calendarEvent: "Mail sent to the person",
      attachments: "CV or other uploaded file",
    }),
    other: [
      "id",
      "kind",
      "headers",
      "relatedId",
      "status",
      "attempts",
      "nextAttemptAt",
      "claimToken",
      "lockedUntil",
      "lastError",
      "messageId",
      "createdAt",
      "updatedAt",
      "sentAt",
    ],
  },
  {
    table: "webhookDeliveries",
    holds: "Events sent to the firm's CRM",
    personal: personal(WEBHOOK, { body: "Text the person wrote", personEmail: "E-mail address" }),
    other: [
      "id",
      "endpointId",
      "eventType",
      "status",
      "attempts",
      "scheduleFrom",
      "nextAttemptAt",
      "lastAttemptAt",
      "lastResponseCode",
      "lastError",
      "claimToken",
      "lockedUntil",
      "deliveredAt",
      "createdAt",
    ],
  },
  {
    table: "webhookEndpoints",
    holds: "The CRM addresses events go to",
    personal: NO_PERSONAL_DATA,
    other: [
      "id",
      "url",
      "description",
      "events",
      "secret",
      "enabled",
      "pausedAt",
      "failingSince",
      "consecutiveFailures",
      "createdAt",
      "updatedAt",
    ],
  },
  // Staff, sign-in and security.
  {
    table: "user",
    holds: "Staff accounts",
    personal: personal(STAFF, {
      name: "Staff member's account",
      email: "Staff member's account",
      image: "Staff member's account",
      username: "Staff member's account",
      displayUsername: "Staff member's account",
      banReason: "Staff member's account",
    }),
    other: ["id", "emailVerified", "createdAt", "updatedAt", "role", "banned", "banExpires"],
  },
  {
    table: "account",
    holds: "Staff sign-in credentials",
    personal: personal(STAFF, {
      password: "Sign-in secret",
      accessToken: "Sign-in secret",
      refreshToken: "Sign-in secret",
      idToken: "Sign-in secret",
    }),
    other: [
      "id",
      "accountId",
      "providerId",
      "userId",
      "accessTokenExpiresAt",
      "refreshTokenExpiresAt",
      "scope",
      "createdAt",
      "updatedAt",
    ],
  },
  {
    table: "session",
    holds: "Staff sessions",
    personal: personal(SECURITY, {
      token: "Sign-in secret",
      ipAddress: "Network address or browser",
      userAgent: "Network address or browser",
    }),
    other: ["id", "expiresAt", "createdAt", "updatedAt", "userId", "impersonatedBy"],
  },
  {
    table: "verification",
    holds: "Sign-in verifications (better-auth)",
    personal: personal(SECURITY, { identifier: "E-mail address" }),
    other: ["id", "value", "expiresAt", "createdAt", "updatedAt"],
  },
  {
    table: "loginThrottle",
    holds: "Failed sign-ins counted per account and address",
    personal: personal(SECURITY, { key: "Network address or browser" }),
    other: ["failures", "windowStartedAt", "lockedUntil"],
  },
  {
    table: "rateLimitEvents",
    holds: "Form posts counted per (hashed) network address",
    personal: personal(SECURITY, { addressHash: "Network address or browser" }),
    other: ["id", "bucket", "createdAt"],
  },
  {
    table: "signInUnlockTokens",
    holds: "Links that unlock a locked staff account (hashed)",
    personal: NO_PERSONAL_DATA,
    other: ["tokenHash", "userId", "expiresAt", "createdAt"],
  },
  {
    table: "staffSetupTokens",
    holds: "The first admin's setup link (hashed)",
    personal: NO_PERSONAL_DATA,
    other: ["tokenHash", "expiresAt", "createdAt"],
  },
  {
    table: "formTokenUses",
    holds: "Form tokens already used",
    personal: NO_PERSONAL_DATA,
    other: ["id", "usedAt", "expiresAt"],
  },
  {
    table: "auditLog",
    holds: "The activity log",
    personal: personal(ACTIVITY, {
      actorName: "Staff member's name",
      entityId: "Activity record",
      summary: "Activity record",
    }),
    other: ["id", "actorId", "action", "entityType", "createdAt"],
  },
  {
    table: "launchChecklistDismissals",
    holds: "Launch checklist items an admin dismissed",
    personal: personal(STAFF_NAME, { dismissedByName: "Staff member's name" }),
    other: ["item", "dismissedBy", "dismissedAt"],
  },
  // Consultants and their calendars.
  {
    table: "consultants",
    holds: "Staff who take consultations",
    personal: personal(STAFF, { displayName: "Staff member's name" }),
    other: ["id", "userId", "active", "dailyLimit", "createdAt", "updatedAt"],
  },
  {
    table: "consultantCalendars",
    holds: "Consultants' own calendars (address and sign-in)",
    personal: personal(CALENDAR, {
      address: "Staff member's account",
      username: "Staff member's account",
      secret: "Sign-in secret",
      label: "Staff member's account",
    }),
    other: [
      "id",
      "consultantId",
      "kind",
      "writeBookings",
      "createdAt",
      "lastAttemptAt",
      "lastSyncedAt",
      "lastError",
      "leaseOwner",
      "leaseUntil",
    ],
  },
  {
    table: "consultantBusyIntervals",
    holds: "Busy times read from consultants' calendars (no titles)",
    personal: personal(CALENDAR, {
      startsAt: "Activity record",
      endsAt: "Activity record",
    }),
    other: ["calendarId", "consultantId"],
  },
  {
    table: "consultantBlockedDates",
    holds: "Consultants' days off",
    personal: personal(STAFF, { note: "Staff's notes about the person" }),
    other: ["consultantId", "date"],
  },
  {
    table: "consultantWeeklyHours",
    holds: "Consultants' bookable hours",
    personal: NO_PERSONAL_DATA,
    other: ["consultantId", "weekday", "startTime", "endTime"],
  },
  {
    table: "consultantExtraHours",
    holds: "Consultants' extra bookable hours",
    personal: NO_PERSONAL_DATA,
    other: ["id", "consultantId", "date", "startTime", "endTime"],
  },
  {
    table: "consultantDayLoads",
    holds: "Bookings per consultant and day (for the daily cap)",
    personal: NO_PERSONAL_DATA,
    other: ["consultantId", "day", "booked"],
  },
  {
    table: "consultantMeetingRooms",
    holds: "Consultants' own meeting rooms",
    personal: NO_PERSONAL_DATA,
    other: ["consultantId", "url", "updatedAt"],
  },
  {
    table: "bookingCells",
    holds: "Booked time cells (no double booking)",
    personal: NO_PERSONAL_DATA,
    other: ["consultantId", "cellStart", "bookingId"],
  },
  {
    table: "bookingMeetingRooms",
    holds: "Each booking's meeting room",
    personal: NO_PERSONAL_DATA,
    other: ["bookingId", "roomSecret"],
  },
  {
    table: "bookingReminders",
    holds: "Reminders sent per booking",
    personal: NO_PERSONAL_DATA,
    other: ["bookingId", "offsetMinutes", "bookingVersion", "outcome", "claimedAt"],
  },
  {
    table: "bookingRoutingRules",
    holds: "Which consultant takes which service",
    personal: NO_PERSONAL_DATA,
    other: ["service", "consultantId"],
  },
  {
    table: "bookingSettings",
    holds: "Booking rules",
    personal: NO_PERSONAL_DATA,
    other: [
      "id",
      "bufferMinutes",
      "minimumNoticeHours",
      "horizonDays",
      "updatedAt",
      "reminderMinutes",
      "visitorCutoffHours",
    ],
  },
  {
    table: "calendarBookingCopies",
    holds: "Bookings written to consultants' calendars",
    personal: NO_PERSONAL_DATA,
    other: ["calendarId", "bookingId", "sequence"],
  },
  {
    table: "meetingTypes",
    holds: "Kinds of meeting offered at /book",
    personal: NO_PERSONAL_DATA,
    other: [
      "id",
      "slug",
      "title",
      "description",
      "lengthMinutes",
      "bufferBeforeMinutes",
      "bufferAfterMinutes",
      "minimumNoticeHours",
      "horizonDays",
      "dailyCap",
      "feeNote",
      "active",
      "sortOrder",
      "createdAt",
      "updatedAt",
    ],
  },
  {
    table: "meetingTypeConsultants",
    holds: "Who offers which meeting type",
    personal: NO_PERSONAL_DATA,
    other: ["meetingTypeId", "consultantId"],
  },
  // Published content: people shown on the site.
  {
    table: "testimonials",
    holds: "Client testimonials",
    personal: personal(PUBLISHED, {
      quote: "Photo or published profile",
      name: "Name",
      role: "Company and role",
      company: "Company and role",
      photoId: "Photo or published profile",
    }),
    other: ["id", "caseStudyUrl", "position", "status", "createdAt", "updatedAt"],
  },
  {
    table: "teamMembers",
    holds: "The team shown on About",
    personal: personal(PUBLISHED, {
      name: "Name",
      role: "Company and role",
      bio: "Photo or published profile",
      photoId: "Photo or published profile",
      linkedinUrl: "Web address the person gave",
    }),
    other: ["id", "position", "status", "createdAt", "updatedAt"],
  },
  {
    table: "articles",
    holds: "Insights articles",
    personal: personal(PUBLISHED, { author: "Name" }),
    other: [
      "slug",
      "title",
      "category",
      "publishedOn",
      "summary",
      "body",
      "status",
      "createdAt",
      "updatedAt",
      "imageId",
      "sample",
    ],
  },
  {
    table: "contentDrafts",
    holds: "Unpublished drafts of content",
    personal: personal(STAFF_NAME, { savedByName: "Staff member's name" }),
    other: ["kind", "entityId", "data", "savedAt", "savedById"],
  },
  {
    table: "contentVersions",
    holds: "Published versions of content",
    personal: personal(STAFF_NAME, { actorName: "Staff member's name" }),
    other: ["id", "kind", "entityId", "number", "data", "note", "createdAt", "actorId"],
  },
  {
    table: "contentSchedules",
    holds: "Scheduled publishing",
    personal: personal(STAFF_NAME, { createdByName: "Staff member's name" }),
    other: [
      "id",
      "kind",
      "entityId",
      "action",
      "runAt",
      "createdAt",
      "createdById",
      "doneAt",
      "outcome",
    ],
  },
  // The firm's own content and settings: no personal data.
  {
    table: "mediaAssets",
    holds: "The media library",
    personal: NO_PERSONAL_DATA,
    other: [
      "id",
      "kind",
      "originalName",
      "alt",
      "focalX",
      "focalY",
      "width",
      "height",
      "fileId",
      "byteSize",
      "createdBy",
      "createdAt",
      "updatedAt",
    ],
  },
  {
    table: "mediaVariants",
    holds: "Resized copies of images",
    personal: NO_PERSONAL_DATA,
    other: ["mediaId", "format", "width", "height", "fileId", "byteSize"],
  },
  {
    table: "pageHeroImages",
    holds: "Each page's hero picture",
    personal: NO_PERSONAL_DATA,
    other: ["pageId", "mediaId", "updatedAt"],
  },
  {
    table: "clientLogos",
    holds: "Client logos",
    personal: NO_PERSONAL_DATA,
    other: ["id", "name", "logoId", "url", "position", "status", "createdAt", "updatedAt"],
  },
  {
    table: "resultFigures",
    holds: "Results figures",
    personal: NO_PERSONAL_DATA,
    other: ["id", "figure", "label", "client", "position", "status", "createdAt", "updatedAt"],
  },
  {
    table: "resources",
    holds: "Downloadable resources and case studies",
    personal: NO_PERSONAL_DATA,
    other: [
      "slug",
      "type",
      "title",
      "summary",
      "category",
      "pageCount",
      "fileId",
      "company",
      "industry",
      "challenge",
      "solution",
      "results",
      "status",
      "createdAt",
      "updatedAt",
      "sample",
    ],
  },
  {
    table: "careers",
    holds: "Job postings",
    personal: NO_PERSONAL_DATA,
    other: [
      "id",
      "title",
      "department",
      "location",
      "type",
      "experience",
      "salary",
      "description",
      "requirements",
      "responsibilities",
      "benefits",
      "status",
      "postedDate",
      "applications",
      "createdAt",
      "updatedAt",
      "closingDate",
    ],
  },
  {
    table: "services",
    holds: "Services",
    personal: NO_PERSONAL_DATA,
    other: [
      "id",
      "position",
      "title",
      "subtitle",
      "description",
      "subServices",
      "features",
      "benefits",
      "process",
      "color",
      "bgColor",
      "createdAt",
      "updatedAt",
      "imageId",
    ],
  },
  {
    table: "pages",
    holds: "Page texts",
    personal: NO_PERSONAL_DATA,
    other: ["id", "content", "updatedAt"],
  },
  {
    table: "settings",
    holds: "Site settings (the firm's own contacts)",
    personal: NO_PERSONAL_DATA,
    other: ["id", "value", "updatedAt"],
  },
  {
    table: "seoFields",
    holds: "Search and social fields",
    personal: NO_PERSONAL_DATA,
    other: [
      "subjectKind",
      "subjectKey",
      "metaTitle",
      "metaDescription",
      "imageId",
      "canonical",
      "updatedAt",
    ],
  },
  {
    table: "redirects",
    holds: "Redirects",
    personal: NO_PERSONAL_DATA,
    other: ["id", "fromPath", "toPath", "origin", "createdAt", "updatedAt"],
  },
  {
    table: "notFoundPaths",
    holds: "Addresses that were not found (no visitor data)",
    personal: NO_PERSONAL_DATA,
    other: ["path", "hits", "referrer", "firstSeen", "lastSeen"],
  },
  {
    table: "pageViews",
    holds: "Page views per day (counts only)",
    personal: NO_PERSONAL_DATA,
    other: ["day", "path", "views"],
  },
  {
    table: "pageReferrers",
    holds: "Referring sites per day (counts only)",
    personal: NO_PERSONAL_DATA,
    other: ["day", "host", "views"],
  },
  {
    table: "contentVersion",
    holds: "The public pages' cache version",
    personal: NO_PERSONAL_DATA,
    other: ["id", "version", "changedAt"],
  },
  {
    table: "searchDocuments",
    holds: "The site search's index of public pages",
    personal: NO_PERSONAL_DATA,
    other: ["id", "docNumber", "kind", "path", "title", "body", "fingerprint"],
  },
  {
    table: "searchDocuments",
    holds: "The site search's vectors (PostgreSQL)",
    onlyOn: "postgres",
    personal: NO_PERSONAL_DATA,
    other: ["searchVector"],
  },
  {
    table: "searchState",
    holds: "What the site search has indexed",
    personal: NO_PERSONAL_DATA,
    other: ["id", "contentVersion"],
  },
  ...(
    [
      ["searchFts", ["title", "body"]],
      ["searchFts_config", ["k", "v"]],
      ["searchFts_content", ["id", "c0", "c1"]],
      ["searchFts_data", ["id", "block"]],
      ["searchFts_docsize", ["id", "sz"]],
      ["searchFts_idx", ["segid", "term", "pgno"]],
    ] as const
  ).map(
    ([table, columns]): InventoryTable => ({
      table,
      holds: "The site search's full-text index of public pages (SQLite)",
      onlyOn: "sqlite",
      personal: NO_PERSONAL_DATA,
      other: [...columns],
    }),
  ),
  {
    table: "kysely_migration",
    holds: "Which migrations have run",
    personal: NO_PERSONAL_DATA,
    other: ["name", "timestamp"],
  },
  {
    table: "kysely_migration_lock",
    holds: "The migrations' lock",
    personal: NO_PERSONAL_DATA,
    other: ["id", "is_locked"],
  },
];

/** The personal columns, one row each, in the inventory's order (the admin page's table). */
export function personalColumns(): ({ table: string; column: string } & PersonalColumn)[] {
  return DATA_INVENTORY.flatMap((entry) =>
    Object.entries(entry.personal).map(([column, use]) => ({ table: entry.table, column, ...use })),
  );
}
