import { STORABLE_FOR_EVERYONE } from "~/lib/page-cache";
import { buildArticleFeed } from "~/modules/library/article-feed.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insights-feed";

/** /insights/feed.xml: the published articles as an Atom feed, absolute links from BASE_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = runtimeFrom(context);
  const xml = await buildArticleFeed(db, config.baseUrl);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      // Feed readers poll; a publication reaches them within minutes.
      "Cache-Control": "public, max-age=300",
      // The same for every visitor: the page cache may store it (an article change raises the
      // content version, so a stored copy is replaced on the next request).
      ...STORABLE_FOR_EVERYONE,
    },
  });
}
