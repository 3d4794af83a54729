import { describe, expect, it } from "vitest";
import {
  breadcrumbJsonLd,
  documentTitle,
  jobPostingJsonLd,
  organizationJsonLd,
  parseSalary,
  publicMeta,
  type SiteInfo,
} from "./seo";

const site: SiteInfo = {
  siteName: "Meridian Rewards",
  tagline: "Pay with purpose",
  siteDescription: "Total rewards consulting.",
  email: "team@meridian.example",
  phone: "+91 98100 12345",
  linkedinUrl: "https://www.linkedin.com/company/meridian",
  ceoName: "Asha Rao",
  ctoName: "Vikram Sen",
  officeAddress: {
    streetLines: ["Meridian House, 2nd Floor", "MG Road"],
    city: "Bengaluru",
    state: "Karnataka",
    pinCode: "560001",
    country: "India",
  },
  whatsappNumber: "",
  baseUrl: "https://meridian.example",
};
const matches = [{ id: "root" }, { id: "routes/public/layout", loaderData: { site } }];

describe("parseSalary", () => {
  it.each([
    ["₹12-18 LPA", { minValue: 1_200_000, maxValue: 1_800_000, unitText: "YEAR" }],
    ["INR 12,00,000 - 18,00,000 per annum", { minValue: 1_200_000, maxValue: 1_800_000 }],
    ["Rs. 80,000 per month", { value: 80_000, unitText: "MONTH" }],
    ["15 lakh", { value: 1_500_000, unitText: "YEAR" }],
    ["1.2 Cr", { value: 12_000_000 }],
  ])("reads %s", (text, value) => {
    expect(parseSalary(text)).toEqual({
      "@type": "MonetaryAmount",
      currency: "INR",
      value: expect.objectContaining({ "@type": "QuantitativeValue", ...value }),
    });
  });

  it.each([
    "",
    "Competitive",
    "As per industry standards",
    "12-18",
    "₹18-12 LPA",
    "₹1 - 2 - 3 LPA",
  ])("leaves out %j", (text) => {
    expect(parseSalary(text)).toBeUndefined();
  });
});

describe("meta tags", () => {
  it("titles pages with the brand, the home page with the tagline", () => {
    expect(documentTitle(site, "Careers")).toBe("Careers | Meridian Rewards");
    expect(documentTitle(site)).toBe("Meridian Rewards | Pay with purpose");
    expect(documentTitle({ ...site, tagline: "" })).toBe("Meridian Rewards");
  });

  it("builds canonical, Open Graph, Twitter and JSON-LD tags from the layout's site data", () => {
    const tags = publicMeta(matches, {
      title: "Services",
      description: "Six service areas.",
      path: "/services",
      breadcrumbs: [{ name: "Services", path: "/services" }],
    });
    expect(tags).toContainEqual({ title: "Services | Meridian Rewards" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://meridian.example/services",
    });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://meridian.example/og-image.png",
    });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    const jsonLd = tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : []));
    expect(jsonLd.map((block) => (block as { "@type": string })["@type"])).toEqual([
      "ProfessionalService",
      "BreadcrumbList",
    ]);
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
    expect(
      publicMeta(matches, { ...{ description: "x", path: "/x" }, noindex: true }),
    ).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("describes the firm from settings, with contact points and founders", () => {
    const firm = organizationJsonLd(site);
    expect(firm).toMatchObject({
      "@type": "ProfessionalService",
      name: "Meridian Rewards",
      email: "team@meridian.example",
      telephone: "+91 98100 12345",
      sameAs: ["https://www.linkedin.com/company/meridian"],
      founder: [{ name: "Asha Rao" }, { name: "Vikram Sen" }],
      address: {
        "@type": "PostalAddress",
        streetAddress: "Meridian House, 2nd Floor, MG Road",
        addressLocality: "Bengaluru",
        addressRegion: "Karnataka",
        postalCode: "560001",
        addressCountry: "IN",
      },
    });
    expect(firm.contactPoint).toHaveLength(2);
  });

  it("numbers breadcrumbs from Home with absolute URLs", () => {
    expect(breadcrumbJsonLd(site, [{ name: "Careers", path: "/careers" }])).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://meridian.example/" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Careers",
          item: "https://meridian.example/careers",
        },
      ],
    });
  });
});

describe("jobPostingJsonLd", () => {
  const job = {
    id: "analyst",
    title: "Analyst <Rewards>",
    description: "Benchmarks & models.",
    location: "Remote (India)",
    type: "Internship",
    salary: "Competitive",
    postedDate: "2026-11-01",
    closingDate: "",
    requirements: ["Excel"],
    responsibilities: [],
    benefits: ["Learning budget"],
    experience: "",
    department: "Analytics",
  };

  it("maps the posting, escapes the description and omits what is unknown", () => {
    const posting = jobPostingJsonLd(site, job, { directApply: true });
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      title: "Analyst <Rewards>",
      datePosted: "2026-11-01",
      employmentType: "INTERN",
      jobLocationType: "TELECOMMUTE",
      directApply: true,
      // A remote job is employed from the office (settings).
      jobLocation: { address: { addressLocality: "Bengaluru", addressCountry: "IN" } },
      hiringOrganization: { name: "Meridian Rewards", sameAs: "https://meridian.example/" },
      url: "https://meridian.example/careers/analyst",
    });
    expect(posting.baseSalary).toBeUndefined();
    expect(posting.experienceRequirements).toBeUndefined();
    // No closing date set: no end date made up.
    expect(posting.validThrough).toBeUndefined();
    expect(posting.description).toBe(
      "<p>Benchmarks &amp; models.</p><p><strong>Requirements</strong></p><ul><li>Excel</li></ul><p><strong>Benefits</strong></p><ul><li>Learning budget</li></ul>",
    );
  });

  it("places an office posting in its city", () => {
    const posting = jobPostingJsonLd(
      site,
      { ...job, location: "Gurugram", type: "Full-time" },
      { directApply: true },
    );
    expect(posting.jobLocation).toEqual({
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Gurugram",
        addressRegion: "Haryana",
        addressCountry: "IN",
      },
    });
    expect(posting.jobLocationType).toBeUndefined();
    expect(posting.employmentType).toBe("FULL_TIME");
  });
});
