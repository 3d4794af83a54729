import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { ArticleForm, type ArticleFormState } from "~/components/admin/library/articles-form";
import {
  ArticlePublishing,
  DELETE_ARTICLE_CONFIRMATION,
  UNPUBLISH_ARTICLE_CONFIRMATION,
} from "~/components/admin/library/articles-publishing";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import { DraftPanel } from "~/components/admin/versions/draft-panel";
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { allTimeViews } from "~/modules/analytics/analytics.server";
import { staffActor } from "~/modules/commands/command.server";
import { deleteArticle, unpublishArticle } from "~/modules/library/article-commands.server";
import { articlePath } from "~/modules/library/article-display";
import { getArticle, listArticleCategories } from "~/modules/library/articles.server";
import { listMediaChoices } from "~/modules/media/media.server";
import { requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insights.$slug";
import { previewArticle, saveArticleForm } from "./insights-post.server";
import {
  articleVersionsAction,
  loadArticleVersioning,
  type VersionsActionResult,
} from "./insights-versions.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit: ${loaderData.article.title}` : "Article");

const NOTICES: Record<string, string> = {
  created: "Article saved as a draft. Publish it when it is ready.",
  moved: "Article saved with its new slug.",
  restored: "Version restored as the draft: check it, then publish the draft to make it live.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const article = await getArticle(db, params.slug);
  if (!article) throw data(null, { status: 404 });
  const [views, categories, mediaChoices, versioning] = await Promise.all([
    allTimeViews(db, [articlePath(article.slug)]),
    listArticleCategories(db),
    listMediaChoices(db),
    loadArticleVersioning(db, article.slug),
  ]);
  const url = new URL(request.url);
  const notice = Object.keys(NOTICES).find((key) => url.searchParams.has(key));
  return {
    article,
    mediaChoices,
    views: views.get(articlePath(article.slug)) ?? 0,
    categories,
    notice: notice ? NOTICES[notice] : undefined,
    // Issue 29: the form shows the draft, when there is one (decision 0060).
    editing: versioning.editing?.article ?? article,
    draft: versioning.editing?.draft,
    versionCount: versioning.versionCount,
    schedules: versioning.schedules,
  };
}

type ActionResult = ArticleFormState & {
  confirmation?: ConfirmationRequest;
  scheduleState?: VersionsActionResult["scheduleState"];
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const actor = staffActor(user);
  const form = await requireForm(request);
  const intent = form.get("intent");

  if (intent === "preview") return previewArticle(form);
  if (intent === "save") {
    const saved = await saveArticleForm(db, actor, form, params.slug);
    if (!saved.ok) return saved.response;
    if (saved.slug !== params.slug) {
      return redirect(`/admin/insights/${encodeURIComponent(saved.slug)}?moved=1`);
    }
    const live = (await getArticle(db, saved.slug))?.status === "published";
    return {
      message: live
        ? "Draft saved: the live page is unchanged until you publish the draft."
        : "Article saved.",
    } satisfies ActionResult;
  }
  const current = await getArticle(db, params.slug);
  if (!current) throw data(null, { status: 404 });
  const versioned = await articleVersionsAction(db, actor, form, params.slug, current.title);
  if (versioned) return versioned;
  if (intent === "unpublish") {
    if (!isConfirmed(form)) {
      return { confirmation: confirmationRequest(form, UNPUBLISH_ARTICLE_CONFIRMATION) };
    }
    if (!(await unpublishArticle(db, actor, params.slug))) throw data(null, { status: 404 });
    return { message: "Article unpublished: it is a draft again." };
  }
  if (intent === "delete") {
    if (!isConfirmed(form)) {
      return { confirmation: confirmationRequest(form, DELETE_ARTICLE_CONFIRMATION) };
    }
    const article = await getArticle(db, params.slug);
    if (!article || !(await deleteArticle(db, actor, params.slug))) {
      throw data(null, { status: 404 });
    }
    throw redirect(`/admin/insights?deleted=${encodeURIComponent(article.title)}`);
  }
  return data({ message: "Error: unknown request." } satisfies ActionResult, { status: 400 });
}

export default function EditArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, editing, views, categories, notice } = loaderData;
  const result = actionData as ActionResult | undefined;
  const here = `/admin/insights/${encodeURIComponent(article.slug)}`;
  return (
    <>
      <PageHeader
        title={article.title}
        description={`/insights/${article.slug}`}
        actions={
          <>
            <Link
              to={`/admin/seo/article/${encodeURIComponent(article.slug)}`}
              className={buttonClasses.secondary}
            >
              Search and social
            </Link>
            <Link to="/admin/insights" className={buttonClasses.secondary}>
              Back to insights
            </Link>
          </>
        }
      />
      <ActionMessage message={result?.message ?? notice} trigger={result ?? notice} />
      <ConfirmationPanel request={result?.confirmation} cancelHref={here} />
      <div className="grid gap-6 xl:grid-cols-[1fr_20rem] xl:items-start">
        <div className="min-w-0">
          <ArticleForm
            action={here}
            values={{
              title: editing.title,
              slug: editing.slug,
              category: editing.category,
              author: editing.author,
              publishedOn: editing.publishedOn,
              summary: editing.summary,
              body: editing.body,
              imageId: editing.imageId ?? "",
            }}
            mediaChoices={loaderData.mediaChoices}
            state={result?.confirmation || result?.scheduleState ? undefined : result}
            categories={categories}
            published={article.status === "published"}
          />
        </div>
        <div>
          <ArticlePublishing article={article} views={views} />
          <DraftPanel
            here={here}
            published={article.status === "published"}
            draft={loaderData.draft}
            versionCount={loaderData.versionCount}
            schedules={loaderData.schedules}
            scheduleState={result?.scheduleState}
          />
        </div>
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
