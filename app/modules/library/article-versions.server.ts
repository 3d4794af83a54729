import type { DB } from "~/db/client.server";
import { type Actor, runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import type { ScheduleHandler } from "~/modules/versions/schedules.server";
import {
  type ContentFields,
  dropDraft,
  getDraft,
  getVersion,
  putDraft,
  recordVersion,
} from "~/modules/versions/versions.server";
import { type ArticleInput, articleInputSchema } from "./article.schema";
import {
  type ArticleSaveResult,
  publishArticle,
  unpublishArticle,
  updateArticle,
} from "./article-commands.server";
import { isArticleSlugTaken } from "./article-store.server";
import { type Article, getArticle } from "./articles.server";

/*
 * Drafts, versions and scheduled publishing of articles (issue 29, decision 0060), on the
 * generic mechanism of modules/versions. A published article's edits are kept as a draft until
 * staff publish it, so the live page changes only with "Publish"; every publish keeps a version.
 * An article that is not published has no live page, so its edits go straight to its row.
 */

export const ARTICLE_KIND = "article" as const;

/** The fields a version keeps, labelled as the form labels them, in the form's order. */
export const ARTICLE_FIELD_LABELS: Record<keyof ArticleInput, string> = {
  title: "Title",
  slug: "Slug",
  category: "Category",
  author: "Author",
  publishedOn: "Date",
  summary: "Summary",
  body: "Body",
  imageId: "Image",
};

/** An article's content as a version stores it. */
export function articleFields(article: Article): ContentFields {
  return {
    title: article.title,
    slug: article.slug,
    category: article.category,
    author: article.author,
    publishedOn: article.publishedOn,
    summary: article.summary,
    body: article.body,
    imageId: article.imageId ?? "",
  };
}

/** Stored fields back as the commands take them (undefined: they no longer pass the schema). */
export function articleInputOf(fields: ContentFields): ArticleInput | undefined {
  const parsed = articleInputSchema.safeParse(fields);
  return parsed.success ? parsed.data : undefined;
}

/** The article as staff are editing it: its draft over its row. */
export async function getArticleDraft(
  db: DB,
  slug: string,
): Promise<{ article: Article; draft?: { savedAt: string; savedByName: string } } | undefined> {
  const article = await getArticle(db, slug);
  if (!article) return undefined;
  const draft = await getDraft(db, ARTICLE_KIND, slug);
  const input = draft && articleInputOf(draft.fields);
  if (!draft || !input) return { article };
  return {
    article: { ...article, ...input, slug: input.slug || slug, imageId: input.imageId || null },
    draft: { savedAt: draft.savedAt, savedByName: draft.savedByName },
  };
}

/**
 * Saves the form. A published article: the fields become its draft (the live page stays as it
 * is; no content-version bump). Otherwise: its row, as before (nothing of it is public).
 */
export function saveArticleDraft(
  db: DB,
  actor: Actor,
  { slug, article: input }: { slug: string; article: ArticleInput },
): Promise<ArticleSaveResult> {
  return runCommand<ArticleSaveResult>(db, actor, async (trx) => {
    const current = await getArticle(trx, slug);
    if (!current) return { result: { ok: false, reason: "missing" } };
    if (current.status !== "published") {
      return { result: await updateArticle(trx, actor, { slug, article: input }) };
    }
    const newSlug = input.slug || slug;
    if (newSlug !== slug && (await isArticleSlugTaken(trx, newSlug))) {
      return { result: { ok: false, reason: "slug-taken" } };
    }
    await putDraft(trx, actor, ARTICLE_KIND, slug, { ...input, slug: newSlug });
    return {
      result: { ok: true, article: current },
      audit: {
        action: "draft",
        entityType: "article",
        entityId: slug,
        summary: `Saved a draft of the article "${input.title}"`,
      },
    };
  });
}

/**
 * Publishes the article with `input` (the form as posted), else its draft, else as it is; keeps
 * a version of what went live and drops the draft. All in one transaction.
 */
export function publishArticleVersion(
  db: DB,
  actor: Actor,
  slug: string,
  input?: ArticleInput,
  note = "Published",
): Promise<ArticleSaveResult> {
  return runCommand<ArticleSaveResult>(db, actor, async (trx) => {
    if (!(await getArticle(trx, slug))) return { result: { ok: false, reason: "missing" } };
    const draft = await getDraft(trx, ARTICLE_KIND, slug);
    const fields = input ?? (draft && articleInputOf(draft.fields));
    let live = slug;
    if (fields) {
      const saved = await updateArticle(trx, actor, { slug, article: fields });
      if (!saved.ok) return { result: saved };
      live = saved.article.slug;
    }
    await dropDraft(trx, ARTICLE_KIND, live);
    await publishArticle(trx, actor, live);
    const article = await getArticle(trx, live);
    if (!article) return { result: { ok: false, reason: "missing" } };
    const number = await recordVersion(
      trx,
      actor,
      ARTICLE_KIND,
      live,
      articleFields(article),
      note,
    );
    return {
      result: { ok: true, article },
      audit: {
        action: "version",
        entityType: "article",
        entityId: live,
        summary: `Kept version ${number} of the article "${article.title}"`,
      },
      // The commands above raised the content version when the live page changed (once).
    };
  });
}

/**
 * Makes version `number` the article's draft again (history is never rewritten: publishing it
 * keeps a new version). The slug stays the current one: a restore never moves the address.
 */
export function restoreArticleVersion(
  db: DB,
  actor: Actor,
  slug: string,
  number: number,
): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    const article = await getArticle(trx, slug);
    const version = await getVersion(trx, ARTICLE_KIND, slug, number);
    if (!article || !version) return { result: false };
    const fields = { ...version.fields, slug };
    if (article.status === "published") {
      await putDraft(trx, actor, ARTICLE_KIND, slug, fields);
    } else {
      const input = articleInputOf(fields);
      if (!input) return { result: false };
      await updateArticle(trx, actor, { slug, article: input });
    }
    return {
      result: true,
      audit: {
        action: "restore",
        entityType: "article",
        entityId: slug,
        summary: `Restored version ${number} of the article "${version.fields.title ?? article.title}" as a draft`,
      },
    };
  });
}

/** Drops the draft of a published article; false when it had none. */
export function discardArticleDraft(db: DB, actor: Actor, slug: string): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    if (!(await dropDraft(trx, ARTICLE_KIND, slug))) return { result: false };
    return {
      result: true,
      audit: {
        action: "draft",
        entityType: "article",
        entityId: slug,
        summary: "Discarded the draft of the article",
      },
    };
  });
}

/** The schedule job's way with articles: publish (the draft, keeping a version) or unpublish. */
export const articleScheduleHandler: ScheduleHandler = async (trx, slug, action) => {
  const article = await getArticle(trx, slug);
  if (!article) return undefined;
  if (action === "publish") {
    const published = await publishArticleVersion(
      trx,
      SYSTEM_ACTOR,
      slug,
      undefined,
      "Published (scheduled)",
    );
    return published.ok ? { title: published.article.title } : undefined;
  }
  await unpublishArticle(trx, SYSTEM_ACTOR, slug);
  return { title: article.title };
};
