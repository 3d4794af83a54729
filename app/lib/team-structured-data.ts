import { absoluteUrl, type JsonLd, type SiteInfo } from "./site-info";

/**
 * The founding partners' titles, as the About page's team (seeded by
 * app/modules/proof/team.defaults.ts) and the home page's quote give them: the firm's
 * Organization data names its founders with the same words.
 */
export const FOUNDER_TITLES = {
  ceo: "Founder and Chief Executive Officer",
  cto: "Co-Founder and Chief Technology Officer",
} as const;

/** A person of the firm as the About page shows them. */
export interface TeamPersonInput {
  name: string;
  role: string;
  linkedinUrl: string;
  /** The photo's address on this site, when there is one. */
  photoSrc?: string;
}

/**
 * The About page's people as schema.org Persons working for the firm (the Organization of the
 * layout's JSON-LD, by its @id), so that search engines tie the leaders to the firm.
 */
export function teamJsonLd(site: SiteInfo, people: readonly TeamPersonInput[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@graph": people.map((person) => ({
      "@type": "Person",
      name: person.name,
      jobTitle: person.role,
      // The same @id as organizationJsonLd gives the firm.
      worksFor: { "@id": `${site.baseUrl}/#organization` },
      image: person.photoSrc ? absoluteUrl(site, person.photoSrc) : undefined,
      sameAs: person.linkedinUrl ? [person.linkedinUrl] : undefined,
    })),
  };
}
