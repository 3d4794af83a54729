import { ARTICLE_COLUMNS, ArticleCard } from "~/components/admin/library/articles-list";
import { deletedMessage, LibraryListPage } from "~/components/admin/library/library-list-page";
import { STATUS_FILTER_OPTIONS } from "~/components/admin/library/resource-list";
import { ChoiceFilter } from "~/components/admin/list/list-filters";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { countOf } from "~/lib/format";
import { articleSearch, parseArticleQuery } from "~/modules/library/article-query";
import { listArticlesForAdmin } from "~/modules/library/articles.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insights";

export const meta: Route.MetaFunction = () => adminMeta("Insights");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const query = parseArticleQuery(url.searchParams);
  const list = await listArticlesForAdmin(runtimeFrom(context).db, {
    status: query.status === "all" ? undefined : query.status,
    page: query.page,
  });
  return { query: { ...query, page: list.page }, list, message: deletedMessage(url, "article") };
}

export default function InsightsAdminPage({ loaderData }: Route.ComponentProps) {
  const { query, list, message } = loaderData;
  const filtered = query.status !== "all";
  return (
    <LibraryListPage
      title="Insights"
      description="Articles for the Insights pages, the Resources page and the feed. New articles start as drafts; only published ones show on the site."
      path="/admin/insights"
      newLabel="New article"
      message={message}
      filters={{
        label: "Filter articles",
        className: "grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end",
        filtered,
        children: (
          <ChoiceFilter
            id="article-status"
            label="Status"
            name="status"
            value={query.status}
            options={STATUS_FILTER_OPTIONS}
          />
        ),
      }}
      count={countOf(list.total, "article", "articles")}
      table={{
        caption: "Articles, newest date first",
        columns: ARTICLE_COLUMNS,
        rowKey: (article) => article.slug,
        empty: filtered ? "No articles match this filter" : "No articles yet",
        cards: { label: "Articles", card: ArticleCard },
      }}
      list={list}
      hrefOf={(page) => `/admin/insights${articleSearch(query, { page })}`}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
