import { INDIAN_STATES, type OfficeAddress, postalAddressJsonLd } from "./postal-address";
import { parseSalaryText } from "./salary";
import { absoluteUrl, type Crumb, type JsonLd, type SiteInfo, SOCIAL_IMAGE } from "./site-info";
import { FOUNDER_TITLES } from "./team-structured-data";

/* The public pages' structured data (schema.org JSON-LD), for `publicMeta` (seo.ts) and pages. */

const organizationId = (site: SiteInfo) => `${site.baseUrl}/#organization`;

/**
 * A profile address staff set (a LinkedIn company page): a site's home page alone
 * ("https://www.linkedin.com/", the settings' placeholder) names nobody and is left out.
 */
export function isProfileUrl(url: string): boolean {
  try {
    const { protocol, pathname } = new URL(url);
    return (protocol === "https:" || protocol === "http:") && pathname.replace(/\/+$/, "") !== "";
  } catch {
    return false;
  }
}

/** The firm as a schema.org ProfessionalService, with its contact points. */
export function organizationJsonLd(site: SiteInfo): JsonLd {
  const address = postalAddressJsonLd(site.officeAddress);
  const profiles = [site.linkedinUrl].filter(isProfileUrl);
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
    // Only the profiles staff set; none is no sameAs at all.
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
    // The titles the About page gives the founding partners (FOUNDER_TITLES).
    founder: [
      { "@type": "Person", name: site.ceoName, jobTitle: FOUNDER_TITLES.ceo },
      { "@type": "Person", name: site.ctoName, jobTitle: FOUNDER_TITLES.cto },
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
  /** The last day (IST, YYYY-MM-DD) it takes applications; "" when staff set none. */
  closingDate: string;
  requirements: string[];
  responsibilities: string[];
  benefits: string[];
  experience: string;
  department: string;
}

/** A few cities postings name, with their state, for the address a search engine reads. */
const CITY_STATES: Record<string, string> = {
  ahmedabad: "Gujarat",
  bangalore: "Karnataka",
  bengaluru: "Karnataka",
  chennai: "Tamil Nadu",
  delhi: "Delhi",
  ghaziabad: "Uttar Pradesh",
  gurgaon: "Haryana",
  gurugram: "Haryana",
  hyderabad: "Telangana",
  jaipur: "Rajasthan",
  kochi: "Kerala",
  kolkata: "West Bengal",
  lucknow: "Uttar Pradesh",
  mumbai: "Maharashtra",
  "new delhi": "Delhi",
  noida: "Uttar Pradesh",
  pune: "Maharashtra",
};

/** Words of a location that name no place ("Remote", "Hybrid", "India", "On-site"). */
const NOT_A_PLACE = /^(remote|hybrid|india|on[- ]?site|in[- ]office|office|wfh|anywhere)$/i;

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The posting's place as a schema.org PostalAddress, read from its location text ("New Delhi",
 * "Gurugram, Haryana", "Hybrid (New Delhi)", "Remote") and the office address of the settings:
 * the office's city (or no city at all: remote) gives the office's full address; another city
 * gets its state when the text or CITY_STATES names it, and no guessed postcode.
 */
export function jobAddressJsonLd(location: string, office: OfficeAddress): JsonLd {
  const parts = location
    .split(/[,/|()&+;]|\s+(?:or|and)\s+|\s+-\s+/i)
    .map((part) => part.trim())
    .filter((part) => part !== "" && !NOT_A_PLACE.test(part));
  const state = INDIAN_STATES.find((name) => parts.some((part) => sameText(part, name)));
  const city = parts.find((part) => !INDIAN_STATES.some((name) => sameText(part, name)));
  if (!city || sameText(city, office.city)) return postalAddressJsonLd(office);
  const region = state ?? CITY_STATES[city.toLowerCase()];
  return {
    "@type": "PostalAddress",
    addressLocality: city,
    ...(region ? { addressRegion: region } : {}),
    addressCountry: "IN",
  };
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

/**
 * schema.org JobPosting of an active posting. `validThrough` is the end of its closing day in
 * India, and left out when staff set no closing date; `directApply` says the posting's page
 * takes the application itself (true when it shows the form).
 */
export function jobPostingJsonLd(
  site: SiteInfo,
  job: JobPostingInput,
  { directApply }: { directApply: boolean },
): JsonLd {
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
  const posting: JsonLd = {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description,
    identifier: { "@type": "PropertyValue", name: site.siteName, value: job.id },
    datePosted: job.postedDate,
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
    // A remote job is employed from the office.
    jobLocation: { "@type": "Place", address: jobAddressJsonLd(job.location, site.officeAddress) },
    directApply,
  };
  if (remote) {
    posting.jobLocationType = "TELECOMMUTE";
    posting.applicantLocationRequirements = { "@type": "Country", name: "India" };
  }
  // The end of the closing day in India; no closing date set, no end date made up.
  if (job.closingDate) posting.validThrough = `${job.closingDate}T23:59:59+05:30`;
  if (job.experience) posting.experienceRequirements = job.experience;
  if (salary) posting.baseSalary = salary;
  return posting;
}

export interface ServiceJsonLdInput {
  name: string;
  description: string;
  path: string;
  /** The area's sub-services, as the offers of its catalogue. */
  offers: readonly { name: string; description: string }[];
}

/** A service area's page (issue 29): a schema.org Service the firm provides, across India. */
export function serviceJsonLd(site: SiteInfo, service: ServiceJsonLdInput): JsonLd {
  const url = absoluteUrl(site, service.path);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: service.name,
    serviceType: service.name,
    description: service.description,
    url,
    provider: { "@id": organizationId(site) },
    areaServed: { "@type": "Country", name: "India" },
    ...(service.offers.length > 0
      ? {
          hasOfferCatalog: {
            "@type": "OfferCatalog",
            name: service.name,
            itemListElement: service.offers.map((offer) => ({
              "@type": "Offer",
              itemOffered: { "@type": "Service", name: offer.name, description: offer.description },
            })),
          },
        }
      : {}),
  };
}
