import { type DraftableKind, draftScheduleHandler } from "~/modules/versions/drafts.server";
import type { ContentFields } from "~/modules/versions/versions.server";
import { PAGE_LABELS, type PageContent, type PageKey, pageContentSchema } from "./page.schema";
import { updatePageContent } from "./page-commands.server";
import { getPage, isPageKey } from "./pages.server";

/*
 * Page texts on the drafts and versions of modules/versions (issue 29, decision 0060). Every
 * page is always on the site, so the content editor's "Save draft" keeps a draft and "Save and
 * publish" / "Publish draft" write it through `updatePageContent` and keep a version. A version
 * keeps each text one level inside a section as a field of its own ("hero.title"), so a
 * comparison shows which text changed; a list or other value is kept as indented JSON.
 */

export const PAGE_KIND = "page" as const;

export function pageFields(content: PageContent): ContentFields {
  const fields: ContentFields = {};
  for (const [section, value] of Object.entries(content)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [field, inner] of Object.entries(value as Record<string, unknown>)) {
        fields[`${section}.${field}`] =
          typeof inner === "string" ? inner : JSON.stringify(inner, null, 2);
      }
    } else {
      fields[section] = typeof value === "string" ? value : JSON.stringify(value, null, 2);
    }
  }
  return fields;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored text as the value the live page holds at that place (a text, or parsed JSON). */
function valueLike(stored: string, current: unknown): unknown {
  if (typeof current === "string" || current === undefined) return stored;
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return current;
  }
}

/** Stored fields over the live page (the live one says which places hold more than a text). */
export function pageContentOf(fields: ContentFields, live: PageContent): PageContent | undefined {
  const content: Record<string, unknown> = structuredClone(live);
  for (const [path, stored] of Object.entries(fields)) {
    const dot = path.indexOf(".");
    if (dot < 0) {
      content[path] = valueLike(stored, content[path]);
      continue;
    }
    const section = path.slice(0, dot);
    const field = path.slice(dot + 1);
    const group = isRecord(content[section]) ? { ...(content[section] as object) } : {};
    (group as Record<string, unknown>)[field] = valueLike(
      stored,
      (group as Record<string, unknown>)[field],
    );
    content[section] = group;
  }
  const parsed = pageContentSchema.safeParse(content);
  return parsed.success ? parsed.data : undefined;
}

export const pageVersions: DraftableKind<PageContent> = {
  kind: PAGE_KIND,
  entityType: "page",
  describe: (_content, key) => `the ${isPageKey(key) ? PAGE_LABELS[key] : key} page content`,
  load: (db, key) => (isPageKey(key) ? getPage(db, key) : Promise.resolve(undefined)),
  isLive: () => true,
  fieldsOf: pageFields,
  itemOf: pageContentOf,
  async apply(trx, actor, key, content) {
    await updatePageContent(trx, actor, { page: key as PageKey, content });
    return true;
  },
};

/** Publishing a page's draft at a set time (a page is always on the site: no unpublish). */
export const pageScheduleHandler = draftScheduleHandler(
  pageVersions,
  (_content, key) => `${isPageKey(key) ? PAGE_LABELS[key] : key} page`,
);
