import type { DB } from "~/db/client.server";
import { parseJson } from "~/lib/json";
import { nowIso } from "~/lib/time";
import { PAGE_KEYS, type PageContent, type PageKey } from "./page.schema";
import { DEFAULT_PAGES } from "./pages.defaults";

export interface StoredPage {
  id: PageKey;
  content: PageContent;
  updatedAt: string;
}

export const isPageKey = (value: string): value is PageKey =>
  (PAGE_KEYS as readonly string[]).includes(value);

/** A page's content, or its built-in default when none is stored. */
export async function getPage(db: DB, id: PageKey): Promise<PageContent> {
  const row = await db
    .selectFrom("pages")
    .select("content")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? parseJson(row.content, DEFAULT_PAGES[id]) : DEFAULT_PAGES[id];
}

export async function listPages(db: DB): Promise<StoredPage[]> {
  const rows = await db.selectFrom("pages").selectAll().orderBy("id").execute();
  return rows
    .filter((row) => isPageKey(row.id))
    .map((row) => ({
      id: row.id as PageKey,
      content: parseJson(row.content, DEFAULT_PAGES[row.id as PageKey]),
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
