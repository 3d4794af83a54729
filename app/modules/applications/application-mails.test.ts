import { describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { applicationAcknowledgement, applicationNotification } from "./application-mails.server";
import type { Application } from "./application-status";

const application: Application = {
  id: "app_1",
  careerId: "rewards-consultant",
  careerTitle: "Rewards Consultant",
  fullName: 'Priya <b>"Sharma"</b>\nBcc: x@example.com',
  email: "priya@example.com",
  phone: "+91 98765 43210",
  location: "Pune",
  noticePeriod: "30 days",
  profileUrl: "",
  coverNote: "First line\n\n<script>alert(1)</script>",
  consentText: "I agree",
  cvFileId: "file_1",
  status: "new",
  spamReason: null,
  submittedAt: "2026-11-23T10:00:00.000Z",
  updatedAt: null,
};

const context = (overrides: Partial<typeof DEFAULT_GENERAL_SETTINGS> = {}) => ({
  settings: { ...DEFAULT_GENERAL_SETTINGS, ...overrides },
  baseUrl: "https://site.test",
});

describe("the job application e-mails", () => {
  it("announce the application to the careers address, else the contact e-mail", async () => {
    const mail = await applicationNotification(
      application,
      context({ careersEmail: "jobs@firm.in" }),
    );
    expect(mail.to).toBe("jobs@firm.in");
    expect(mail.replyTo).toBe("priya@example.com");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain("Rewards Consultant");
    expect(mail.text).toContain("https://site.test/admin/applications/app_1");
    expect(mail.html).toContain('href="https://site.test/admin/applications/app_1"');
    // When it arrived, in India Standard Time (10:00 UTC).
    expect(mail.text).toContain("Submitted at: 23 Nov 2026, 3:30 pm IST");
    expect(mail.html).toContain("23 Nov 2026, 3:30 pm IST");
    // What the candidate typed is escaped in the HTML.
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect((await applicationNotification(application, context({ careersEmail: "" }))).to).toBe(
      DEFAULT_GENERAL_SETTINGS.email,
    );
  });

  it("thank the candidate in hiring words: the position, what happens next, how long we keep it", async () => {
    const mail = await applicationAcknowledgement(
      application,
      context({ applicationRetentionMonths: 1 }),
    );
    expect(mail.to).toBe("priya@example.com");
    expect(mail.subject).toBe(
      `Your application for Rewards Consultant at ${DEFAULT_GENERAL_SETTINGS.siteName}`,
    );
    expect(mail.text).toContain("Thank you for applying for the Rewards Consultant position");
    expect(mail.text).toContain("What happens next:");
    expect(mail.text).toContain("for 1 month to consider you");
    expect(mail.text).not.toMatch(/enquiry|within 24 hours/i);
    expect(mail.html).toContain("What happens next:");
  });
});
