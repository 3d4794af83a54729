import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import {
  ArticleForm,
  type ArticleFormState,
  type ArticleValues,
} from "~/components/admin/library/articles-form";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { indiaDateKey } from "~/lib/india-format";
import { staffActor } from "~/modules/commands/command.server";
import { listArticleCategories } from "~/modules/library/articles.server";
import { listMediaChoices } from "~/modules/media/media.server";
import { requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insights.new";
import { previewArticle, saveArticleForm } from "./insights-post.server";

export const meta: Route.MetaFunction = () => adminMeta("New article");

/** Today in India, as the date field wants it (YYYY-MM-DD). */
const todayInIndia = () => indiaDateKey();

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const [categories, mediaChoices] = await Promise.all([
    listArticleCategories(db),
    listMediaChoices(db),
  ]);
  const values: ArticleValues = {
    title: "",
    slug: "",
    category: "",
    author: "",
    publishedOn: todayInIndia(),
    summary: "",
    body: "",
    imageId: "",
  };
  return { categories, values, mediaChoices };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const form = await requireForm(request);
  const intent = form.get("intent");
  if (intent === "preview") return previewArticle(form);
  if (intent !== "save") {
    return data({ message: "Error: unknown request." } satisfies ArticleFormState, { status: 400 });
  }
  const saved = await saveArticleForm(runtimeFrom(context).db, staffActor(user), form);
  if (!saved.ok) return saved.response;
  return redirect(`/admin/insights/${encodeURIComponent(saved.slug)}?created=1`);
}

export default function NewArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData as ArticleFormState | undefined;
  return (
    <>
      <PageHeader
        title="New article"
        description="It starts as a draft: preview it, save it, then publish it from its page."
        actions={
          <Link to="/admin/insights" className={buttonClasses.secondary}>
            Back to insights
          </Link>
        }
      />
      <ActionMessage message={state?.message} trigger={state} />
      <ArticleForm
        action="/admin/insights/new"
        values={loaderData.values}
        mediaChoices={loaderData.mediaChoices}
        state={state}
        categories={loaderData.categories}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
