import type { MetaDescriptor } from "react-router";

/**
 * Meta tags and structured data of the public pages. Every page's `meta` export calls
 * `publicMeta`, which reads the brand and the base URL from the public layout's loader data, so
 * titles, canonical URLs, link previews and JSON-LD all come from settings and configuration.
 */

/** What the public layout's loader gives every page for its meta tags and structured data. */
export interface SiteInfo {
  siteName: string;
  tagline: string;
  siteDescription: string;
  email: string;
  phone: string;
  linkedinUrl: string;
  ceoName: string;
  ctoName: string;
  /** The site's absolute origin (config BASE_URL), without a trailing slash. */
  baseUrl: string;
}

/** The link-preview image: a static file in public/, 1200 x 630 as Open Graph expects. */
export const SOCIAL_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "People. Purpose. Pay. Total rewards consulting for growing companies in India.",
} as const;

export const PUBLIC_LAYOUT_ID = "routes/public/layout";

export interface Crumb {
  name: string;
  path: string;
}

type JsonLd = Record<string, unknown>;

export interface PublicMetaOptions {
  /** The page's own title; the brand is appended. The home page passes none. */
  title?: string;
  description: string;
  /** The page's path, for the canonical URL ("/services"). */
  path: string;
  /** Breadcrumb trail after Home; the current page is the last crumb. */
  breadcrumbs?: Crumb[];
  /** Further structured data blocks (FAQPage, JobPosting...). */
  jsonLd?: JsonLd[];
  ogType?: "website" | "article";
  /** Pages that must not appear in search results (404, maintenance). */
  noindex?: boolean;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site information from the public layout's match, when it loaded. */
export function siteFromMatches(matches: readonly (MatchLike | undefined)[]): SiteInfo | undefined {
  const layout = matches.find((match) => match?.id === PUBLIC_LAYOUT_ID);
  const data = layout?.loaderData as { site?: SiteInfo } | undefined;
  return data?.site;
}

export const absoluteUrl = (site: Pick<SiteInfo, "baseUrl">, path: string) =>
  `${site.baseUrl}${path.startsWith("/") ? path : `/${path}`}`;

/** The document title: "Page | Brand", or "Brand | Tagline" for the home page. */
export function documentTitle(site: Pick<SiteInfo, "siteName" | "tagline">, title?: string) {
  if (title) return `${title} | ${site.siteName}`;
  return site.tagline ? `${site.siteName} | ${site.tagline}` : site.siteName;
}

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD of a public page. */
export function publicMeta(
  matches: readonly (MatchLike | undefined)[],
  options: PublicMetaOptions,
): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  if (!site) return [{ title: options.title ?? "" }];
  const title = documentTitle(site, options.title);
  const url = absoluteUrl(site, options.path);
  const image = absoluteUrl(site, SOCIAL_IMAGE.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: options.description },
    // A page kept out of search results (404, error) names no canonical address.
    ...(options.noindex ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: options.ogType ?? "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: SOCIAL_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: options.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: SOCIAL_IMAGE.alt },
    { "script:ld+json": organizationJsonLd(site) },
  ];
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  if (options.breadcrumbs?.length) {
    tags.push({ "script:ld+json": breadcrumbJsonLd(site, options.breadcrumbs) });
  }
  for (const block of options.jsonLd ?? []) tags.push({ "script:ld+json": block });
  return tags;
}

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
