import type { Selectable } from "kysely";
import type { DB } from "~/db/client.server";
import { type Page, placePage } from "~/db/paging";
import type { ArticlesTable } from "~/db/schema/careers-and-library";
import { allTimeViews } from "~/modules/analytics/analytics.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { articlePath } from "./article-display";
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
  /** The article's picture in the media library (issue 14); null: none. */
  imageId?: string | null;
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
  imageId: string | null;
}

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
    imageId: article.imageId ?? null,
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

/** One article (any status); undefined when there is none with that slug. */
export async function getArticle(db: DB, slug: string): Promise<Article | undefined> {
  const row = await db
    .selectFrom("articles")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** A published article as its public page shows it; undefined for a draft or an unknown slug. */
export async function getPublishedArticle(
  db: DB,
  slug: string,
): Promise<(Article & { readMinutes: number; views: number | null }) | undefined> {
  const article = await getArticle(db, slug);
  if (article?.status !== "published") return undefined;
  const views = await publicViewsOf(db, [slug]);
  return { ...article, readMinutes: readMinutes(article.body), views: views.get(slug) ?? null };
}

/** An article in the admin's list: staff see every count, below the public threshold too. */
export interface AdminArticleItem {
  slug: string;
  title: string;
  category: string;
  publishedOn: string;
  status: LibraryStatus;
  updatedAt: string;
  views: number;
  /** A seeded sample not yet saved by staff (issue 24): the list shows a "Sample" badge. */
  sample: boolean;
}

export const ADMIN_ARTICLES_PAGE_SIZE = 25;

/** The admin's list, newest date first, narrowed to one status when asked. */
export async function listArticlesForAdmin(
  db: DB,
  options: { status?: LibraryStatus; page?: number } = {},
): Promise<Page<AdminArticleItem>> {
  let filtered = db.selectFrom("articles");
  if (options.status) filtered = filtered.where("status", "=", options.status);
  const { count } = await filtered
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageSize = ADMIN_ARTICLES_PAGE_SIZE;
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const rows = await filtered
    .select(["slug", "title", "category", "publishedOn", "status", "updatedAt", "sample"])
    .orderBy("publishedOn", "desc")
    .orderBy("createdAt", "desc")
    .orderBy("slug")
    .limit(pageSize)
    .offset(offset)
    .execute();
  const views = await allTimeViews(
    db,
    rows.map((row) => articlePath(row.slug)),
  );
  const items = rows.map((row) => ({
    ...row,
    status: (row.status === "published" ? "published" : "draft") as LibraryStatus,
    views: views.get(articlePath(row.slug)) ?? 0,
    sample: Boolean(row.sample),
  }));
  return { items, total, page, pageSize, pageCount };
}

/** The newest published articles with their bodies, for the Atom feed. */
export async function listPublishedArticlesForFeed(db: DB, limit: number): Promise<Article[]> {
  const rows = await db
    .selectFrom("articles")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("publishedOn", "desc")
    .orderBy("createdAt", "desc")
    .orderBy("slug")
    .limit(limit)
    .execute();
  return rows.map(fromRow);
}

/** Every published article's slug and last change, for the sitemap. */
export function listPublishedArticleDates(db: DB): Promise<{ slug: string; updatedAt: string }[]> {
  return db
    .selectFrom("articles")
    .select(["slug", "updatedAt"])
    .where("status", "=", "published")
    .orderBy("publishedOn", "desc")
    .orderBy("slug")
    .execute();
}

/** The categories articles already have, for the form's suggestions. */
export async function listArticleCategories(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("articles")
    .select("category")
    .distinct()
    .orderBy("category")
    .execute();
  return rows.map((row) => row.category);
}
