import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViewSchema } from "~/modules/analytics/analytics.schema";
import { trackPageView } from "~/modules/analytics/analytics.server";
import { insertApplication } from "~/modules/applications/application-fixtures";
import { recordAudit } from "~/modules/audit/audit.server";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer } from "~/modules/careers/careers.server";
import { createEnquiry, setEnquiryStatus } from "~/modules/enquiries/enquiries.server";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { seedDefaults } from "~/modules/seed.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { activityFilterOptions } from "./activity.server";
import { getDashboard } from "./dashboard.server";

describe.each(DIALECTS)("the dashboard on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("starts from real, empty figures", async () => {
    const dashboard = await getDashboard(t.db);
    expect(dashboard.counts).toEqual({
      services: 6,
      newEnquiries: 0,
      contentPages: 6,
      activeCareers: 0,
      newSubscribers: 0,
      newApplications: 0,
    });
    expect(dashboard.enquiriesPerWeek).toHaveLength(12);
    expect(dashboard.analytics.viewsPerDay).toHaveLength(30);
    expect(dashboard.analytics.totalViews).toBe(0);
    expect(dashboard.outbox).toEqual({
      queued: 0,
      retrying: 0,
      failed: 0,
      oldestQueuedAt: null,
      oldestWaitingMs: null,
    });
    expect(dashboard.recentActivity).toEqual([]);
  });

  it("counts what the database holds", async () => {
    const enquiry = enquiryInputSchema.parse({
      firstName: "Meera",
      lastName: "Iyer",
      email: "meera@example.in",
      company: "Iyer Tech",
    });
    const first = await createEnquiry(t.db, enquiry);
    await createEnquiry(t.db, enquiry);
    await setEnquiryStatus(t.db, first.id, "qualified", null);
    const career = careerInputSchema.parse({
      title: "Analyst",
      department: "Analytics",
      location: "Delhi",
      type: "Full-time",
      description: "Numbers.",
      status: "active",
    });
    const analyst = await createCareer(t.db, career);
    await createCareer(t.db, { ...career, title: "Draft", status: "draft" });
    // New ones count; one already being reviewed and one in the spam folder do not.
    await insertApplication(t.db, { careerId: analyst.id });
    await insertApplication(t.db, { careerId: analyst.id, email: "b@example.in" });
    await insertApplication(t.db, { careerId: analyst.id, status: "reviewing" });
    await insertApplication(t.db, { careerId: analyst.id, spamReason: "honeypot" });
    await trackPageView(t.db, pageViewSchema.parse({ path: "/services", referrer: "google.com" }));
    await recordAudit(t.db, {
      actorId: null,
      actorName: "Asha",
      action: "update",
      entityType: "service",
      entityId: "equity",
      summary: "Updated the service",
    });

    const dashboard = await getDashboard(t.db);
    expect(dashboard.counts.newEnquiries).toBe(1);
    expect(dashboard.counts.activeCareers).toBe(1);
    expect(dashboard.counts.newApplications).toBe(2);
    expect(dashboard.enquiries).toMatchObject({ total: 2, new: 1, qualified: 1 });
    const thisWeek = dashboard.enquiriesPerWeek.at(-1);
    expect(thisWeek).toMatchObject({ new: 1, qualified: 1, contacted: 0, closed: 0 });
    expect(dashboard.analytics.totalViews).toBe(1);
    expect(dashboard.analytics.topPages).toEqual([{ path: "/services", views: 1 }]);
    expect(dashboard.analytics.topReferrers).toEqual([{ host: "google.com", views: 1 }]);
    expect(dashboard.recentActivity.map((entry) => entry.summary)).toEqual(["Updated the service"]);

    expect(await activityFilterOptions(t.db)).toEqual({
      entityTypes: ["service"],
      actors: [],
      actions: ["update"],
    });
  });
});
