import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import { CompareForm, VersionDiff, VersionList } from "~/components/admin/versions/version-compare";
import { staffActor } from "~/modules/commands/command.server";
import {
  ARTICLE_FIELD_LABELS,
  ARTICLE_KIND,
  restoreArticleVersion,
} from "~/modules/library/article-versions.server";
import { getArticle } from "~/modules/library/articles.server";
import { diffFields } from "~/modules/versions/diff";
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

const numberParam = (value: string | null) =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : undefined;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const article = await getArticle(db, params.slug);
  if (!article) throw data(null, { status: 404 });
  const versions = await listVersions(db, ARTICLE_KIND, article.slug);
  const url = new URL(request.url);
  // By default the newest version against the one before it.
  const from = numberParam(url.searchParams.get("from")) ?? versions[1]?.number;
  const to = numberParam(url.searchParams.get("to")) ?? versions[0]?.number;
  const a = versions.find((version) => version.number === from);
  const b = versions.find((version) => version.number === to);
  return {
    slug: article.slug,
    title: article.title,
    versions: versions.map(({ fields: _fields, ...row }) => row),
    from,
    to,
    diff: a && b ? diffFields(a.fields, b.fields, ARTICLE_FIELD_LABELS) : undefined,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  if (form.get("intent") !== "restore") {
    return data({ message: "Error: unknown request." }, { status: 400 });
  }
  const number = numberParam(String(form.get("version") ?? ""));
  if (
    number === undefined ||
    !(await restoreArticleVersion(db, staffActor(user), params.slug, number))
  ) {
    return data({ message: "Error: that version does not exist." }, { status: 400 });
  }
  throw redirect(`/admin/insights/${encodeURIComponent(params.slug)}?restored=${number}`);
}

export default function ArticleHistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, title, versions, from, to, diff } = loaderData;
  return (
    <>
      <PageHeader
        title={`History: ${title}`}
        description="Every publish keeps a version. Restoring one makes it the draft; publish it to make it live."
        actions={
          <Link
            to={`/admin/insights/${encodeURIComponent(slug)}`}
            className={buttonClasses.secondary}
          >
            Back to the article
          </Link>
        }
      />
      {actionData?.message ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {actionData.message}
        </p>
      ) : null}
      {versions.length > 1 ? (
        <div className="mb-6">
          <CompareForm versions={versions} from={from} to={to} />
        </div>
      ) : null}
      {diff && from !== undefined && to !== undefined ? (
        <VersionDiff diff={diff} from={from} to={to} />
      ) : null}
      <VersionList versions={versions} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
