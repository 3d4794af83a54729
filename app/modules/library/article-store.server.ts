import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { type ArticleInput, RESERVED_SLUGS } from "./article.schema";
import { articleDefaultsFor } from "./article-defaults";
import type { Article } from "./articles.server";
import type { LibraryStatus } from "./resource-types";

/*
 * The articles table's writes. Called only from the commands (article-commands.server.ts) and the
 * seed, inside their transaction.
 *
 * `updatedAt` is when the article last changed as a reader sees it: it feeds the Article data's
 * dateModified, the Atom feed's <updated> and the sitemap's <lastmod>. So it moves only with a
 * real change (a save that changes a field, publishing, unpublishing), never with a save of the
 * same text, and the seed gives its articles their publication day, not the moment of seeding.
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

/**
 * Replaces an article's fields and (when `input.slug` differs) its slug; false when missing.
 * The change time moves only when something changed (a save of the same text keeps it).
 */
export async function updateArticleRow(
  db: DB,
  slug: string,
  newSlug: string,
  input: ArticleInput,
): Promise<boolean> {
  const current = await db
    .selectFrom("articles")
    .select(["title", "category", "author", "publishedOn", "summary", "body", "imageId"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!current) return false;
  const fields = fieldsOf(input);
  const changed =
    newSlug !== slug ||
    (Object.keys(fields) as (keyof typeof fields)[]).some(
      (key) => (fields[key] ?? null) !== (current[key] ?? null),
    );
  const result = await db
    .updateTable("articles")
    // Saved by staff: no longer a seeded sample (issue 24), whatever changed.
    .set({ slug: newSlug, ...fields, sample: false, ...(changed ? { updatedAt: nowIso() } : {}) })
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
 * Each is signed with the founding partner's name in Settings (seeded before, in the same
 * transaction) and has not changed since its publication day (midnight UTC, as the feed dates
 * publication).
 */
export async function insertDefaultArticles(db: DB): Promise<boolean> {
  const any = await db.selectFrom("articles").select("slug").limit(1).executeTakeFirst();
  if (any) return false;
  const now = nowIso();
  const articles = articleDefaultsFor(await getGeneralSettings(db));
  await db
    .insertInto("articles")
    .values(
      articles.map((article) => ({
        ...article,
        status: "published",
        createdAt: now,
        updatedAt: `${article.publishedOn}T00:00:00.000Z`,
      })),
    )
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
  return true;
}
