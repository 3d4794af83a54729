import { EyeIcon } from "~/components/site/icons";
import { formatDate } from "~/lib/format";
import { readTimeText, viewsText } from "~/modules/library/article-display";
import type { ArticleSummary } from "~/modules/library/articles.server";

/* The parts every article card shows (on /insights and under Latest Insights on /resources). */

/** The category, and the views once they reach the threshold set in Settings. */
export function ArticleCardTop({ article }: { article: ArticleSummary }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="font-semibold text-navy-700">{article.category}</span>
      {article.views !== null ? (
        <span className="inline-flex items-center gap-1.5 text-stone-600">
          <EyeIcon className="h-4 w-4" />
          {viewsText(article.views)}
        </span>
      ) : null}
    </div>
  );
}

/** Author, date and read time. */
export function ArticleByline({ article }: { article: ArticleSummary }) {
  return (
    <p className="mt-5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
      <span>{article.author}</span>
      <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time>
      <span>{readTimeText(article.readMinutes)}</span>
    </p>
  );
}
