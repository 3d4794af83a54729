import type { Migration, MigrationProvider } from "kysely/migration";
import { initial } from "./0001-initial.ts";
import { leads } from "./0002-leads.ts";
import { admin } from "./0003-admin.ts";
import { contentVersion } from "./0004-content-version.ts";
import { inboxAtScale } from "./0005-inbox-at-scale.ts";
import { inboxSearchPlans } from "./0006-inbox-search-plans.ts";
import { formTokenUses } from "./0007-form-token-uses.ts";
import { signInUnlock } from "./0008-sign-in-unlock.ts";
import { applicationsAndLibrary } from "./0009-applications-and-library.ts";
import { mediaAndProof } from "./0010-media-and-proof.ts";
import { bookings } from "./0011-bookings.ts";
import { structuredDataFromRealData } from "./0012-structured-data-from-real-data.ts";
import { noMadeUpSubscriberFigure } from "./0013-no-made-up-subscriber-figure.ts";
import { launchChecklist } from "./0014-launch-checklist.ts";
import { sampleGuides } from "./0015-sample-guides.ts";
import { remindersAndAttendance } from "./0016-reminders-and-attendance.ts";
import { meetingLinks } from "./0017-meeting-links.ts";
import { consultantCalendars } from "./0018-consultant-calendars.ts";
import { meetingTypes } from "./0019-meeting-types.ts";
import { mailAttachments } from "./0020-mail-attachments.ts";
import { webhooks } from "./0021-webhooks.ts";
import { leadSources } from "./0022-lead-sources.ts";
import { people } from "./0024-people.ts";
import { redirectsAndSearch } from "./0025-redirects-and-search.ts";
import { seoFields } from "./0027-seo-fields.ts";
import { contentVersions } from "./0028-content-versions.ts";
import { noticeAndConsent } from "./0029-notice-and-consent.ts";
import { privacyRequests } from "./0030-privacy-requests.ts";
import { retentionNoticesAndBreaches } from "./0031-retention-notices-and-breaches.ts";
import { querySpeed } from "./0033-query-speed.ts";
import { privacyNoticeVersion2 } from "./0034-privacy-notice-version-2.ts";
import { peopleListSpeed } from "./0036-people-list-speed.ts";
import { outboxClaims } from "./0037-outbox-claims.ts";
import { noticeVersionOrigin } from "./0038-notice-version-origin.ts";

/**
 * Every migration, in order. Listed statically (not read from the file system) so that the
 * bundled server build carries them. Names never change once released.
 */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-leads": leads,
  "0003-admin": admin,
  "0004-content-version": contentVersion,
  "0005-inbox-at-scale": inboxAtScale,
  "0006-inbox-search-plans": inboxSearchPlans,
  "0007-form-token-uses": formTokenUses,
  "0008-sign-in-unlock": signInUnlock,
  "0009-applications-and-library": applicationsAndLibrary,
  "0010-media-and-proof": mediaAndProof,
  "0011-bookings": bookings,
  "0012-structured-data-from-real-data": structuredDataFromRealData,
  "0013-no-made-up-subscriber-figure": noMadeUpSubscriberFigure,
  "0014-launch-checklist": launchChecklist,
  "0015-sample-guides": sampleGuides,
  "0016-reminders-and-attendance": remindersAndAttendance,
  "0017-meeting-links": meetingLinks,
  "0018-consultant-calendars": consultantCalendars,
  "0019-meeting-types": meetingTypes,
  "0020-mail-attachments": mailAttachments,
  "0021-webhooks": webhooks,
  "0022-lead-sources": leadSources,
  "0025-redirects-and-search": redirectsAndSearch,
  "0024-people": people,
  "0027-seo-fields": seoFields,
  "0028-content-versions": contentVersions,
  "0029-notice-and-consent": noticeAndConsent,
  "0030-privacy-requests": privacyRequests,
  "0031-retention-notices-and-breaches": retentionNoticesAndBreaches,
  "0033-query-speed": querySpeed,
  "0034-privacy-notice-version-2": privacyNoticeVersion2,
  "0036-people-list-speed": peopleListSpeed,
  "0037-outbox-claims": outboxClaims,
  "0038-notice-version-origin": noticeVersionOrigin,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
