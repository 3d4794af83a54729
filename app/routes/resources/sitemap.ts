import { STORABLE_FOR_EVERYONE } from "~/lib/page-cache";
import { CALCULATORS, calculatorPath } from "~/modules/calculators/catalogue";
import { listActiveCareers } from "~/modules/careers/careers.server";
import { listPublishedArticleDates } from "~/modules/library/articles.server";
import { servicePath } from "~/modules/services/service-paths";
import { listPublicServices } from "~/modules/services/services.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/sitemap";

/** The public pages, in the order a crawler should find them. */
const STATIC_PATHS = [
  "/",
  "/about",
  "/services",
  "/resources",
  "/insights",
  "/tools",
  "/careers",
  "/contact",
  "/book",
  "/terms",
  "/privacy",
] as const;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** /sitemap.xml: every public page, published article and active posting, with absolute URLs from BASE_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = runtimeFrom(context);
  const baseUrl = config.baseUrl;
  const [careers, articles, services] = await Promise.all([
    listActiveCareers(db),
    listPublishedArticleDates(db),
    listPublicServices(db),
  ]);
  const entries: SitemapEntry[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...services.map((service) => ({ path: servicePath(service.id) })),
    ...CALCULATORS.map((entry) => ({ path: calculatorPath(entry.slug) })),
    ...articles.map((article) => ({
      path: `/insights/${encodeURIComponent(article.slug)}`,
      lastModified: article.updatedAt.slice(0, 10),
    })),
    ...careers.map((career) => ({
      path: `/careers/${encodeURIComponent(career.id)}`,
      lastModified: career.updatedAt.slice(0, 10),
    })),
  ];
  const urls = entries
    .map((entry) => {
      const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : "";
      return `  <url><loc>${escapeXml(`${baseUrl}${entry.path}`)}</loc>${lastmod}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      // The same for every visitor: the page cache may store it.
      ...STORABLE_FOR_EVERYONE,
    },
  });
}
