import type { Insertable, Selectable, Updateable } from "kysely";
import type {
  AuditLogTable,
  LaunchChecklistDismissalsTable,
  LoginThrottleTable,
  PageReferrersTable,
  PageViewsTable,
  SignInUnlockTokensTable,
  StaffSetupTokensTable,
} from "./schema/admin";
import type { AccountTable, SessionTable, UserTable, VerificationTable } from "./schema/auth";
import type {
  BookingCellsTable,
  BookingRemindersTable,
  BookingSettingsTable,
  BookingsTable,
  ConsultantBlockedDatesTable,
  ConsultantDayLoadsTable,
  ConsultantExtraHoursTable,
  ConsultantsTable,
  ConsultantWeeklyHoursTable,
} from "./schema/bookings";
import type { BreachAffectedTable, BreachesTable } from "./schema/breaches";
import type {
  CalendarBookingCopiesTable,
  ConsultantBusyIntervalsTable,
  ConsultantCalendarsTable,
} from "./schema/calendars";
import type {
  ApplicationNotesTable,
  ApplicationStatusChangesTable,
  ApplicationsTable,
  ArticlesTable,
  ResourcesTable,
  StoredFileChunksTable,
  StoredFilesTable,
} from "./schema/careers-and-library";
import type {
  CareersTable,
  ContentVersionTable,
  PagesTable,
  ServicesTable,
  SettingsTable,
} from "./schema/content";
import type {
  ContentDraftsTable,
  ContentSchedulesTable,
  ContentVersionsTable,
} from "./schema/content-versions";
import type { LeadSourcesTable } from "./schema/lead-sources";
import type {
  EnquiriesTable,
  EnquiryNotesTable,
  EnquirySearchRowsTable,
  EnquiryStatusChangesTable,
  FormTokenUsesTable,
  MailOutboxTable,
  NewsletterSubscribersTable,
  RateLimitEventsTable,
} from "./schema/leads";
import type {
  ClientLogosTable,
  MediaAssetsTable,
  MediaVariantsTable,
  PageHeroImagesTable,
  ResultFiguresTable,
  TeamMembersTable,
  TestimonialsTable,
} from "./schema/media-and-proof";
import type { BookingMeetingRoomsTable, ConsultantMeetingRoomsTable } from "./schema/meeting-links";
import type {
  BookingRoutingRulesTable,
  MeetingTypeConsultantsTable,
  MeetingTypesTable,
} from "./schema/meeting-types";
import type {
  PeopleTable,
  PeopleTotalTable,
  PersonNotesTable,
  PersonTagsTable,
} from "./schema/people";
import type {
  ConsentsTable,
  PrivacyNoticeVersionsTable,
  PrivacyRequestsTable,
} from "./schema/privacy";
import type {
  NotFoundPathsTable,
  RedirectsTable,
  SearchDocumentsTable,
  SearchStateTable,
} from "./schema/search-and-redirects";
import type { SeoFieldsTable } from "./schema/seo";
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from "./schema/webhooks";

/**
 * Table types for Kysely. Conventions (docs/decisions/0002-data-layer.md):
 * - columns are camelCase, like the spec's field names and better-auth's own tables;
 * - our timestamps are ISO-8601 UTC strings (`2026-01-31T09:30:00.000Z`) on both dialects, so
 *   they compare and sort the same everywhere;
 * - lists and nested documents are JSON text, parsed and validated by the owning module;
 * - booleans are `integer` on SQLite and `boolean` on PostgreSQL; modules read them with Boolean().
 *
 * The tables are declared by area in schema/ (content, leads, auth, admin, careers-and-library) and re-exported here.
 */

export type * from "./schema/admin";
export type * from "./schema/auth";
export type * from "./schema/bookings";
export type * from "./schema/breaches";
export type * from "./schema/careers-and-library";
export type * from "./schema/content";
export type * from "./schema/content-versions";
export type * from "./schema/lead-sources";
export type * from "./schema/leads";
export type * from "./schema/media-and-proof";
export type * from "./schema/people";
export type * from "./schema/privacy";
export type * from "./schema/search-and-redirects";
export type * from "./schema/seo";
export type * from "./schema/webhooks";

