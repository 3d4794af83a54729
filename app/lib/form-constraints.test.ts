import { describe, expect, it } from "vitest";
import { loginSchema } from "~/modules/auth/login.schema";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { newsletterEmailConstraint } from "~/modules/newsletter/newsletter.schema";
import { generalSettingsSchema } from "~/modules/settings/settings.schema";
import { setupSchema } from "~/modules/staff/staff.schema";
import { constraintsOf } from "./form-constraints";

/* The required marks and limits the forms show come from the schemas their actions parse with. */
describe("constraintsOf", () => {
  it("reads the enquiry form's required fields and limits", () => {
    expect(constraintsOf(enquiryInputSchema)).toEqual({
      firstName: { required: true, maxLength: 80 },
      lastName: { required: true, maxLength: 80 },
      email: { required: true, maxLength: 254 },
      company: { required: true, maxLength: 160 },
      title: { maxLength: 120 },
      phone: { maxLength: 40 },
      companySize: {},
      industry: {},
      service: {},
      timeline: {},
      message: { maxLength: 5000 },
      newsletter: {},
    });
  });

  it("reads the settings form, the newsletter e-mail, sign-in and setup", () => {
    expect(constraintsOf(generalSettingsSchema)).toEqual({
      siteName: { required: true, maxLength: 80 },
      tagline: { maxLength: 160 },
      siteDescription: { maxLength: 500 },
      email: { required: true, maxLength: 254 },
      phone: { required: true, maxLength: 30 },
      ceoName: { required: true, maxLength: 80 },
      ctoName: { required: true, maxLength: 80 },
      linkedinUrl: { required: true, maxLength: 300 },
      officeStreet: { required: true, maxLength: 200 },
      officeCity: { required: true, maxLength: 80 },
      officeState: { required: true },
      officePinCode: { required: true },
      whatsappNumber: { maxLength: 30 },
      maintenanceMode: {},
      analyticsEnabled: {},
      careersEmail: {},
      privacyEmail: {},
      applicationRetentionMonths: {},
      activityLogRetentionDays: {},
      publicCountThreshold: {},
      meetingServerUrl: { maxLength: 200 },
    });
    expect(newsletterEmailConstraint()).toEqual({ required: true, maxLength: 254 });
    expect(constraintsOf(loginSchema)).toEqual({
      username: { required: true, maxLength: 254 },
      password: { required: true, maxLength: 200 },
    });
    expect(constraintsOf(setupSchema)).toMatchObject({
      name: { required: true, maxLength: 80 },
      username: { required: true, maxLength: 30 },
      email: { required: true, maxLength: 254 },
      password: { required: true, maxLength: 129 },
    });
  });
});
