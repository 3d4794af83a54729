import type { DB } from "~/db/client.server";
import { ARTICLE_DEFAULTS } from "./article-defaults";
import { DEFAULT_RESOURCES } from "./resource-defaults";

/*
 * Seeded samples (issue 24): the articles and resources a fresh install writes are marked as
 * samples, so the admin lists badge them and the launch checklist stays open while one is
 * published. Saving one in the admin clears the mark (article-store, resource-commands):
 * staff have then reviewed it and it is theirs.
 */

/** Marks the seeded articles and resources as samples; pass the seed's transaction. */
export async function markSeededSamples(
  trx: DB,
  seeded: { articles: boolean; resources: boolean },
): Promise<void> {
  if (seeded.articles) {
    await trx
      .updateTable("articles")
      .set({ sample: true })
      .where(
        "slug",
        "in",
        ARTICLE_DEFAULTS.map((article) => article.slug),
      )
      .execute();
  }
  if (seeded.resources) {
    await trx
      .updateTable("resources")
      .set({ sample: true })
      .where(
        "slug",
        "in",
        DEFAULT_RESOURCES.map((resource) => resource.slug),
      )
      .execute();
  }
}

export interface PublishedSamples {
  articles: Array<{ slug: string; title: string }>;
  resources: Array<{ slug: string; title: string }>;
}

/** The samples visitors can still read: published articles and resources still marked. */
export async function publishedSamples(db: DB): Promise<PublishedSamples> {
  const [articles, resources] = await Promise.all([
    db
      .selectFrom("articles")
      .select(["slug", "title"])
      .where("sample", "=", true)
      .where("status", "=", "published")
      .orderBy("title")
      .execute(),
    db
      .selectFrom("resources")
      .select(["slug", "title"])
      .where("sample", "=", true)
      .where("status", "=", "published")
      .orderBy("title")
      .execute(),
  ]);
  return { articles, resources };
}
