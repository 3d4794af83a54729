import { Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { ListFilters } from "~/components/admin/list/list-filters";
import { ListPager, ListSummary } from "~/components/admin/list/list-pager";
import { type ListCards, type ListColumn, ListTable } from "~/components/admin/list/list-table";
import { PageHeader } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import type { Page } from "~/db/paging";

/*
 * The library's admin lists (Insights, Resources): a heading with the New button, the message
 * after a delete, filters, the count, the list (cards on a phone) and its pages.
 */

/** The message for `?deleted=<title>`, where the edit page sends staff after a delete. */
export function deletedMessage(url: URL, kind: string): string | undefined {
  const deleted = url.searchParams.get("deleted");
  return deleted ? `Deleted the ${kind} "${deleted.slice(0, 200)}".` : undefined;
}

export function LibraryListPage<Row>({
  title,
  description,
  path,
  newLabel,
  message,
  filters,
  count,
  table,
  list,
  hrefOf,
}: {
  title: string;
  description: string;
  /** The list's path; its new page is `${path}/new`. */
  path: string;
  newLabel: string;
  message?: string;
  filters: {
    label: string;
    className: string;
    /** Whether a filter is set (then Reset shows). */
    filtered: boolean;
    children: React.ReactNode;
  };
  /** "12 articles". */
  count: string;
  table: {
    caption: string;
    columns: readonly ListColumn<Row>[];
    rowKey: (row: Row) => string;
    empty: string;
    cards: ListCards<Row>;
  };
  list: Page<Row>;
  /** A page's URL, the filters kept. */
  hrefOf: (page: number) => string;
}) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Link to={`${path}/new`} className={buttonClasses.primary}>
            {newLabel}
          </Link>
        }
      />
      <ActionMessage message={message} />
      <ListFilters
        label={filters.label}
        className={filters.className}
        reset={filters.filtered ? { to: path, label: "Reset" } : null}
      >
        {filters.children}
      </ListFilters>
      <ListSummary>{count}</ListSummary>
      <ListTable {...table} rows={list.items} />
      <ListPager page={list.page} pageCount={list.pageCount} hrefOf={hrefOf} />
    </>
  );
}
