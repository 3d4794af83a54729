import { useRef, useState } from "react";
import { buttonClasses, inputClasses } from "./forms";

/*
 * An editable list inside a form: add, remove and reorder rows. With JavaScript the buttons work
 * in the page; without it they are submit buttons (name LIST_OP_FIELD, value "<list>:<op>:<i>")
 * and the server applies the same change to the posted draft with applyListOp and shows the form
 * again. Rows post as repeated fields, one name per column.
 */

export const LIST_OP_FIELD = "listOp";

export type ListOp =
  | { list: string; op: "add" }
  | { list: string; op: "remove" | "up" | "down"; index: number };

export function parseListOp(value: FormDataEntryValue | null): ListOp | null {
  if (typeof value !== "string") return null;
  const [list, op, index] = value.split(":");
  if (!list) return null;
  if (op === "add") return { list, op };
  if (op === "remove" || op === "up" || op === "down") {
    const at = Number(index);
    if (Number.isInteger(at) && at >= 0) return { list, op, index: at };
  }
  return null;
}

/** The list after the operation (a new array; out-of-range moves change nothing). */
export function applyListOp<T>(items: readonly T[], op: ListOp, blank: () => T): T[] {
  const next = [...items];
  if (op.op === "add") return [...next, blank()];
  const { index } = op;
  if (index >= next.length) return next;
  if (op.op === "remove") {
    next.splice(index, 1);
    return next;
  }
  const target = op.op === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

export interface ListColumn {
  /** The row property this column edits. */
  key: string;
  /** The posted field name (repeated once per row). */
  name: string;
  label: string;
  multiline?: boolean;
  maxLength?: number;
}

type Row = Record<string, string>;

export function ListEditor({
  list,
  legend,
  noun,
  columns,
  rows,
  errorFor,
  listError,
  maxRows,
}: {
  /** The list's id in LIST_OP_FIELD values, e.g. "features". */
  list: string;
  legend: string;
  /** One row, for button labels: "feature" → "Add feature", "Remove feature 2". */
  noun: string;
  columns: ListColumn[];
  rows: Row[];
  errorFor?: (index: number, key: string) => string | undefined;
  listError?: string;
  maxRows: number;
}) {
  const nextKey = useRef(rows.length);
  const [items, setItems] = useState(() => rows.map((row, index) => ({ key: index, row })));
  const [announcement, setAnnouncement] = useState("");
  const run = (event: React.MouseEvent<HTMLButtonElement>, op: ListOp) => {
    event.preventDefault();
    setItems((current) =>
      applyListOp(current, op, () => {
        nextKey.current += 1;
        return { key: nextKey.current, row: Object.fromEntries(columns.map((c) => [c.key, ""])) };
      }),
    );
    if (op.op === "add") setAnnouncement(`${capitalise(noun)} ${items.length + 1} added`);
    else if (op.op === "remove") setAnnouncement(`${capitalise(noun)} ${op.index + 1} removed`);
    else setAnnouncement(`${capitalise(noun)} ${op.index + 1} moved ${op.op}`);
  };
  const update = (key: number, column: string, value: string) =>
    setItems((current) =>
      current.map((item) =>
        item.key === key ? { key, row: { ...item.row, [column]: value } } : item,
      ),
    );
  const legendId = `${list}-legend`;

  return (
    <fieldset
      className="rounded-lg border border-slate-200 p-4"
      aria-describedby={listError ? `${list}-error` : undefined}
    >
      <legend id={legendId} className="px-1 text-sm font-semibold text-slate-900">
        {legend} <span className="font-normal text-slate-600">({items.length})</span>
      </legend>
      {listError ? (
        <p id={`${list}-error`} className="mb-2 text-sm font-medium text-red-700">
          {listError}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {items.length === 0 ? <p className="text-sm text-slate-600">None yet.</p> : null}
      <ol className="space-y-3">
        {items.map((item, index) => {
          const position = index + 1;
          return (
            <li key={item.key} className="rounded-md bg-slate-50 p-3">
              <div className="grid gap-2">
                {columns.map((column) => {
                  const id = `${list}-${item.key}-${column.key}`;
                  const error = errorFor?.(index, column.key);
                  const common = {
                    id,
                    name: column.name,
                    value: item.row[column.key] ?? "",
                    maxLength: column.maxLength,
                    "aria-invalid": error ? true : undefined,
                    "aria-describedby": error ? `${id}-error` : undefined,
                    className: inputClasses,
                  } as const;
                  return (
                    <div key={column.key}>
                      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                        {column.label} {position}
                      </label>
                      {column.multiline ? (
                        <textarea
                          {...common}
                          rows={2}
                          onChange={(e) => update(item.key, column.key, e.target.value)}
                        />
                      ) : (
                        <input
                          {...common}
                          type="text"
                          onChange={(e) => update(item.key, column.key, e.target.value)}
                        />
                      )}
                      {error ? (
                        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                          {error}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </div>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="submit"
                  name={LIST_OP_FIELD}
                  value={`${list}:up:${index}`}
                  disabled={index === 0}
                  onClick={(e) => run(e, { list, op: "up", index })}
                  className={buttonClasses.small}
                >
                  Move up
                  <span className="sr-only">
                    {" "}
                    {noun} {position}
                  </span>
                </button>
                <button
                  type="submit"
                  name={LIST_OP_FIELD}
                  value={`${list}:down:${index}`}
                  disabled={index === items.length - 1}
                  onClick={(e) => run(e, { list, op: "down", index })}
                  className={buttonClasses.small}
                >
                  Move down
                  <span className="sr-only">
                    {" "}
                    {noun} {position}
                  </span>
                </button>
                <button
                  type="submit"
                  name={LIST_OP_FIELD}
                  value={`${list}:remove:${index}`}
                  onClick={(e) => run(e, { list, op: "remove", index })}
                  className={`${buttonClasses.small} text-red-800`}
                >
                  Remove
                  <span className="sr-only">
                    {" "}
                    {noun} {position}
                  </span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="submit"
        name={LIST_OP_FIELD}
        value={`${list}:add`}
        disabled={items.length >= maxRows}
        onClick={(e) => run(e, { list, op: "add" })}
        className={`${buttonClasses.secondary} mt-3`}
      >
        Add {noun}
      </button>
    </fieldset>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
