import { Form, Link, useNavigation } from "react-router";
import {
  buttonClasses,
  FormError,
  fieldsFor,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { MediaPicker } from "~/components/admin/media-picker";
import { Panel } from "~/components/admin/page";
import { articleInputSchema } from "~/modules/library/article.schema";
import { ARTICLE_BODY_CLASSES } from "~/modules/library/article-display";
import type { MediaChoice } from "~/modules/media/media-choice";

/*
 * The article form (new and edit pages) and its preview. "Preview" is a submit button, so it
 * works without JavaScript: the page comes back with the typed values and the body rendered by
 * the server, sanitised as the public page would show it.
 */

export type ArticleValues = Record<
  "title" | "slug" | "category" | "author" | "publishedOn" | "summary" | "body" | "imageId",
  string
>;

/** What the form's action answers: typed values, errors, a message, the preview. */
export interface ArticleFormState {
  message?: string;
  values?: ArticleValues;
  errors?: Record<string, string>;
  preview?: string;
}

export function ArticleForm({
  action,
  values,
  state,
  categories,
  published,
  mediaChoices,
}: {
  action: string;
  /** The stored (or starting) values, when nothing was posted. */
  values: ArticleValues;
  state?: ArticleFormState;
  categories: readonly string[];
  /** Editing a published article: its slug is its public address. */
  published?: boolean;
  /** The media library's images for the article's picture (issue 14). */
  mediaChoices: readonly MediaChoice[];
}) {
  const navigation = useNavigation();
  const busyWith =
    navigation.state === "submitting" && navigation.formAction === action
      ? navigation.formData?.get("intent")
      : null;
  const shown = state?.values ?? values;
  const errors = state?.errors ?? {};
  const field = fieldsFor(articleInputSchema, { values: shown, errors });
  const isNew = action.endsWith("/new");
  return (
    <>
      <Panel className="mb-6">
        <Form
          method="post"
          action={action}
          className="space-y-4"
          noValidate
          // After a post, show what came back (typed values), not the stored ones.
          key={JSON.stringify(state?.values ?? null)}
        >
          {Object.keys(errors).length > 0 ? (
            <FormError message="Some fields need attention: see the messages below." />
          ) : null}
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="Title" {...field("title")} className="md:col-span-2" />
            <TextField
              label="Slug"
              {...field("slug")}
              hint={
                isNew
                  ? "The article's address: /insights/<slug>. Leave blank to make it from the title."
                  : published
                    ? "The article's public address: changing it breaks links people already have. A new title keeps it."
                    : "The article's address once published: /insights/<slug>. A new title keeps it."
              }
            />
            <TextField label="Category" {...field("category")} list="article-categories" />
            <datalist id="article-categories">
              {categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
            <TextField label="Author" {...field("author")} hint="A name or a role." />
            <TextField label="Date" type="date" {...field("publishedOn")} />
          </div>
          <TextAreaField
            label="Summary"
            {...field("summary")}
            rows={3}
            hint="Shown on the lists of articles, in the feed and to search engines."
          />
          <MediaPicker
            name="imageId"
            label="Image"
            choices={mediaChoices}
            defaultValue={String(shown.imageId ?? "")}
            error={errors.imageId}
            hint="Shown at the top of the article and on its card on Insights."
          />
          <TextAreaField
            label="Body"
            {...field("body")}
            rows={18}
            className="font-mono"
            hint="Markdown: blank line between paragraphs, ## Heading, - list item, 1. numbered item, **bold**, *italic*, [link text](https://…), > quote, `code`. HTML is shown as text."
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="save"
              className={buttonClasses.primary}
              disabled={busyWith === "save"}
            >
              {busyWith === "save"
                ? "Saving..."
                : isNew || published
                  ? "Save draft"
                  : "Save changes"}
            </button>
            <button
              type="submit"
              name="intent"
              value="preview"
              className={buttonClasses.secondary}
              disabled={busyWith === "preview"}
            >
              Preview
            </button>
            <Link to="/admin/insights" className={buttonClasses.secondary}>
              Cancel
            </Link>
          </div>
        </Form>
      </Panel>
      {state?.preview !== undefined ? <ArticlePreview html={state.preview} /> : null}
    </>
  );
}

/** The body as the public page will show it (not saved until "Save"). */
export function ArticlePreview({ html }: { html: string }) {
  return (
    <Panel title="Preview" className="mb-6">
      <p className="mb-4 text-sm text-slate-700">
        The body as the article's page shows it. Nothing is saved until you save.
      </p>
      <div
        className={`text-base leading-7 text-slate-800 ${ARTICLE_BODY_CLASSES}`}
        // Rendered and sanitised on the server (article-markdown.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with an allow-list
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Panel>
  );
}
