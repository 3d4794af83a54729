import { data } from "react-router";
import type { ArticleFormState, ArticleValues } from "~/components/admin/library/articles-form";
import type { DB } from "~/db/client.server";
import type { Actor } from "~/modules/commands/command.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import {
  type ArticleSaveResult,
  createArticle,
  SLUG_TAKEN_MESSAGE,
} from "~/modules/library/article-commands.server";
import { renderArticleMarkdown } from "~/modules/library/article-markdown.server";
import { saveArticleDraft } from "~/modules/library/article-versions.server";
import { parseForm } from "~/web/parse-form";

/*
 * The article form's posts, shared by the new and edit pages: "Preview" (the typed values back
 * with the body rendered and sanitised, nothing saved) and "Save" (checked with the one schema;
 * refused posts answer 400 with what was typed and a message per field).
 */

const FIX_FIELDS = "Error saving the article: please correct the fields marked below.";

/** The preview of what was typed (the body's size is capped as the schema caps it). */
export function previewArticle(form: FormData): ArticleFormState {
  const parsed = parseForm(articleInputSchema, form);
  const values = parsed.values as ArticleValues;
  return { values, preview: renderArticleMarkdown(String(values.body ?? "").slice(0, 60_000)) };
}

export type SaveAnswer =
  | { ok: true; slug: string; title: string }
  | { ok: false; response: ReturnType<typeof data<ArticleFormState>> };

/** Checks and saves the form: a new draft (no `slug`), or the article `slug`. */
export async function saveArticleForm(
  db: DB,
  actor: Actor,
  form: FormData,
  slug?: string,
): Promise<SaveAnswer> {
  const parsed = parseForm(articleInputSchema, form);
  const values = parsed.values as ArticleValues;
  if (!parsed.success) {
    return {
      ok: false,
      response: data({ message: FIX_FIELDS, values, errors: parsed.errors }, { status: 400 }),
    };
  }
  const result: ArticleSaveResult =
    slug === undefined
      ? await createArticle(db, actor, parsed.data)
      : // A published article's edits wait as its draft (decision 0060).
        await saveArticleDraft(db, actor, { slug, article: parsed.data });
  if (result.ok) return { ok: true, slug: result.article.slug, title: result.article.title };
  if (result.reason === "missing") throw data(null, { status: 404 });
  return {
    ok: false,
    response: data(
      { message: FIX_FIELDS, values, errors: { slug: SLUG_TAKEN_MESSAGE } },
      { status: 400 },
    ),
  };
}
