import { postalAddressJsonLd } from "./postal-address";
import { parseSalaryText } from "./salary";
import { absoluteUrl, type Crumb, type JsonLd, type SiteInfo, SOCIAL_IMAGE } from "./site-info";

/* The public pages' structured data (schema.org JSON-LD), for `publicMeta` (seo.ts) and pages. */

const organizationId = (site: SiteInfo) => `${site.baseUrl}/#organization`;

/** The firm as a schema.org ProfessionalService, with its contact points. */
export function organizationJsonLd(site: SiteInfo): JsonLd {
  const address = postalAddressJsonLd(site.officeAddress);
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": organizationId(site),
    name: site.siteName,
    description: site.siteDescription,
    slogan: site.tagline || undefined,
    url: `${site.baseUrl}/`,
    image: absoluteUrl(site, SOCIAL_IMAGE.path),
    logo: absoluteUrl(site, "/icon-512.png"),
    email: site.email,
    telephone: site.phone,
    address,
    areaServed: { "@type": "Country", name: "India" },
    sameAs: [site.linkedinUrl],
    founder: [
      { "@type": "Person", name: site.ceoName, jobTitle: "Chief Executive Officer" },
      { "@type": "Person", name: site.ctoName, jobTitle: "Chief Technology Officer" },
    ],
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "09:00",
      closes: "18:00",
    },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        email: site.email,
        telephone: site.phone,
        areaServed: "IN",
        availableLanguage: ["English"],
      },
      {
        "@type": "ContactPoint",
        contactType: "customer support",
        email: site.email,
        telephone: site.phone,
        areaServed: "IN",
        availableLanguage: ["English"],
      },
    ],
  };
}

export function breadcrumbJsonLd(site: SiteInfo, crumbs: Crumb[]): JsonLd {
  const trail = [{ name: "Home", path: "/" }, ...crumbs];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}

export function faqJsonLd(faqs: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/** schema.org employmentType values for the career form's types. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
};

export interface JobPostingInput {
  id: string;
  title: string;
  description: string;
  location: string;
  type: string;
  salary: string;
  postedDate: string;
  requirements: string[];
  responsibilities: string[];
  benefits: string[];
  experience: string;
  department: string;
}

/**
 * A salary text as a schema.org MonetaryAmount in INR, when it can be read without guessing
 * (parseSalaryText: rupees, lakhs per annum, a monthly stipend). Anything else ("Competitive")
 * gives undefined.
 */
export function parseSalary(text: string): JsonLd | undefined {
  const range = parseSalaryText(text);
  if (!range) return undefined;
  const value: JsonLd = {
    "@type": "QuantitativeValue",
    unitText: range.period === "month" ? "MONTH" : "YEAR",
  };
  if (range.min === range.max) value.value = range.min;
  else Object.assign(value, { minValue: range.min, maxValue: range.max });
  return { "@type": "MonetaryAmount", currency: "INR", value };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** schema.org JobPosting of an active posting. */
export function jobPostingJsonLd(site: SiteInfo, job: JobPostingInput): JsonLd {
  const list = (heading: string, items: string[]) =>
    items.length
      ? `<p><strong>${heading}</strong></p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`
      : "";
  const description = [
    `<p>${escapeHtml(job.description)}</p>`,
    list("Responsibilities", job.responsibilities),
    list("Requirements", job.requirements),
    list("Benefits", job.benefits),
  ].join("");
  const remote = /\bremote\b/i.test(job.location);
  const salary = parseSalary(job.salary);
  const validThrough = new Date(`${job.postedDate}T00:00:00Z`);
  validThrough.setUTCDate(validThrough.getUTCDate() + 90);
  const posting: JsonLd = {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description,
    identifier: { "@type": "PropertyValue", name: site.siteName, value: job.id },
    datePosted: job.postedDate,
    validThrough: validThrough.toISOString().slice(0, 10),
    employmentType: EMPLOYMENT_TYPES[job.type] ?? "OTHER",
    occupationalCategory: job.department,
    url: absoluteUrl(site, `/careers/${job.id}`),
    hiringOrganization: {
      "@type": "Organization",
      "@id": organizationId(site),
      name: site.siteName,
      sameAs: `${site.baseUrl}/`,
      logo: absoluteUrl(site, "/icon-512.png"),
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        // A remote job is employed from the office.
        addressLocality: remote ? site.officeAddress.city : job.location,
        addressCountry: "IN",
      },
    },
  };
  if (remote) {
    posting.jobLocationType = "TELECOMMUTE";
    posting.applicantLocationRequirements = { "@type": "Country", name: "India" };
  }
  if (job.experience) posting.experienceRequirements = job.experience;
  if (salary) posting.baseSalary = salary;
  return posting;
}
