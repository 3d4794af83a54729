import { constraintOf } from "~/lib/form-constraints";
import { type PageContent, pageContentSchema, pageTextSchema } from "~/modules/pages/page.schema";

/*
 * The content editor's view of a page document: every text field one level inside a section
 * ("hero.title") is editable; lists are shown read-only (spec section 5). Fields whose names
 * contain Description or Subtitle are edited in a multi-line box, the others on one line.
 */

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
  items: string[];
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
        section.lists.push({ path, label: labelOf(name), items: listItems(field) });
      }
    }
    sections.push(section);
  }
  return sections;
}

/**
 * Applies the posted text fields to the stored content. Every text field must be filled in and
 * within its length; lists and anything else stay as stored. Returns the new content, or the
 * typed values with a message per field.
 */
export function applyContentForm(
  content: PageContent,
  form: FormData,
):
  | { ok: true; content: PageContent }
  | { ok: false; values: Record<string, string>; errors: Record<string, string> } {
  const next: Record<string, unknown> = structuredClone(content);
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const section of contentSections(content)) {
    const target = next[section.key] as Record<string, unknown>;
    for (const field of section.fields) {
      const posted = form.get(field.path);
      values[field.path] = typeof posted === "string" ? posted : field.value;
      const name = field.path.slice(section.key.length + 1);
      const checked = pageTextSchema(name, field.label).safeParse(values[field.path]);
      if (checked.success) target[name] = checked.data;
      else errors[field.path] = checked.error.issues[0]?.message ?? `${field.label} is required`;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, values, errors };
  const parsed = pageContentSchema.safeParse(next);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors[issue.path.map(String).join(".")] ??= issue.message;
    }
    return { ok: false, values, errors };
  }
  return { ok: true, content: parsed.data };
}
