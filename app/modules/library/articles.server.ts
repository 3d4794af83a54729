import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import type { ArticlesTable } from "~/db/schema/careers-and-library";
import { allTimeViews } from "~/modules/analytics/analytics.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { readMinutes } from "./article-reading";
import type { LibraryStatus } from "./resource-types";

/*
 * Data access for the library's articles (insights). Writes go through article-commands.server.ts;
 * these functions take a `db` or a transaction. An article's views are the page views of its
 * public page, `/insights/<slug>`, shown only from the threshold staff set in Settings.
 */

export type ArticleRow = Selectable<ArticlesTable>;

export interface Article {
  slug: string;
  title: string;
  category: string;
  author: string;
  /** YYYY-MM-DD. */
  publishedOn: string;
  summary: string;
  /** Markdown. */
  body: string;
  status: LibraryStatus;
  createdAt: string;
  updatedAt: string;
}

/** An article as a list shows it (no body). */
export interface ArticleSummary {
  slug: string;
  title: string;
  category: string;
  author: string;
  publishedOn: string;
  summary: string;
  readMinutes: number;
  /** All-time views of its page; null below the public count threshold. */
  views: number | null;
}

export const articlePath = (slug: string) => `/insights/${slug}`;

function fromRow(row: ArticleRow): Article {
  return { ...row, status: row.status === "published" ? "published" : "draft" };
}

function summaryOf(article: Article, views: number | null): ArticleSummary {
  return {
    slug: article.slug,
    title: article.title,
    category: article.category,
    author: article.author,
    publishedOn: article.publishedOn,
    summary: article.summary,
    readMinutes: readMinutes(article.body),
    views,
  };
}

/** Views per article path, each null when below the public count threshold. */
export async function publicViewsOf(
  db: DB,
  slugs: readonly string[],
): Promise<Map<string, number | null>> {
  const [settings, views] = await Promise.all([
    getGeneralSettings(db),
    allTimeViews(db, slugs.map(articlePath)),
  ]);
  return new Map(
    slugs.map((slug) => {
      const count = views.get(articlePath(slug)) ?? 0;
      return [slug, count >= settings.publicCountThreshold ? count : null];
    }),
  );
}

/** Published articles, newest first (by date shown, then by when they were created). */
export async function listPublishedArticles(
  db: DB,
  options: { limit?: number } = {},
): Promise<ArticleSummary[]> {
  let query = db
    .selectFrom("articles")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("publishedOn", "desc")
    .orderBy("createdAt", "desc")
    .orderBy("slug");
  if (options.limit !== undefined) query = query.limit(options.limit);
  const articles = (await query.execute()).map(fromRow);
  const views = await publicViewsOf(
    db,
    articles.map((article) => article.slug),
  );
  return articles.map((article) => summaryOf(article, views.get(article.slug) ?? null));
}
