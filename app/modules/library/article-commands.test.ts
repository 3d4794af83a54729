import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageViewSchema } from "~/modules/analytics/analytics.schema";
import { trackPageView } from "~/modules/analytics/analytics.server";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { getGeneralSettings, saveGeneralSettings } from "~/modules/settings/settings.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  auditEntries,
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import { type ArticleInput, articleInputSchema } from "./article.schema";
import {
  createArticle,
  deleteArticle,
  publishArticle,
  unpublishArticle,
  updateArticle,
} from "./article-commands.server";
import { ARTICLE_DEFAULTS } from "./article-defaults";
import { insertDefaultArticles } from "./article-store.server";
import {
  getArticle,
  getPublishedArticle,
  listArticlesForAdmin,
  listPublishedArticles,
} from "./articles.server";

const input = (overrides: Partial<ArticleInput> = {}): ArticleInput =>
  articleInputSchema.parse({
    title: "Pay Bands for Start-ups",
    category: "Reward Strategy",
    author: "Founding Partner",
    publishedOn: "2026-11-20",
    summary: "How to draw pay bands before the first hundred hires.",
    body: "Start with **levels**.",
    ...overrides,
  });

describe.each(DIALECTS)("article commands on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  const versionRise = async (act: () => Promise<unknown>) => {
    const before = await readContentVersion(t.db);
    await act();
    return (await readContentVersion(t.db)) - before;
  };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "meera" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("articles").execute();
    await t.db.deleteFrom("pageViews").execute();
  });

  it("creates a draft with a slug made from the title, unique, and an audit entry; no version rise", async () => {
    const before = await writePathState(t.db);
    const first = await createArticle(t.db, editor, input());
    expect(first).toMatchObject({
      ok: true,
      article: { slug: "pay-bands-for-start-ups", status: "draft" },
    });
    expect(await readContentVersion(t.db)).toBe(before.version);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      {
        actorId: editor.id,
        actorName: editor.name,
        action: "create",
        entityType: "article",
        entityId: "pay-bands-for-start-ups",
        summary: 'Added the article "Pay Bands for Start-ups" (draft)',
      },
    ]);
    const second = await createArticle(t.db, editor, input());
    expect(second).toMatchObject({ ok: true, article: { slug: "pay-bands-for-start-ups-2" } });
    // A typed slug that is taken is refused, not changed.
    expect(await createArticle(t.db, editor, input({ slug: "pay-bands-for-start-ups" }))).toEqual({
      ok: false,
      reason: "slug-taken",
    });
  });

  it("publishing and unpublishing raise the version; edits of drafts do not", async () => {
    await createArticle(t.db, editor, input());
    const slug = "pay-bands-for-start-ups";
    const edit = (title: string) =>
      updateArticle(t.db, editor, { slug, article: input({ title }) });
    expect(await versionRise(() => edit("Draft title"))).toBe(0);
    expect(await listPublishedArticles(t.db)).toEqual([]);
    expect(await versionRise(() => publishArticle(t.db, editor, slug))).toBe(1);
    expect((await listPublishedArticles(t.db)).map((a) => a.title)).toEqual(["Draft title"]);
    // Publishing again changes nothing and records nothing.
    const state = await writePathState(t.db);
    expect(await publishArticle(t.db, editor, slug)).toBe(true);
    expect(await writePathState(t.db)).toEqual(state);
    // A new title keeps the published address.
    expect(await versionRise(() => edit("Published title"))).toBe(1);
    expect((await getArticle(t.db, slug))?.title).toBe("Published title");
    expect(await versionRise(() => unpublishArticle(t.db, editor, slug))).toBe(1);
    expect(await getPublishedArticle(t.db, slug)).toBeUndefined();
    expect((await auditEntries(t.db)).slice(-1)[0]?.summary).toBe(
      'Unpublished the article "Published title"',
    );
  });

  it("changes a slug only when staff type another one that is free", async () => {
    await createArticle(t.db, editor, input());
    await createArticle(t.db, editor, input({ title: "Other" }));
    const slug = "pay-bands-for-start-ups";
    expect(await updateArticle(t.db, editor, { slug, article: input({ slug: "other" }) })).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    const moved = await updateArticle(t.db, editor, { slug, article: input({ slug: "bands" }) });
    expect(moved).toMatchObject({ ok: true, article: { slug: "bands" } });
    expect(await getArticle(t.db, slug)).toBeUndefined();
    expect(await updateArticle(t.db, editor, { slug, article: input() })).toEqual({
      ok: false,
      reason: "missing",
    });
  });

  it("deletes; a published article's deletion raises the version", async () => {
    await createArticle(t.db, editor, input());
    const slug = "pay-bands-for-start-ups";
    expect(await versionRise(() => deleteArticle(t.db, editor, slug))).toBe(0);
    expect(await deleteArticle(t.db, editor, slug)).toBe(false);
    await createArticle(t.db, editor, input());
    await publishArticle(t.db, editor, slug);
    expect(await versionRise(() => deleteArticle(t.db, editor, slug))).toBe(1);
  });

  it("a failed audit entry or version bump leaves the article as it was", async () => {
    await createArticle(t.db, editor, input());
    const slug = "pay-bands-for-start-ups";
    const before = await writePathState(t.db);
    for (const table of ["auditLog", "contentVersion"] as const) {
      await expect(publishArticle(failingOn(t.db, table), editor, slug)).rejects.toThrow(
        FORCED_FAILURE,
      );
    }
    expect((await getArticle(t.db, slug))?.status).toBe("draft");
    expect(await writePathState(t.db)).toEqual(before);
  });

  it("lists published articles newest first with read time, and views only from the threshold", async () => {
    expect(await insertDefaultArticles(t.db)).toBe(true);
    expect(await insertDefaultArticles(t.db)).toBe(false);
    const newest = [...ARTICLE_DEFAULTS].sort((a, b) => b.publishedOn.localeCompare(a.publishedOn));
    const listed = await listPublishedArticles(t.db, { limit: 4 });
    expect(listed.map((a) => a.slug)).toEqual(newest.slice(0, 4).map((a) => a.slug));
    expect(listed[0]).toMatchObject({ readMinutes: 2, views: null });

    const settings = await getGeneralSettings(t.db);
    await saveGeneralSettings(t.db, { ...settings, publicCountThreshold: 3 });
    const path = `/insights/${listed[0]?.slug}`;
    const view = () => trackPageView(t.db, pageViewSchema.parse({ path, referrer: "" }));
    await view();
    await view();
    expect((await listPublishedArticles(t.db, { limit: 1 }))[0]?.views).toBeNull();
    await view();
    expect((await listPublishedArticles(t.db, { limit: 1 }))[0]?.views).toBe(3);
    expect((await getPublishedArticle(t.db, listed[0]?.slug ?? ""))?.views).toBe(3);
    // Staff see every count.
    const admin = await listArticlesForAdmin(t.db, { status: "published" });
    expect(admin.total).toBe(6);
    expect(admin.items.find((a) => a.slug === listed[1]?.slug)?.views).toBe(0);
    expect((await listArticlesForAdmin(t.db, { status: "draft" })).total).toBe(0);
    await saveGeneralSettings(t.db, settings);
  });
});
