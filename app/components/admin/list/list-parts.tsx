import { Link } from "react-router";
import { ChoiceFilter } from "~/components/admin/list/list-filters";
import type { Page } from "~/db/paging";

/*
 * Parts of the admin lists with folders and counts (the inbox, the applications): the counts per
 * status that filter the list, the folder tabs, the order choices, the caption and the range
 * shown, and a cell's text cut to two lines.
 */

export interface ListStat {
  label: string;
  value: number;
  /** The list's URL filtered to it. */
  to: string;
}

/** The counts above a list, each a link to the list filtered to it. */
export function ListStats({
  label,
  className,
  stats,
}: {
  /** The section's accessible name ("Enquiry statistics"). */
  label: string;
  /** The grid's classes (how many counts to a row at each width). */
  className: string;
  stats: ListStat[];
}) {
  return (
    <section aria-label={label} className="mb-6">
      <dl className={className}>
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <dt className="text-sm text-slate-700">
              <Link to={stat.to} className="hover:underline">
                {stat.label}
              </Link>
            </dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The counts a list with statuses shows: the total, then each status in its order, each linking
 * to `hrefOf(status)` ("all" for the total).
 */
export function statusStats<Status extends string>(
  statuses: readonly Status[],
  labels: Record<Status, string>,
  counts: Record<Status | "total", number>,
  hrefOf: (status: Status | "all") => string,
): ListStat[] {
  return [
    { label: "Total", value: counts.total, to: hrefOf("all") },
    ...statuses.map((status) => ({
      label: labels[status],
      value: counts[status],
      to: hrefOf(status),
    })),
  ];
}

interface ListFolder {
  label: string;
  to: string;
  current: boolean;
}

/** The folder tabs of a list: its ordinary records ("Inbox (12)") and the spam folder. */
export function SpamFolderTabs<Folder extends string>({
  main,
  spamCount,
  spamFolder,
  hrefOf,
}: {
  /** The ordinary records' folder: its name and count. */
  main: { name: string; folder: Folder; count: number };
  spamCount: number;
  /** True in the spam folder. */
  spamFolder: boolean;
  hrefOf: (folder: Folder | "spam") => string;
}) {
  const folders: ListFolder[] = [
    { label: `${main.name} (${main.count})`, to: hrefOf(main.folder), current: !spamFolder },
    { label: `Spam (${spamCount})`, to: hrefOf("spam"), current: spamFolder },
  ];
  return (
    <nav aria-label="Folders" className="mb-4 flex gap-2 border-b border-slate-200">
      {folders.map((folder) => (
        <Link
          key={folder.to}
          to={folder.to}
          aria-current={folder.current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
            folder.current
              ? "border-blue-700 text-blue-800"
              : "border-transparent text-slate-700 hover:text-slate-900"
          }`}
        >
          {folder.label}
        </Link>
      ))}
    </nav>
  );
}

const ORDER_OPTIONS = [
  { value: "desc", label: "Descending (newest first)" },
  { value: "asc", label: "Ascending (oldest first)" },
];

/** A sortable list's "Sort by" and "Order" filters (ids `<idPrefix>-sort`, `<idPrefix>-dir`). */
export function SortFilters<Field extends string>({
  idPrefix,
  labels,
  sort,
  dir,
}: {
  idPrefix: string;
  /** Each sort field's name, in the order offered. */
  labels: Record<Field, string>;
  sort: Field;
  dir: "asc" | "desc";
}) {
  const options = Object.entries<string>(labels).map(([value, label]) => ({ value, label }));
  return (
    <>
      <ChoiceFilter
        id={`${idPrefix}-sort`}
        label="Sort by"
        name="sort"
        value={sort}
        options={options}
      />
      <ChoiceFilter
        id={`${idPrefix}-dir`}
        label="Order"
        name="dir"
        value={dir}
        options={ORDER_OPTIONS}
      />
    </>
  );
}

/** A sorted list's caption: "Enquiries, sorted by name, ascending". */
export const sortedCaption = (listName: string, sortLabel: string, dir: "asc" | "desc") =>
  `${listName}, sorted by ${sortLabel.toLowerCase()}, ${dir === "asc" ? "ascending" : "descending"}`;

/** What the list's summary says: loading, "Showing 21–40 of 45", or nothing for an empty list. */
export function shownRange(list: Page<unknown>, loading: string | false): string {
  if (loading) return loading;
  if (list.total === 0) return "";
  const first = (list.page - 1) * list.pageSize + 1;
  return `Showing ${first}–${first + list.items.length - 1} of ${list.total}`;
}

/**
 * Text cut to two lines (a long name or company must not stretch its row into a stack), whole in
 * the tooltip. `breakAfterAt` is for an e-mail address, one long word: it may break anywhere
 * (or it would widen its column), but breaks after the "@" first.
 */
export function TwoLines({ text, breakAfterAt = false }: { text: string; breakAfterAt?: boolean }) {
  const at = breakAfterAt ? text.indexOf("@") : -1;
  return (
    <span
      title={text}
      className={`line-clamp-2 ${breakAfterAt ? "[overflow-wrap:anywhere]" : "break-words"}`}
    >
      {at < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, at + 1)}
          <wbr />
          {text.slice(at + 1)}
        </>
      )}
    </span>
  );
}
