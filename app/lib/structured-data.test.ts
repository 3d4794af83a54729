import { describe, expect, it } from "vitest";
import { defaultTeamMembers } from "~/modules/proof/team.defaults";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import type { OfficeAddress } from "./postal-address";
import type { SiteInfo } from "./site-info";
import {
  isProfileUrl,
  type JobPostingInput,
  jobAddressJsonLd,
  jobPostingJsonLd,
  organizationJsonLd,
} from "./structured-data";
import { teamJsonLd } from "./team-structured-data";

/* Structured data from what staff set, not from defaults or made-up values (issue 22 §4). */

const office: OfficeAddress = {
  streetLines: ["Meridian House, 2nd Floor", "MG Road"],
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560001",
  country: "India",
};
const site: SiteInfo = {
  siteName: "Meridian Rewards",
  tagline: "",
  siteDescription: "Total rewards consulting.",
  email: "team@meridian.example",
  phone: "+91 98100 12345",
  linkedinUrl: "https://www.linkedin.com/company/meridian",
  ceoName: "Asha Rao",
  ctoName: "Vikram Sen",
  officeAddress: office,
  whatsappNumber: "",
  baseUrl: "https://meridian.example",
};
const job: JobPostingInput = {
  id: "reward-analyst",
  title: "Reward Analyst",
  description: "Benchmarks.",
  location: "Bengaluru",
  type: "Full-time",
  salary: "",
  postedDate: "2026-11-01",
  closingDate: "",
  requirements: [],
  responsibilities: [],
  benefits: [],
  experience: "",
  department: "Analytics",
};
const officeAddress = {
  "@type": "PostalAddress",
  streetAddress: "Meridian House, 2nd Floor, MG Road",
  addressLocality: "Bengaluru",
  addressRegion: "Karnataka",
  postalCode: "560001",
  addressCountry: "IN",
};

describe("JobPosting", () => {
  it("ends on the closing day staff set, at midnight in India, and never on a made-up date", () => {
    const closing = jobPostingJsonLd(
      site,
      { ...job, closingDate: "2026-11-23" },
      { directApply: true },
    );
    expect(closing.validThrough).toBe("2026-11-23T23:59:59+05:30");
    const open = jobPostingJsonLd(site, job, { directApply: true });
    expect(open).not.toHaveProperty("validThrough");
  });

  it("says whether the page takes the application itself", () => {
    expect(jobPostingJsonLd(site, job, { directApply: true }).directApply).toBe(true);
    expect(jobPostingJsonLd(site, job, { directApply: false }).directApply).toBe(false);
  });

  it.each([
    ["Bengaluru", officeAddress],
    ["bengaluru", officeAddress],
    ["Hybrid (Bengaluru)", officeAddress],
    ["Bengaluru / Remote", officeAddress],
    // A remote job is employed from the office.
    ["Remote", officeAddress],
    ["Remote (India)", officeAddress],
    [
      "Mumbai",
      {
        "@type": "PostalAddress",
        addressLocality: "Mumbai",
        addressRegion: "Maharashtra",
        addressCountry: "IN",
      },
    ],
    [
      "Gurugram, Haryana",
      {
        "@type": "PostalAddress",
        addressLocality: "Gurugram",
        addressRegion: "Haryana",
        addressCountry: "IN",
      },
    ],
    [
      "Kochi or Remote",
      {
        "@type": "PostalAddress",
        addressLocality: "Kochi",
        addressRegion: "Kerala",
        addressCountry: "IN",
      },
    ],
    // A city the table does not know: no guessed state, no postcode.
    ["Indore", { "@type": "PostalAddress", addressLocality: "Indore", addressCountry: "IN" }],
  ])("places %s as a structured address", (location, address) => {
    expect(jobAddressJsonLd(location, office)).toEqual(address);
  });

  it("marks remote postings as telecommuting from India, others not", () => {
    const remote = jobPostingJsonLd(site, { ...job, location: "Remote" }, { directApply: true });
    expect(remote).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "India" },
      jobLocation: { "@type": "Place", address: officeAddress },
    });
    expect(jobPostingJsonLd(site, job, { directApply: true })).not.toHaveProperty(
      "jobLocationType",
    );
  });
});

describe("Organization", () => {
  it("lists as sameAs only a profile staff set, not a site's home page", () => {
    expect(organizationJsonLd(site).sameAs).toEqual(["https://www.linkedin.com/company/meridian"]);
    // The settings' placeholder is LinkedIn's home page: it names nobody.
    for (const linkedinUrl of [
      DEFAULT_GENERAL_SETTINGS.linkedinUrl,
      "https://www.linkedin.com",
      "",
    ]) {
      expect(organizationJsonLd({ ...site, linkedinUrl }), linkedinUrl).not.toHaveProperty(
        "sameAs",
      );
    }
  });

  it("gives the founders the titles the About page gives them", () => {
    const founders = organizationJsonLd(site).founder as { name: string; jobTitle: string }[];
    const team = defaultTeamMembers(site);
    expect(founders.map((person) => [person.name, person.jobTitle])).toEqual(
      team.map((member) => [member.name, member.role]),
    );
    const about = teamJsonLd(
      site,
      team.map((member) => ({ ...member, linkedinUrl: "" })),
    );
    expect((about["@graph"] as { jobTitle: string }[]).map((person) => person.jobTitle)).toEqual(
      founders.map((person) => person.jobTitle),
    );
  });
});

describe("isProfileUrl", () => {
  it.each([
    ["https://www.linkedin.com/company/meridian", true],
    ["https://www.linkedin.com/in/asha-rao/", true],
    ["https://www.linkedin.com/", false],
    ["https://www.linkedin.com", false],
    ["", false],
    ["not a url", false],
    ["javascript:alert(1)", false],
  ])("%s → %s", (url, profile) => {
    expect(isProfileUrl(url)).toBe(profile);
  });
});
