import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { type ArticleInput, articleInputSchema } from "~/modules/library/article.schema";
import { createArticle, updateArticle } from "~/modules/library/article-commands.server";
import {
  ARTICLE_FIELD_LABELS,
  articleScheduleHandler,
  getArticleDraft,
  publishArticleVersion,
  restoreArticleVersion,
  saveArticleDraft,
} from "~/modules/library/article-versions.server";
import { getPublishedArticle, listPublishedArticles } from "~/modules/library/articles.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { auditEntries, staffAccount } from "../../../tests/support/write-path";
import { diffFields } from "./diff";
import { istLocalToUtc } from "./ist";
import { startScheduleJob } from "./schedule-job.server";
import { addSchedule, listPendingSchedules } from "./schedules.server";
import { listVersions } from "./versions.server";

/*
 * Issue 29, decision 0060: drafts that leave the live page alone, a version per publish, the
 * comparison and the restore, and publishing at a time with a clock the test moves (never by
 * waiting), once across two runners at the same moment.
 */

const input = (overrides: Partial<ArticleInput> = {}): ArticleInput =>
  articleInputSchema.parse({
    title: "Pay Bands for Start-ups",
    category: "Reward Strategy",
    author: "Founding Partner",
    publishedOn: "2026-11-20",
    summary: "How to draw pay bands before the first hundred hires.",
    body: "Start with **levels**.\nThen draw the bands.",
    ...overrides,
  });

const HANDLERS = { article: articleScheduleHandler };

