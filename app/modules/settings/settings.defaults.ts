import { DEFAULT_MEETING_SERVER, type GeneralSettings } from "./settings.schema";

/**
 * Neutral placeholder brand values, seeded when no settings are stored. A firm replaces
 * them in Settings; every page, e-mail and structured-data block reads them from there.
 */
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  siteName: "Total Rewards Consulting",
  tagline: "People. Purpose. Pay. Reward strategies for growing companies.",
  siteDescription:
    "Boutique total rewards consulting for mid-size companies and startups in India. We design equity, executive pay, variable pay, benefits and performance-linked reward programmes that reflect your strategy, not just the market.",
  email: "hello@example.com",
  phone: "+91 11 4000 0000",
  ceoName: "A. Sharma",
  ctoName: "R. Mehta",
  linkedinUrl: "https://www.linkedin.com/",
  // A made-up building in the city the site's copy names; the firm enters its own.
  officeStreet: "Example House, 4th Floor\nBarakhamba Road, Connaught Place",
  officeCity: "New Delhi",
  officeState: "Delhi",
  officePinCode: "110001",
  whatsappNumber: "",
  maintenanceMode: false,
  analyticsEnabled: true,
  careersEmail: "",
  privacyEmail: "",
  applicationRetentionMonths: 12,
  activityLogRetentionDays: 365,
  publicCountThreshold: 100,
  meetingServerUrl: DEFAULT_MEETING_SERVER,
};
