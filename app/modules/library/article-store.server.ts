import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { type ArticleInput, RESERVED_SLUGS } from "./article.schema";
import { ARTICLE_DEFAULTS } from "./article-defaults";
import type { Article } from "./articles.server";
import type { LibraryStatus } from "./resource-types";

/*
 * The articles table's writes. Called only from the commands (article-commands.server.ts) and the
 * seed, inside their transaction.
 */

const fieldsOf = (input: ArticleInput) => ({
  title: input.title,
  category: input.category,
  author: input.author,
  publishedOn: input.publishedOn,
  summary: input.summary,
  body: input.body,
  imageId: input.imageId || null,
});

export async function isArticleSlugTaken(db: DB, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom("articles")
    .select("slug")
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row !== undefined;
}

/** `base` when free (and not reserved), else the first free `base-2`, `base-3`... */
export async function freeArticleSlug(db: DB, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom("articles")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  for (const reserved of RESERVED_SLUGS) taken.add(reserved);
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix++;
  return `${base}-${suffix}`;
}

export async function insertArticle(
  db: DB,
  slug: string,
  input: ArticleInput,
  status: LibraryStatus = "draft",
): Promise<Article> {
  const now = nowIso();
  const row = { slug, ...fieldsOf(input), status, createdAt: now, updatedAt: now };
  await db.insertInto("articles").values(row).execute();
  return row;
}

/** Replaces an article's fields and (when `input.slug` differs) its slug; false when missing. */
export async function updateArticleRow(
  db: DB,
  slug: string,
  newSlug: string,
  input: ArticleInput,
): Promise<boolean> {
  const result = await db
    .updateTable("articles")
    .set({ slug: newSlug, ...fieldsOf(input), updatedAt: nowIso() })
    .where("slug", "=", slug)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setArticleStatus(
  db: DB,
  slug: string,
  status: LibraryStatus,
): Promise<boolean> {
  const result = await db
    .updateTable("articles")
    .set({ status, updatedAt: nowIso() })
    .where("slug", "=", slug)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteArticleRow(db: DB, slug: string): Promise<boolean> {
  const result = await db.deleteFrom("articles").where("slug", "=", slug).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The seeded articles (article-defaults.ts), published, when the table is empty; true when it
 * inserted them. Two processes seeding at once insert each article once (conflicts ignored).
 */
export async function insertDefaultArticles(db: DB): Promise<boolean> {
  const any = await db.selectFrom("articles").select("slug").limit(1).executeTakeFirst();
  if (any) return false;
  const now = nowIso();
  await db
    .insertInto("articles")
    .values(
      ARTICLE_DEFAULTS.map((article) => ({
        ...article,
        status: "published",
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
  return true;
}