describe.each(DIALECTS)("article drafts, versions and schedules on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "meera" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    for (const table of ["contentDrafts", "contentVersions", "contentSchedules"] as const) {
      await t.db.deleteFrom(table).execute();
    }
    await t.db.deleteFrom("articles").execute();
  });

  async function publishedArticle(slug = "pay-bands") {
    const created = await createArticle(t.db, editor, input({ slug }));
    if (!created.ok) throw new Error("not created");
    const published = await publishArticleVersion(t.db, editor, slug);
    if (!published.ok) throw new Error("not published");
    return published.article;
  }

  it("saving a draft of a published article leaves the live page and the content version alone", async () => {
    await publishedArticle();
    const before = await readContentVersion(t.db);
    const saved = await saveArticleDraft(t.db, editor, {
      slug: "pay-bands",
      article: input({ slug: "pay-bands", title: "Pay Bands, Revised" }),
    });
    expect(saved.ok).toBe(true);
    expect(await readContentVersion(t.db)).toBe(before);
    expect((await getPublishedArticle(t.db, "pay-bands"))?.title).toBe("Pay Bands for Start-ups");
    const editing = await getArticleDraft(t.db, "pay-bands");
    expect(editing?.article.title).toBe("Pay Bands, Revised");
    expect(editing?.draft?.savedByName).toBe(editor.name);
    expect((await auditEntries(t.db)).at(-1)?.summary).toBe(
      'Saved a draft of the article "Pay Bands, Revised"',
    );
  });

  it("publishing makes the draft live, keeps a version (who, when, the full content) and raises the content version", async () => {
    await publishedArticle();
    await saveArticleDraft(t.db, editor, {
      slug: "pay-bands",
      article: input({ slug: "pay-bands", title: "Pay Bands, Revised" }),
    });
    const before = await readContentVersion(t.db);
    const published = await publishArticleVersion(t.db, editor, "pay-bands");
    expect(published.ok).toBe(true);
    expect(await readContentVersion(t.db)).toBeGreaterThan(before);
    expect((await getPublishedArticle(t.db, "pay-bands"))?.title).toBe("Pay Bands, Revised");
    expect((await getArticleDraft(t.db, "pay-bands"))?.draft).toBeUndefined();
    const versions = await listVersions(t.db, "article", "pay-bands");
    expect(versions.map((v) => [v.number, v.fields.title, v.actorName, v.note])).toEqual([
      [2, "Pay Bands, Revised", editor.name, "Published"],
      [1, "Pay Bands for Start-ups", editor.name, "Published"],
    ]);
    expect(versions[0]?.fields.body).toBe("Start with **levels**.\nThen draw the bands.");
    expect(Date.parse(versions[0]?.createdAt ?? "")).not.toBeNaN();
  });

  it("compares two versions field by field, long text line by line", async () => {
    await publishedArticle();
    await publishArticleVersion(
      t.db,
      editor,
      "pay-bands",
      input({
        slug: "pay-bands",
        body: "Start with **levels**.\nThen draw <b>bands</b>.",
        summary: "How to draw fair pay bands.",
      }),
    );
    const [newer, older] = await listVersions(t.db, "article", "pay-bands");
    const diff = diffFields(older?.fields ?? {}, newer?.fields ?? {}, ARTICLE_FIELD_LABELS);
    expect(diff.filter((d) => d.changed).map((d) => d.label)).toEqual(["Summary", "Body"]);
    expect(diff.find((d) => d.field === "body")?.parts).toEqual([
      { kind: "same", text: "Start with **levels**.\n" },
      { kind: "removed", text: "Then draw the bands." },
      { kind: "added", text: "Then draw <b>bands</b>." },
    ]);
    expect(diff.find((d) => d.field === "summary")?.parts).toEqual([
      { kind: "same", text: "How to draw " },
      { kind: "added", text: "fair " },
      { kind: "same", text: "pay " },
      { kind: "removed", text: "bands before the first hundred hires." },
      { kind: "added", text: "bands." },
    ]);
  });

  it("restoring a version makes it the draft and publishing it keeps a new version; history is untouched", async () => {
    await publishedArticle();
    await publishArticleVersion(
      t.db,
      editor,
      "pay-bands",
      input({ slug: "pay-bands", title: "Second" }),
    );
    const contentBefore = await readContentVersion(t.db);
    expect(await restoreArticleVersion(t.db, editor, "pay-bands", 1)).toBe(true);
    expect(await readContentVersion(t.db)).toBe(contentBefore);
    expect((await getPublishedArticle(t.db, "pay-bands"))?.title).toBe("Second");
    expect((await getArticleDraft(t.db, "pay-bands"))?.article.title).toBe(
      "Pay Bands for Start-ups",
    );
    await publishArticleVersion(t.db, editor, "pay-bands");
    const versions = await listVersions(t.db, "article", "pay-bands");
    expect(versions.map((v) => [v.number, v.fields.title])).toEqual([
      [3, "Pay Bands for Start-ups"],
      [2, "Second"],
      [1, "Pay Bands for Start-ups"],
    ]);
    expect(await restoreArticleVersion(t.db, editor, "pay-bands", 99)).toBe(false);
  });

  it("versions and the draft follow a new slug", async () => {
    await publishedArticle();
    await publishArticleVersion(t.db, editor, "pay-bands", input({ slug: "pay-bands-india" }));
    expect((await listVersions(t.db, "article", "pay-bands-india")).length).toBe(2);
    expect(await listVersions(t.db, "article", "pay-bands")).toEqual([]);
  });

  it("a scheduled publish happens once at its moment with two runners at once, and the sitemap's list follows", async () => {
    await createArticle(t.db, editor, input({ slug: "later" }));
    const runAt = istLocalToUtc("2026-12-01T09:30");
    expect(runAt).toBe("2026-12-01T04:00:00.000Z");
    await addSchedule(
      t.db,
      editor,
      { kind: "article", entityId: "later", title: "x" },
      "publish",
      runAt as string,
    );

    const runnerAt = (iso: string) =>
      startScheduleJob(t.db, { handlers: HANDLERS, now: () => new Date(iso) });
    const early = runnerAt("2026-12-01T03:59:00.000Z");
    expect(await early.runNow()).toBe(0);
    await early.stop();
    expect(await getPublishedArticle(t.db, "later")).toBeUndefined();

    const before = await readContentVersion(t.db);
    const [a, b] = [runnerAt("2026-12-01T04:00:30.000Z"), runnerAt("2026-12-01T04:00:30.000Z")];
    const done = await Promise.all([a.runNow(), b.runNow()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(done[0] + done[1]).toBe(1);
    expect((await getPublishedArticle(t.db, "later"))?.slug).toBe("later");
    expect((await listPublishedArticles(t.db)).map((x) => x.slug)).toContain("later");
    expect(await readContentVersion(t.db)).toBeGreaterThan(before);
    const versions = await listVersions(t.db, "article", "later");
    expect(versions.map((v) => [v.number, v.note, v.actorName])).toEqual([
      [1, "Published (scheduled)", "System"],
    ]);
    expect(await listPendingSchedules(t.db, "article", "later")).toEqual([]);
  });

  it("a scheduled unpublish takes the article off once, and the sitemap's list follows", async () => {
    await publishedArticle("soon-gone");
    await addSchedule(
      t.db,
      editor,
      { kind: "article", entityId: "soon-gone", title: "x" },
      "unpublish",
      "2026-12-02T00:00:00.000Z",
    );
    const [a, b] = [0, 1].map(() =>
      startScheduleJob(t.db, {
        handlers: HANDLERS,
        now: () => new Date("2026-12-02T00:00:10.000Z"),
      }),
    );
    const done = await Promise.all([a?.runNow(), b?.runNow()]);
    await Promise.all([a?.stop(), b?.stop()]);
    expect((done[0] ?? 0) + (done[1] ?? 0)).toBe(1);
    expect(await getPublishedArticle(t.db, "soon-gone")).toBeUndefined();
    expect((await listPublishedArticles(t.db)).map((x) => x.slug)).not.toContain("soon-gone");
  });

  it("a schedule of a deleted article is marked done as missing and never stops the run", async () => {
    await createArticle(t.db, editor, input({ slug: "gone" }));
    await createArticle(t.db, editor, input({ slug: "stays" }));
    await addSchedule(
      t.db,
      editor,
      { kind: "article", entityId: "gone", title: "x" },
      "publish",
      "2026-12-03T00:00:00.000Z",
    );
    await addSchedule(
      t.db,
      editor,
      { kind: "article", entityId: "stays", title: "x" },
      "publish",
      "2026-12-03T00:01:00.000Z",
    );
    await t.db.deleteFrom("articles").where("slug", "=", "gone").execute();
    const job = startScheduleJob(t.db, {
      handlers: HANDLERS,
      now: () => new Date("2026-12-03T00:02:00.000Z"),
    });
    expect(await job.runNow()).toBe(2);
    expect(await job.runNow()).toBe(0);
    await job.stop();
    const outcomes = await t.db
      .selectFrom("contentSchedules")
      .select(["entityId", "outcome"])
      .orderBy("runAt")
      .execute();
    expect(outcomes).toEqual([
      { entityId: "gone", outcome: "missing" },
      { entityId: "stays", outcome: "done" },
    ]);
    expect((await getPublishedArticle(t.db, "stays"))?.slug).toBe("stays");
  });

  it("an unpublished article's saves go to its row (nothing of it is live)", async () => {
    await createArticle(t.db, editor, input({ slug: "quiet" }));
    await saveArticleDraft(t.db, editor, {
      slug: "quiet",
      article: input({ slug: "quiet", title: "Quiet" }),
    });
    expect((await getArticleDraft(t.db, "quiet"))?.draft).toBeUndefined();
    expect((await getArticleDraft(t.db, "quiet"))?.article.title).toBe("Quiet");
    await updateArticle(t.db, editor, { slug: "quiet", article: input({ slug: "quiet" }) });
  });
});
