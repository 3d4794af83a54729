import { Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { ARTICLE_COLUMNS, ArticleCard } from "~/components/admin/library/articles-list";
import { STATUS_FILTER_OPTIONS } from "~/components/admin/library/resource-list";
import { ChoiceFilter, ListFilters } from "~/components/admin/list/list-filters";
import { ListPager, ListSummary } from "~/components/admin/list/list-pager";
import { ListTable } from "~/components/admin/list/list-table";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
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
  // After a delete the edit page sends staff here with the title, to say what went.
  const deleted = url.searchParams.get("deleted");
  return {
    query: { ...query, page: list.page },
    list,
    message: deleted ? `Deleted the article "${deleted.slice(0, 200)}".` : undefined,
  };
}

export default function InsightsAdminPage({ loaderData }: Route.ComponentProps) {
  const { query, list, message } = loaderData;
  const filtered = query.status !== "all";
  return (
    <>
      <PageHeader
        title="Insights"
        description="Articles for the Insights pages, the Resources page and the feed. New articles start as drafts; only published ones show on the site."
        actions={
          <Link to="/admin/insights/new" className={buttonClasses.primary}>
            New article
          </Link>
        }
      />
      <ActionMessage message={message} />
      <ListFilters
        label="Filter articles"
        className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
        reset={filtered ? { to: "/admin/insights", label: "Reset" } : null}
      >
        <ChoiceFilter
          id="article-status"
          label="Status"
          name="status"
          value={query.status}
          options={STATUS_FILTER_OPTIONS}
        />
      </ListFilters>
      <ListSummary>{countOf(list.total, "article", "articles")}</ListSummary>
      <ListTable
        caption="Articles, newest date first"
        columns={ARTICLE_COLUMNS}
        rows={list.items}
        rowKey={(article) => article.slug}
        empty={filtered ? "No articles match this filter" : "No articles yet"}
        cards={{ label: "Articles", card: ArticleCard }}
      />
      <ListPager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) => `/admin/insights${articleSearch(query, { page })}`}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
