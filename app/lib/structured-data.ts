import { absoluteUrl, type Crumb, type JsonLd, type SiteInfo, SOCIAL_IMAGE } from "./site-info";

/* The public pages' structured data (schema.org JSON-LD), for `publicMeta` (seo.ts) and pages. */

const organizationId = (site: SiteInfo) => `${site.baseUrl}/#organization`;

/** The firm as a schema.org ProfessionalService, with its contact points. */
export function organizationJsonLd(site: SiteInfo): JsonLd {
  const address = {
    "@type": "PostalAddress",
    addressLocality: "New Delhi",
    addressRegion: "Delhi",
    addressCountry: "IN",
  };
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
 * A salary text as a schema.org MonetaryAmount, when it can be read without guessing:
 * an amount or a range in rupees (₹, INR or Rs), with an optional lakh/LPA or crore unit and an
 * optional period ("per month", "/year"; annual when the unit is lakh per annum or none is given).
 * Anything else ("Competitive", "As per industry standards") gives undefined.
 */
export function parseSalary(text: string): JsonLd | undefined {
  const normalised = text.toLowerCase().replace(/,/g, "").replace(/\s+/g, " ").trim();
  if (!normalised) return undefined;
  const hasCurrency = /₹|\binr\b|\brs\.?(?=\s|\d)/.test(normalised);
  const unitMatch = /\b(lpa|lakhs?|lacs?|l|crores?|cr)\b/.exec(normalised);
  const numbers = [...normalised.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
  if (numbers.length === 0 || numbers.length > 2) return undefined;
  if (!hasCurrency && !unitMatch) return undefined;
  const unit = unitMatch?.[1] ?? "";
  const multiplier = /^(crores?|cr)$/.test(unit) ? 1e7 : unit ? 1e5 : 1;
  const period = /month|\/\s*mo|\bpm\b|p\.m\./.test(normalised)
    ? "MONTH"
    : /hour|\/\s*hr/.test(normalised)
      ? "HOUR"
      : "YEAR";
  const [low, high] = numbers.map((n) => Math.round(n * multiplier));
  if (!low || (high !== undefined && high < low)) return undefined;
  const value: JsonLd = { "@type": "QuantitativeValue", unitText: period };
  if (high === undefined) value.value = low;
  else Object.assign(value, { minValue: low, maxValue: high });
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
        addressLocality: remote ? "New Delhi" : job.location,
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
