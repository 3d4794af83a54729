import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { mediaExists } from "~/modules/media/media-commands.server";
import { recordMovedAddress } from "~/modules/redirects/redirects.server";
import { deleteSeoSubject, moveSeoSubject } from "~/modules/seo/seo-store.server";
import { dropDraft, moveContentKey } from "~/modules/versions/versions.server";
import { type ArticleInput, articleSlugOf } from "./article.schema";
import {
  deleteArticleRow,
  freeArticleSlug,
  insertArticle,
  isArticleSlugTaken,
  setArticleStatus,
  updateArticleRow,
} from "./article-store.server";
import { type Article, getArticle } from "./articles.server";
import type { LibraryStatus } from "./resource-types";

/*
 * Staff's changes to articles. Only published articles reach public output (/insights, the
 * article's page, the Atom feed, the sitemap, the Resources page's Latest Insights), so a change
 * raises the content version when the article was or becomes published; work on drafts leaves
 * the page cache alone.
 */

/** A slug staff typed that another article already has. */
export const SLUG_TAKEN_MESSAGE = "Another article already uses this slug: choose another.";

export type ArticleSaveResult =
  | { ok: true; article: Article }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "slug-taken" };

const isPublished = (article: Pick<Article, "status"> | undefined) =>
  article?.status === "published";

/** The input without an image deleted while the form was open (the article shows none). */
async function withKnownImage(trx: DB, input: ArticleInput): Promise<ArticleInput> {
  if (!input.imageId || (await mediaExists(trx, input.imageId))) return input;
  return { ...input, imageId: "" };
}

/**
 * Adds a draft. A blank slug is made from the title and made unique (-2, -3...); a typed slug
 * that is taken is refused (`slug-taken`), never silently changed.
 */
export function createArticle(
  db: DB,
  actor: Actor,
  input: ArticleInput,
): Promise<ArticleSaveResult> {
  return runCommand<ArticleSaveResult>(db, actor, async (trx) => {
    let slug = articleSlugOf(input);
    if (input.slug) {
      if (await isArticleSlugTaken(trx, slug))
        return { result: { ok: false, reason: "slug-taken" } };
    } else {
      slug = await freeArticleSlug(trx, slug);
    }
    const article = await insertArticle(trx, slug, await withKnownImage(trx, input));
    return {
      result: { ok: true, article },
      audit: {
        action: "create",
        entityType: "article",
        entityId: slug,
        summary: `Added the article "${article.title}" (draft)`,
      },
    };
  });
}

/**
 * Saves an article's fields. The slug stays as it is unless staff typed a different one; a
 * blank slug field keeps the current slug (a new title never moves a published address).
 */
export function updateArticle(
  db: DB,
  actor: Actor,
  { slug, article: input }: { slug: string; article: ArticleInput },
): Promise<ArticleSaveResult> {
  return runCommand<ArticleSaveResult>(db, actor, async (trx) => {
    const before = await getArticle(trx, slug);
    if (!before) return { result: { ok: false, reason: "missing" } };
    const newSlug = input.slug || slug;
    if (newSlug !== slug && (await isArticleSlugTaken(trx, newSlug))) {
      return { result: { ok: false, reason: "slug-taken" } };
    }
    await updateArticleRow(trx, slug, newSlug, await withKnownImage(trx, input));
    // The old address keeps working: a permanent redirect to the new one (issue 29).
    if (newSlug !== slug) {
      await recordMovedAddress(trx, `/insights/${slug}`, `/insights/${newSlug}`);
      await moveSeoSubject(trx, "article", slug, newSlug);
      // Its draft, versions and schedules follow it (decision 0060).
      await moveContentKey(trx, "article", slug, newSlug);
    }
    const after = await getArticle(trx, newSlug);
    if (!after) return { result: { ok: false, reason: "missing" } };
    const moved = newSlug === slug ? "" : ` (slug ${slug} → ${newSlug})`;
    return {
      result: { ok: true, article: after },
      audit: {
        action: "update",
        entityType: "article",
        entityId: newSlug,
        summary: `Updated the article "${after.title}"${moved}`,
      },
      publicChange: isPublished(before),
    };
  });
}

function changeStatus(db: DB, actor: Actor, slug: string, status: LibraryStatus) {
  return runCommand(db, actor, async (trx) => {
    const article = await getArticle(trx, slug);
    if (!article) return { result: false };
    // Already so: nothing changes, nothing is recorded.
    if (article.status === status) return { result: true };
    await setArticleStatus(trx, slug, status);
    return {
      result: true,
      audit: {
        action: "status",
        entityType: "article",
        entityId: slug,
        summary: `${status === "published" ? "Published" : "Unpublished"} the article "${article.title}"`,
      },
      publicChange: true,
    };
  });
}

/** Publishes an article; false when it does not exist. */
export const publishArticle = (db: DB, actor: Actor, slug: string) =>
  changeStatus(db, actor, slug, "published");

/** Takes an article off the site (back to draft); false when it does not exist. */
export const unpublishArticle = (db: DB, actor: Actor, slug: string) =>
  changeStatus(db, actor, slug, "draft");

/** Deletes an article; false when it does not exist. */
export function deleteArticle(db: DB, actor: Actor, slug: string): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const article = await getArticle(trx, slug);
    if (!article || !(await deleteArticleRow(trx, slug))) return { result: false };
    await deleteSeoSubject(trx, "article", slug);
    await dropDraft(trx, "article", slug);
    return {
      result: true,
      audit: {
        action: "delete",
        entityType: "article",
        entityId: slug,
        summary: `Deleted the article "${article.title}"`,
      },
      publicChange: isPublished(article),
    };
  });
}
