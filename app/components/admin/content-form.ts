import { constraintOf } from "~/lib/form-constraints";
import {
  MAX_PROCESS_STEPS,
  type PageContent,
  pageContentSchema,
  pageTextSchema,
  processStepSchema,
} from "~/modules/pages/page.schema";
import { applyListOp, type ListOp } from "./list-editor";

/*
 * The content editor's view of a page document: every text field one level inside a section
 * ("hero.title") is editable; so are the lists named in EDITABLE_LISTS (the services page's
 * methodology steps: add, remove, reorder, each field checked), other lists are shown read-only
 * (spec section 5). Fields whose names contain Description or Subtitle are edited in a multi-line
 * box, the others on one line.
 */

/** A list row as the form posts it: one text per column. */
export type ContentRow = Record<string, string>;

/** How the editor edits a list: its columns, rows and limit; rows post as "<path>.<column>". */
export interface ContentListEditor {
  /** One row, for the buttons: "Add step", "Remove step 2". */
  noun: string;
  columns: { key: string; name: string; label: string; multiline: boolean; maxLength?: number }[];
  rows: ContentRow[];
  maxRows: number;
}

/**
 * The posted field that says which editable lists the form holds, so that a list whose rows
 * were all removed is saved empty (and refused) rather than left as stored.
 */
export const POSTED_LISTS_FIELD = "lists";

const EDITABLE_LISTS: Record<
  string,
  {
    noun: string;
    schema: typeof processStepSchema;
    columns: { key: keyof typeof processStepSchema.shape; label: string; multiline?: boolean }[];
    maxRows: number;
    /** The column whose values must differ from row to row (the public page keys rows by it). */
    unique: keyof typeof processStepSchema.shape;
  }
> = {
  "process.steps": {
    noun: "step",
    schema: processStepSchema,
    columns: [
      { key: "step", label: "Step number" },
      { key: "title", label: "Title" },
      { key: "description", label: "Description", multiline: true },
    ],
    maxRows: MAX_PROCESS_STEPS,
    unique: "step",
  },
};

function listEditorOf(path: string, value: unknown[]): ContentListEditor | undefined {
  const spec = EDITABLE_LISTS[path];
  if (!spec) return undefined;
  return {
    noun: spec.noun,
    maxRows: spec.maxRows,
    columns: spec.columns.map((column) => ({
      key: column.key,
      name: `${path}.${column.key}`,
      label: column.label,
      multiline: column.multiline === true,
      maxLength: constraintOf(spec.schema.shape[column.key]).maxLength,
    })),
    rows: value.map((item) =>
      Object.fromEntries(
        spec.columns.map((column) => {
          const cell = isRecord(item) ? item[column.key] : undefined;
          return [column.key, typeof cell === "string" ? cell : ""];
        }),
      ),
    ),
  };
}

export interface ContentField {
  /** "section.field", also the posted field name. */
  path: string;
  label: string;
  value: string;
  multiline: boolean;
  /** From the field's schema (pageTextSchema). */
  required: boolean;
  maxLength: number | undefined;
}

export interface ContentList {
  path: string;
  label: string;
  /** Each row in one line, for reading. */
  items: string[];
  /** Set when the editor edits this list; read-only otherwise. */
  editor?: ContentListEditor;
}

export interface ContentSection {
  key: string;
  label: string;
  fields: ContentField[];
  lists: ContentList[];
}

const SPECIAL_LABELS: Record<string, string> = { cta: "Call to Action" };

/** "sweetSpot" → "Sweet Spot". */
export const labelOf = (name: string) =>
  SPECIAL_LABELS[name] ??
  name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());

export const isMultiline = (name: string) => /description|subtitle/i.test(name);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function listItems(value: unknown[]): string[] {
  return value.map((item) => {
    if (typeof item === "string") return item;
    if (isRecord(item)) {
      return Object.values(item)
        .filter((part) => typeof part === "string")
        .join(" · ");
    }
    return String(item);
  });
}

/** The page's sections, in document order, with their editable fields and read-only lists. */
export function contentSections(content: PageContent): ContentSection[] {
  const sections: ContentSection[] = [];
  for (const [key, value] of Object.entries(content)) {
    if (!isRecord(value)) continue;
    const section: ContentSection = { key, label: labelOf(key), fields: [], lists: [] };
    for (const [name, field] of Object.entries(value)) {
      const path = `${key}.${name}`;
      if (typeof field === "string") {
        const label = labelOf(name);
        const constraint = constraintOf(pageTextSchema(name, label));
        section.fields.push({
          path,
          label,
          value: field,
          multiline: isMultiline(name),
          required: constraint.required === true,
          maxLength: constraint.maxLength,
        });
      } else if (Array.isArray(field)) {
        const editor = listEditorOf(path, field);
        section.lists.push({
          path,
          label: labelOf(name),
          items: listItems(field),
          ...(editor ? { editor } : {}),
        });
      }
    }
    sections.push(section);
  }
  return sections;
}

