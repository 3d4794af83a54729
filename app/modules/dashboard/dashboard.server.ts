import type { DB } from "~/db/client.server";
import { topPages, topReferrers, viewsPerDay } from "~/modules/analytics/analytics.server";
import { countNewApplications } from "~/modules/applications/application-stats.server";
import { type AuditEntry, recentAudit } from "~/modules/audit/audit.server";
import { countActiveCareers } from "~/modules/careers/careers.server";
import {
  countEnquiriesByStatus,
  type EnquiryCounts,
  type EnquiryWeek,
  enquiriesPerWeek,
} from "~/modules/enquiries/enquiry-stats.server";
import { type OutboxBacklog, outboxBacklog } from "~/modules/mail/outbox.server";
import { countSubscribers } from "~/modules/newsletter/subscriber-list.server";
import { listPages } from "~/modules/pages/pages.server";
import { countServices } from "~/modules/services/services.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";

import { DASHBOARD_DAYS, DASHBOARD_WEEKS } from "./dashboard.constants";

export { DASHBOARD_DAYS, DASHBOARD_WEEKS } from "./dashboard.constants";

export interface Dashboard {
  counts: {
    services: number;
    /** Enquiries still in status new. */
    newEnquiries: number;
    contentPages: number;
    activeCareers: number;
    /** Confirmed subscribers who joined in the last DASHBOARD_DAYS days. */
    newSubscribers: number;
    /** Job applications still in status new, outside the spam folder. */
    newApplications: number;
  };
  enquiries: EnquiryCounts;
  enquiriesPerWeek: EnquiryWeek[];
  /** The mail backlog: queued, retrying and failed mails, and the oldest one's wait. */
  outbox: OutboxBacklog;
  recentActivity: AuditEntry[];
  analytics: {
    enabled: boolean;
    viewsPerDay: { day: string; views: number }[];
    totalViews: number;
    topPages: { path: string; views: number }[];
    topReferrers: { host: string; views: number }[];
  };
}

/** Every figure of the dashboard, read from the database now (nothing is cached or made up). */
export async function getDashboard(db: DB, now: Date = new Date()): Promise<Dashboard> {
  const since = new Date(now.getTime() - DASHBOARD_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const [
    services,
    enquiries,
    perWeek,
    pages,
    activeCareers,
    newSubscribers,
    outbox,
    recentActivity,
    settings,
    daily,
    pagesTop,
    referrers,
    newApplications,
  ] = await Promise.all([
    countServices(db),
    countEnquiriesByStatus(db),
    enquiriesPerWeek(db, DASHBOARD_WEEKS, now),
    listPages(db),
    countActiveCareers(db),
    countSubscribers(db, { since }),
    outboxBacklog(db, now),
    recentAudit(db, 8),
    getGeneralSettings(db),
    viewsPerDay(db, DASHBOARD_DAYS, now),
    topPages(db, { days: DASHBOARD_DAYS, limit: 8, now }),
    topReferrers(db, { days: DASHBOARD_DAYS, limit: 5, now }),
    countNewApplications(db),
  ]);
  return {
    counts: {
      services,
      newEnquiries: enquiries.new,
      contentPages: pages.length,
      activeCareers,
      newSubscribers,
      newApplications,
    },
    enquiries,
    enquiriesPerWeek: perWeek,
    outbox,
    recentActivity,
    analytics: {
      enabled: settings.analyticsEnabled,
      viewsPerDay: daily,
      totalViews: daily.reduce((sum, day) => sum + day.views, 0),
      topPages: pagesTop,
      topReferrers: referrers,
    },
  };
}
