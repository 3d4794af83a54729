import type { DB } from "~/db/client.server";
import { parseJson } from "~/lib/json";
import { nowIso } from "~/lib/time";
import { PAGE_KEYS, type PageContent, type PageKey } from "./page.schema";
import { DEFAULT_PAGES, RETIRED_PAGE_TEXTS, type RetiredTexts } from "./pages.defaults";

export interface StoredPage {
  id: PageKey;
  content: PageContent;
  updatedAt: string;
}

export const isPageKey = (value: string): value is PageKey =>
  (PAGE_KEYS as readonly string[]).includes(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The stored page with each text a default once held (and that staff never changed, so it is
 * still stored as seeded) replaced by today's default: a changed default reaches existing sites
 * without a migration, and an edited text stays as staff wrote it.
 */
export function currentDefaults(
  stored: PageContent,
  defaults: PageContent,
  retired: RetiredTexts | undefined,
): PageContent {
  if (!retired) return stored;
  const page: Record<string, unknown> = { ...stored };
  for (const [section, fields] of Object.entries(retired)) {
    const current = page[section];
    const fallback = (defaults as Record<string, unknown>)[section];
    if (!isRecord(current) || !isRecord(fallback)) continue;
    const updated: Record<string, unknown> = { ...current };
    for (const [field, oldTexts] of Object.entries(fields)) {
      const value = current[field];
      if (typeof value === "string" && oldTexts.includes(value)) updated[field] = fallback[field];
    }
    page[section] = updated;
  }
  return page as PageContent;
}

/** A page's content (old seeded defaults brought up to date), or its default when none is stored. */
export async function getPage(db: DB, id: PageKey): Promise<PageContent> {
  const row = await db
    .selectFrom("pages")
    .select("content")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return DEFAULT_PAGES[id];
  return currentDefaults(
    parseJson(row.content, DEFAULT_PAGES[id]),
    DEFAULT_PAGES[id],
    RETIRED_PAGE_TEXTS[id],
  );
}

export async function listPages(db: DB): Promise<StoredPage[]> {
  const rows = await db.selectFrom("pages").selectAll().orderBy("id").execute();
  return rows
    .filter((row) => isPageKey(row.id))
    .map((row) => ({
      id: row.id as PageKey,
      content: currentDefaults(
        parseJson(row.content, DEFAULT_PAGES[row.id as PageKey]),
        DEFAULT_PAGES[row.id as PageKey],
        RETIRED_PAGE_TEXTS[row.id as PageKey],
      ),
      updatedAt: row.updatedAt,
    }));
}

/** Creates the page or replaces its content (the spec's upsert). */
export async function savePage(db: DB, id: PageKey, content: PageContent): Promise<void> {
  const row = { id, content: JSON.stringify(content), updatedAt: nowIso() };
  await db
    .insertInto("pages")
    .values(row)
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({ content: row.content, updatedAt: row.updatedAt }),
    )
    .execute();
}

/** Sections the page schema checks when a page is saved: shown whole, as stored. */
const CHECKED_SECTIONS = new Set(["hero", "process"]);

/**
 * A page's texts as the public page shows them: the stored page over its defaults (the page's
 * `<page>.text.ts`). The hero and the process are shown as stored; every other group is read
 * field by field, each field falling back to its default when the stored page lacks it or holds
 * something that is not a non-empty text, so a partly edited or older page document never breaks
 * a public page. Loaders read it (server side), so the defaults stay out of the bundle.
 */
export function fillPageText<T extends PageContent>(stored: PageContent, defaults: T): T {
  const text: Record<string, unknown> = {};
  for (const [section, fallback] of Object.entries(defaults)) {
    const current = (stored as Record<string, unknown>)[section];
    text[section] = CHECKED_SECTIONS.has(section)
      ? (current ?? fallback)
      : fillFields(current, fallback);
  }
  return text as T;
}

function fillFields(stored: unknown, defaults: unknown): Record<string, unknown> {
  const current = isRecord(stored) ? stored : {};
  const fields: Record<string, unknown> = {};
  for (const [field, fallback] of Object.entries(isRecord(defaults) ? defaults : {})) {
    const value = current[field];
    fields[field] = typeof value === "string" && value.trim() ? value : fallback;
  }
  return fields;
}

/** The one way a public page reads its editable texts (see fillPageText). */
export async function getPageText<K extends PageKey>(
  db: DB,
  key: K,
): Promise<(typeof DEFAULT_PAGES)[K]> {
  return fillPageText(await getPage(db, key), DEFAULT_PAGES[key]);
}

/** Inserts the default pages that are missing. */
export async function insertDefaultPages(db: DB): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("pages")
    .values(
      PAGE_KEYS.map((id) => ({ id, content: JSON.stringify(DEFAULT_PAGES[id]), updatedAt: now })),
    )
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