/** What the editor holds after a post: the typed texts, and the rows of each editable list. */
export interface ContentDraft {
  values: Record<string, string>;
  lists: Record<string, ContentRow[]>;
}

const isBlankRow = (row: ContentRow) => Object.values(row).every((cell) => cell.trim() === "");

/**
 * The form as typed: each text field (the stored text when it was not posted) and the rows of
 * each editable list the form holds (rows post as repeated "<path>.<column>" fields).
 */
export function readContentDraft(content: PageContent, form: FormData): ContentDraft {
  const values: Record<string, string> = {};
  const lists: Record<string, ContentRow[]> = {};
  const posted = new Set(form.getAll(POSTED_LISTS_FIELD).map(String));
  for (const section of contentSections(content)) {
    for (const field of section.fields) {
      const value = form.get(field.path);
      values[field.path] = typeof value === "string" ? value : field.value;
    }
    for (const { path, editor } of section.lists) {
      if (!editor || !posted.has(path)) continue;
      const cells = editor.columns.map((column) => form.getAll(column.name).map(String));
      const count = Math.max(0, ...cells.map((column) => column.length));
      lists[path] = Array.from({ length: count }, (_, index) =>
        Object.fromEntries(editor.columns.map((c, i) => [c.key, cells[i]?.[index] ?? ""])),
      );
    }
  }
  return { values, lists };
}

/** The draft with a list button pressed without JavaScript applied (nothing is saved). */
export function applyContentListOp(draft: ContentDraft, op: ListOp): ContentDraft {
  const spec = EDITABLE_LISTS[op.list];
  const rows = draft.lists[op.list];
  if (!spec || !rows) return draft;
  const blank = () => Object.fromEntries(spec.columns.map((column) => [column.key, ""]));
  return { ...draft, lists: { ...draft.lists, [op.list]: applyListOp(rows, op, blank) } };
}

/**
 * Applies the posted text fields and editable lists to the stored content. Every text field must
 * be filled in and within its length; a list's blank rows are dropped, each other row checked
 * field by field, and the list needs at least one row; read-only lists, and editable lists the
 * form does not hold, stay as stored. Returns the new content, or what was typed (blank rows
 * dropped, so that row numbers match the messages) with a message per field.
 */
export function applyContentForm(
  content: PageContent,
  form: FormData,
):
  | { ok: true; content: PageContent }
  | ({ ok: false; errors: Record<string, string> } & ContentDraft) {
  const next: Record<string, unknown> = structuredClone(content);
  const draft = readContentDraft(content, form);
  const { values } = draft;
  const lists: Record<string, ContentRow[]> = {};
  const errors: Record<string, string> = {};
  for (const section of contentSections(content)) {
    const target = next[section.key] as Record<string, unknown>;
    for (const field of section.fields) {
      const name = field.path.slice(section.key.length + 1);
      const checked = pageTextSchema(name, field.label).safeParse(values[field.path]);
      if (checked.success) target[name] = checked.data;
      else errors[field.path] = checked.error.issues[0]?.message ?? `${field.label} is required`;
    }
    for (const list of section.lists) {
      const rows = draft.lists[list.path];
      const spec = EDITABLE_LISTS[list.path];
      if (!rows || !spec) continue;
      const kept = rows.filter((row) => !isBlankRow(row));
      lists[list.path] = kept;
      target[list.path.slice(section.key.length + 1)] = checkRows(list.path, kept, spec, errors);
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, values, lists, errors };
  const parsed = pageContentSchema.safeParse(next);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors[issue.path.map(String).join(".")] ??= issue.message;
    }
    return { ok: false, values, lists, errors };
  }
  return { ok: true, content: parsed.data };
}

/** A list's rows checked with its row schema; messages go to "<path>.<row>.<column>". */
function checkRows(
  path: string,
  rows: ContentRow[],
  spec: (typeof EDITABLE_LISTS)[string],
  errors: Record<string, string>,
): unknown[] {
  if (rows.length === 0) errors[path] = `Add at least one ${spec.noun}`;
  if (rows.length > spec.maxRows) errors[path] = `At most ${spec.maxRows} ${spec.noun}s`;
  const seen = new Set<string>();
  return rows.map((row, index) => {
    const checked = spec.schema.safeParse(row);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        errors[`${path}.${index}.${issue.path.map(String).join(".")}`] ??= issue.message;
      }
      return row;
    }
    const key = checked.data[spec.unique].toLowerCase();
    if (seen.has(key)) {
      errors[`${path}.${index}.${spec.unique}`] ??= `Another ${spec.noun} has this number`;
    }
    seen.add(key);
    return checked.data;
  });
}
