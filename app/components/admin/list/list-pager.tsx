import { Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";

/**
 * "Page n of m" between links to the neighbouring pages of a list; nothing when the list fits
 * on one page. `hrefOf` gives a page's URL (the list's other parameters kept).
 */
export function ListPager({
  page,
  pageCount,
  hrefOf,
  label = "Pages",
  previousLabel = "Previous page",
  nextLabel = "Next page",
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={buttonClasses.secondary}>
          {previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} className={buttonClasses.secondary}>
          {nextLabel}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The line above a list that says what it shows (announced when it changes). */
export function ListSummary({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="mb-3 min-h-5 text-sm text-slate-700">
      {children}
    </p>
  );
}
