import type { MetaDescriptor } from "react-router";

import { absoluteUrl, type Crumb, type JsonLd, type SiteInfo, SOCIAL_IMAGE } from "./site-info";
import { breadcrumbJsonLd, organizationJsonLd } from "./structured-data";

export { absoluteUrl, type Crumb, type SiteInfo, SOCIAL_IMAGE } from "./site-info";
export {
  breadcrumbJsonLd,
  faqJsonLd,
  type JobPostingInput,
  jobPostingJsonLd,
  organizationJsonLd,
  parseSalary,
} from "./structured-data";

/**
 * Meta tags and structured data of the public pages. Every page's `meta` export calls
 * `publicMeta`, which reads the brand and the base URL from the public layout's loader data, so
 * titles, canonical URLs, link previews and JSON-LD all come from settings and configuration.
 * The JSON-LD builders are in structured-data.ts, what both share in site-info.ts; both are
 * re-exported here.
 */

export const PUBLIC_LAYOUT_ID = "routes/public/layout";

/**
 * What staff set in a page's search and social fields (issue 29, decision 0059); each one left
 * out keeps the page's own default.
 */
export interface SeoOverride {
  /** The whole document title, as search results show it (no brand is appended). */
  title?: string;
  description?: string;
  /** The link-preview image: a site path with its size and alt text. */
  image?: { path: string; width: number; height: number; alt: string };
  /** A site path or an https URL. */
  canonical?: string;
}

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
  /** Staff's search and social fields (modules/seo), over the defaults above. */
  seo?: SeoOverride | null;
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
  const seo = options.seo ?? {};
  const title = seo.title || documentTitle(site, options.title);
  const description = seo.description || options.description;
  const canonical = seo.canonical || options.path;
  const url = /^https:\/\//.test(canonical) ? canonical : absoluteUrl(site, canonical);
  const social = seo.image ?? SOCIAL_IMAGE;
  const image = absoluteUrl(site, social.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    // A page kept out of search results (404, error) names no canonical address.
    ...(options.noindex ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: options.ogType ?? "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(social.width) },
    { property: "og:image:height", content: String(social.height) },
    { property: "og:image:alt", content: social.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: social.alt },
    { "script:ld+json": organizationJsonLd(site) },
  ];
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  if (options.breadcrumbs?.length) {
    tags.push({ "script:ld+json": breadcrumbJsonLd(site, options.breadcrumbs) });
  }
  for (const block of options.jsonLd ?? []) tags.push({ "script:ld+json": block });
  return tags;
}

export interface ArticleJsonLdInput {
  title: string;
  summary: string;
  category: string;
  /** The writer's name. */
  author: string;
  /** YYYY-MM-DD. */
  publishedOn: string;
  /** ISO time of the last real change (not of a save that changed nothing, nor of seeding). */
  updatedAt: string;
  path: string;
}

/**
 * Article structured data. The author is the person of the byline (a name: the seeded articles
 * are signed by the founding partners, staff type a writer's name), working for the firm, which
 * publishes. dateModified is the article's last real change (article-store.server.ts).
 */
export function articleJsonLd(site: SiteInfo, article: ArticleJsonLdInput): JsonLd {
  const url = absoluteUrl(site, article.path);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.summary,
    datePublished: article.publishedOn,
    dateModified: article.updatedAt,
    articleSection: article.category,
    author: {
      "@type": "Person",
      name: article.author,
      worksFor: { "@id": `${site.baseUrl}/#organization` },
    },
    publisher: { "@id": `${site.baseUrl}/#organization` },
    mainEntityOfPage: url,
    url,
    image: absoluteUrl(site, SOCIAL_IMAGE.path),
  };
}
