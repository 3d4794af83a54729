import type { OfficeAddress } from "./postal-address";

/* What the meta tags (seo.ts) and the structured data (structured-data.ts) share. */

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
  /** The office (settings), for the footer, the contact page and the structured data. */
  officeAddress: OfficeAddress;
  /** The WhatsApp number in the international format; empty when WhatsApp is off. */
  whatsappNumber: string;
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

export interface Crumb {
  name: string;
  path: string;
}

export type { JsonLd } from "./json";

export const absoluteUrl = (site: Pick<SiteInfo, "baseUrl">, path: string) =>
  `${site.baseUrl}${path.startsWith("/") ? path : `/${path}`}`;