export interface Database {
  /** Issue 27: published privacy notices and the consent ledger (0029-notice-and-consent). */
  privacyNoticeVersions: PrivacyNoticeVersionsTable;
  consents: ConsentsTable;
  /** Issue 27: requests to see, correct or erase one's data, or name a nominee (0030). */
  privacyRequests: PrivacyRequestsTable;
  /** Issue 27: the breach register and the people each breach affected (0031). */
  breaches: BreachesTable;
  breachAffected: BreachAffectedTable;
  /** Issue 29: drafts, versions and schedules of content (0028-content-versions). */
  contentDrafts: ContentDraftsTable;
  contentVersions: ContentVersionsTable;
  contentSchedules: ContentSchedulesTable;
  /** Issue 29: search and social fields per subject (0027-seo-fields). */
  seoFields: SeoFieldsTable;
  services: ServicesTable;
  pages: PagesTable;
  settings: SettingsTable;
  careers: CareersTable;
  enquiries: EnquiriesTable;
  /** SQLite only. */
  enquirySearchRows: EnquirySearchRowsTable;
  enquiryStatusChanges: EnquiryStatusChangesTable;
  enquiryNotes: EnquiryNotesTable;
  newsletterSubscribers: NewsletterSubscribersTable;
  auditLog: AuditLogTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  mailOutbox: MailOutboxTable;
  rateLimitEvents: RateLimitEventsTable;
  formTokenUses: FormTokenUsesTable;
  pageViews: PageViewsTable;
  pageReferrers: PageReferrersTable;
  loginThrottle: LoginThrottleTable;
  staffSetupTokens: StaffSetupTokensTable;
  signInUnlockTokens: SignInUnlockTokensTable;
  contentVersion: ContentVersionTable;
  storedFiles: StoredFilesTable;
  storedFileChunks: StoredFileChunksTable;
  applications: ApplicationsTable;
  applicationStatusChanges: ApplicationStatusChangesTable;
  applicationNotes: ApplicationNotesTable;
  articles: ArticlesTable;
  resources: ResourcesTable;
  mediaAssets: MediaAssetsTable;
  mediaVariants: MediaVariantsTable;
  pageHeroImages: PageHeroImagesTable;
  testimonials: TestimonialsTable;
  clientLogos: ClientLogosTable;
  resultFigures: ResultFiguresTable;
  teamMembers: TeamMembersTable;
  consultants: ConsultantsTable;
  consultantWeeklyHours: ConsultantWeeklyHoursTable;
  consultantBlockedDates: ConsultantBlockedDatesTable;
  consultantExtraHours: ConsultantExtraHoursTable;
  bookingSettings: BookingSettingsTable;
  bookings: BookingsTable;
  bookingCells: BookingCellsTable;
  consultantDayLoads: ConsultantDayLoadsTable;
  bookingReminders: BookingRemindersTable;
  launchChecklistDismissals: LaunchChecklistDismissalsTable;
  consultantCalendars: ConsultantCalendarsTable;
  consultantBusyIntervals: ConsultantBusyIntervalsTable;
  calendarBookingCopies: CalendarBookingCopiesTable;
  consultantMeetingRooms: ConsultantMeetingRoomsTable;
  bookingMeetingRooms: BookingMeetingRoomsTable;
  leadSources: LeadSourcesTable;
  meetingTypes: MeetingTypesTable;
  meetingTypeConsultants: MeetingTypeConsultantsTable;
  bookingRoutingRules: BookingRoutingRulesTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  redirects: RedirectsTable;
  notFoundPaths: NotFoundPathsTable;
  searchDocuments: SearchDocumentsTable;
  searchState: SearchStateTable;
  people: PeopleTable;
  peopleTotal: PeopleTotalTable;
  personNotes: PersonNotesTable;
  personTags: PersonTagsTable;
}

export type ServiceRow = Selectable<ServicesTable>;
export type CareerRow = Selectable<CareersTable>;
export type EnquiryRow = Selectable<EnquiriesTable>;
export type NewEnquiryRow = Insertable<EnquiriesTable>;
export type EnquiryUpdate = Updateable<EnquiriesTable>;
export type SubscriberRow = Selectable<NewsletterSubscribersTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type UserRow = Selectable<UserTable>;
export type OutboxRow = Selectable<MailOutboxTable>;
