import { Link } from "react-router";
import { Badge, type ListColumn } from "~/components/admin/list/list-table";
import { formatIndiaDate as formatDate } from "~/lib/india-format";
import { groupIndian } from "~/lib/rupees";
import { viewsText } from "~/modules/library/article-display";
import type { AdminArticleItem } from "~/modules/library/articles.server";
import { LIBRARY_STATUS_LABELS, type LibraryStatus } from "~/modules/library/resource-types";
import { SampleBadge, STATUS_BADGES } from "./resource-list";

/* The admin's article list: its columns (the route loads, filters and pages). */

export const articleEditHref = (slug: string) => `/admin/insights/${encodeURIComponent(slug)}`;

export function ArticleStatusBadge({ status }: { status: LibraryStatus }) {
  return <Badge colours={STATUS_BADGES[status]}>{LIBRARY_STATUS_LABELS[status]}</Badge>;
}

export const ARTICLE_COLUMNS: ListColumn<AdminArticleItem>[] = [
  {
    id: "title",
    header: "Title",
    className: "font-medium",
    cell: (article) => (
      <Link
        to={articleEditHref(article.slug)}
        className="text-blue-800 underline hover:text-blue-950"
      >
        {article.title}
      </Link>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: (article) => (
      <span className="inline-flex flex-wrap gap-1">
        <ArticleStatusBadge status={article.status} />
        <SampleBadge sample={article.sample} />
      </span>
    ),
  },
  { id: "category", header: "Category", cell: (article) => article.category },
  {
    id: "date",
    header: "Date",
    className: "whitespace-nowrap",
    cell: (article) => (
      <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time>
    ),
  },
  {
    id: "views",
    header: "Views",
    className: "text-right tabular-nums",
    cell: (article) => groupIndian(article.views),
  },
];

/** One article as a card, for the list on a phone. */
export function ArticleCard(article: AdminArticleItem) {
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium">
        <Link
          to={articleEditHref(article.slug)}
          className="text-blue-800 underline hover:text-blue-950"
        >
          {article.title}
        </Link>
      </p>
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        {article.category}
        <ArticleStatusBadge status={article.status} />
        <SampleBadge sample={article.sample} />
      </p>
      <p className="text-slate-700">
        <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time> ·{" "}
        {viewsText(article.views)}
      </p>
    </div>
  );
}
