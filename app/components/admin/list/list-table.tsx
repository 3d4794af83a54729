import { Panel } from "~/components/admin/page";

/*
 * The admin's one list table (the inbox, the subscribers, the activity log, and any later list):
 * a caption for assistive technology, column headers that say which one the list is sorted by,
 * and an empty state in words instead of an empty table. Wide tables scroll sideways in their
 * box; `scrollLabel` makes that box a labelled region reachable by keyboard.
 *
 * A list too wide for a laptop gives its less important columns a `showFrom` width, below which
 * they are left out; a list that must read on a phone passes `cards`: below 768 px each row is a
 * card in a list (the table is hidden), since a table of several columns cannot fit 360 px.
 */

export interface ListSort<Field extends string = string> {
  field: Field;
  dir: "asc" | "desc";
}

export interface ListColumn<Row, Field extends string = string> {
  /** Stable key of the column (React's). */
  id: string;
  header: React.ReactNode;
  /** The list's sort field this column shows, if the list can be sorted by it. */
  sortField?: Field;
  /** Classes of this column's cells, beside the padding every cell gets. */
  className?: string;
  /** The narrowest window that shows this column (it is left out below); always shown if unset. */
  showFrom?: keyof typeof SHOW_FROM;
  cell: (row: Row) => React.ReactNode;
}

/** Whole class names, so that Tailwind finds them. */
const SHOW_FROM = {
  /** 1280 px and wider. */
  xl: "hidden xl:table-cell",
  /** 1536 px and wider. */
  "2xl": "hidden 2xl:table-cell",
} as const;

/** A list's rows as cards on a phone: the list's name, and one row's card content. */
export interface ListCards<Row> {
  label: string;
  card: (row: Row) => React.ReactNode;
}

const cellClasses = (
  base: string,
  column: { className?: string; showFrom?: keyof typeof SHOW_FROM },
) =>
  [base, column.className, column.showFrom && SHOW_FROM[column.showFrom]].filter(Boolean).join(" ");

const LOOKS = {
  /** Roomy rows, table as wide as its box (the inbox, the subscribers). */
  normal: {
    table: "min-w-full divide-y divide-slate-200 text-sm",
    head: "bg-slate-50 text-left text-slate-700",
    cell: "px-3 py-3",
  },
  /** Tighter rows of a log that keeps a readable width and scrolls on a phone. */
  compact: {
    table: "w-full min-w-[40rem] text-left text-sm",
    head: "bg-slate-50 text-slate-700",
    cell: "px-4 py-2",
  },
} as const;

export function ListTable<Row, Field extends string = string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  empty,
  look = "normal",
  rowClassName,
  scrollLabel,
  cards,
}: {
  caption: React.ReactNode;
  columns: readonly (ListColumn<Row, Field> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The list's current order, shown on the column that has it (`aria-sort` and an arrow). */
  sort?: ListSort<Field>;
  /** What an empty list says, e.g. "No enquiries found". */
  empty: React.ReactNode;
  look?: keyof typeof LOOKS;
  rowClassName?: string;
  /** Makes the scrolling box a region with this name that the keyboard can reach. */
  scrollLabel?: string;
  /** Shows the rows as these cards instead of the table below 768 px. */
  cards?: ListCards<Row>;
}) {
  if (rows.length === 0) {
    return (
      <Panel>
        <p className="py-8 text-center text-slate-700">{empty}</p>
      </Panel>
    );
  }
  const classes = LOOKS[look];
  const shown = columns.filter((column): column is ListColumn<Row, Field> => Boolean(column));
  const table = (
    <table className={classes.table}>
      <caption className="sr-only">{caption}</caption>
      <thead className={classes.head}>
        <tr>
          {shown.map((column) => (
            <ColumnHeader key={column.id} column={column} sort={sort} cellClass={classes.cell} />
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName}>
            {shown.map((column) => (
              <td key={column.id} className={cellClasses(classes.cell, column)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const box = `overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm${
    cards ? " hidden md:block" : ""
  }`;
  const boxed = scrollLabel ? (
    <section
      aria-label={scrollLabel}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      className={`${box} focus-visible:outline-2 focus-visible:outline-blue-700`}
    >
      {table}
    </section>
  ) : (
    <div className={box}>{table}</div>
  );
  if (!cards) return boxed;
  return (
    <>
      {boxed}
      {/* Hidden from 768 px up (display: none), so neither the eye nor a screen reader meets the rows twice. */}
      <ul aria-label={cards.label} className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            {cards.card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A column header; the sorted column says so to assistive technology, and shows an arrow. */
function ColumnHeader<Row, Field extends string>({
  column,
  sort,
  cellClass,
}: {
  column: ListColumn<Row, Field>;
  sort?: ListSort<Field>;
  cellClass: string;
}) {
  const sorted = sort !== undefined && column.sortField === sort.field;
  return (
    <th
      scope="col"
      aria-sort={sorted ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
      className={cellClasses(`${cellClass} font-semibold`, { showFrom: column.showFrom })}
    >
      {column.header}
      {/* A no-break space: the arrow never wraps onto a line of its own. */}
      {sorted ? <span aria-hidden="true">{sort.dir === "asc" ? "\u00a0▲" : "\u00a0▼"}</span> : null}
    </th>
  );
}

/** A status as a coloured pill (`colours`: its background, text and ring classes). */
export function Badge({ colours, children }: { colours: string; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${colours}`}
    >
      {children}
    </span>
  );
}
