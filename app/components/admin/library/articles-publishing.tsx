import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { formatIndiaDate as formatDate } from "~/lib/india-format";
import { articlePath, viewsText } from "~/modules/library/article-display";
import type { LibraryStatus } from "~/modules/library/resource-types";
import { ArticleStatusBadge } from "./articles-list";

/* The edit page's side panel: status, views, publish or unpublish, view on site, delete. */

export const DELETE_ARTICLE_CONFIRMATION = {
  title: "Delete article",
  description: "Are you sure you want to delete this article? This action cannot be undone.",
  confirmLabel: "Delete",
};

export const UNPUBLISH_ARTICLE_CONFIRMATION = {
  title: "Unpublish article",
  description:
    "The article leaves the site, the feed and the sitemap: its address will answer Page Not Found until you publish it again.",
  confirmLabel: "Unpublish",
};

export function ArticlePublishing({
  article,
  views,
}: {
  article: { slug: string; title: string; status: LibraryStatus; updatedAt: string };
  views: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const published = article.status === "published";
  return (
    <Panel title="Publishing" className="mb-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-700">Status</dt>
        <dd>
          <ArticleStatusBadge status={article.status} />
        </dd>
        <dt className="text-slate-700">Views</dt>
        <dd className="text-slate-900">{viewsText(views)}</dd>
        <dt className="text-slate-700">Last saved</dt>
        <dd className="text-slate-900">
          <time dateTime={article.updatedAt}>{formatDate(article.updatedAt)}</time>
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post">
          {published ? (
            <ConfirmSubmit
              name="intent"
              value="unpublish"
              className={buttonClasses.secondary}
              tone="default"
              disabled={busy}
              {...UNPUBLISH_ARTICLE_CONFIRMATION}
            >
              Unpublish
            </ConfirmSubmit>
          ) : (
            <button
              type="submit"
              name="intent"
              value="publish"
              className={buttonClasses.primary}
              disabled={busy}
            >
              Publish
            </button>
          )}
        </Form>
        {published ? (
          <a
            href={articlePath(article.slug)}
            className={buttonClasses.secondary}
            target="_blank"
            rel="noopener"
          >
            View on site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <Form method="post">
          <ConfirmSubmit
            name="intent"
            value="delete"
            className={buttonClasses.dangerOutline}
            disabled={busy}
            {...DELETE_ARTICLE_CONFIRMATION}
          >
            Delete
          </ConfirmSubmit>
        </Form>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        Publishing uses the saved version: save your changes first.
      </p>
    </Panel>
  );
}
