import { Feed } from "feed";
import type { DB } from "~/db/client.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { articlePath, FEED_PATH } from "./article-display";
import { renderArticleMarkdown } from "./article-markdown.server";
import { type Article, listPublishedArticlesForFeed } from "./articles.server";

/*
 * The Atom feed of the published articles (/insights/feed.xml), written by the `feed` package:
 * absolute links from the site's base URL, each entry with its summary and its sanitised body,
 * and the feed's `updated` the latest change of any article in it.
 */

/** How many of the newest articles the feed carries. */
export const FEED_ARTICLE_COUNT = 20;

/** Midnight UTC of a YYYY-MM-DD date. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

export function articleFeedXml({
  articles,
  baseUrl,
  siteName,
}: {
  articles: readonly Article[];
  baseUrl: string;
  siteName: string;
}): string {
  // ISO times in one format sort as text.
  const latest = articles
    .map((article) => article.updatedAt)
    .sort()
    .at(-1);
  const feed = new Feed({
    id: `${baseUrl}/insights`,
    link: `${baseUrl}/insights`,
    title: `Insights | ${siteName}`,
    description: `Articles on total rewards from ${siteName}.`,
    language: "en-IN",
    updated: latest ? new Date(latest) : dayStart("2026-01-01"),
    feedLinks: { atom: `${baseUrl}${FEED_PATH}` },
    author: { name: siteName, link: `${baseUrl}/` },
    copyright: `© ${siteName}`,
    generator: false,
  });
  for (const article of articles) {
    const url = `${baseUrl}${articlePath(article.slug)}`;
    feed.addItem({
      id: url,
      link: url,
      title: article.title,
      description: article.summary,
      content: renderArticleMarkdown(article.body),
      date: new Date(article.updatedAt),
      published: dayStart(article.publishedOn),
      author: [{ name: article.author }],
      category: [{ name: article.category }],
    });
  }
  return feed.atom1();
}

/** The feed as served: the newest published articles with the site's name. */
export async function buildArticleFeed(db: DB, baseUrl: string): Promise<string> {
  const [articles, settings] = await Promise.all([
    listPublishedArticlesForFeed(db, FEED_ARTICLE_COUNT),
    getGeneralSettings(db),
  ]);
  return articleFeedXml({ articles, baseUrl, siteName: settings.siteName });
}
