import { STORABLE_FOR_EVERYONE } from "~/lib/page-cache";
import { getConfig } from "~/runtime.server";

/** /robots.txt: everything public may be crawled; the admin area and the API may not. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${getConfig().baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      // The same for every visitor: the page cache may store it.
      ...STORABLE_FOR_EVERYONE,
    },
  });
}
