import { STORABLE_FOR_EVERYONE } from "~/lib/page-cache";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/robots";

/** /robots.txt: everything public may be crawled; the admin area and the API may not. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${runtimeFrom(context).config.baseUrl}/sitemap.xml`,
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
