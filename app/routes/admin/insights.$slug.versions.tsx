import { data, redirect } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { VersionHistory } from "~/components/admin/versions/version-compare";
import { staffActor } from "~/modules/commands/command.server";
import {
  ARTICLE_FIELD_LABELS,
  ARTICLE_KIND,
  restoreArticleVersion,
} from "~/modules/library/article-versions.server";
import { getArticle } from "~/modules/library/articles.server";
import { historyView, versionNumberOf } from "~/modules/versions/history";
import { listVersions } from "~/modules/versions/versions.server";
import { requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insights.$slug.versions";

/*
 * Issue 29 (decision 0060): an article's history. Staff compare two versions (a GET form: the
 * address names them) and restore one as the draft (history is never rewritten).
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `History: ${loaderData.title}` : "History");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const article = await getArticle(db, params.slug);
  if (!article) throw data(null, { status: 404 });
  const versions = await listVersions(db, ARTICLE_KIND, article.slug);
  return {
    slug: article.slug,
    title: article.title,
    ...historyView(versions, new URL(request.url).searchParams, () => ARTICLE_FIELD_LABELS),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  if (form.get("intent") !== "restore") {
    return data({ message: "Error: unknown request." }, { status: 400 });
  }
  const number = versionNumberOf(form.get("version"));
  if (
    number === undefined ||
    !(await restoreArticleVersion(db, staffActor(user), params.slug, number))
  ) {
    return data({ message: "Error: that version does not exist." }, { status: 400 });
  }
  throw redirect(`/admin/insights/${encodeURIComponent(params.slug)}?restored=${number}`);
}

export default function ArticleHistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, title, ...history } = loaderData;
  return (
    <VersionHistory
      title={title}
      backHref={`/admin/insights/${encodeURIComponent(slug)}`}
      backLabel="Back to the article"
      message={actionData?.message}
      {...history}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
