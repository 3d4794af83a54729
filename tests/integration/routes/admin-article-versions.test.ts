import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { FILE_KINDS } from "~/modules/files/file-kinds.server";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import { getArticle } from "~/modules/library/articles.server";
import { resourceInputSchema } from "~/modules/library/resource.schema";
import { createResource } from "~/modules/library/resource-commands.server";
import { utcToIstLocal } from "~/modules/versions/ist";
import { listPendingSchedules } from "~/modules/versions/schedules.server";
import { listVersions } from "~/modules/versions/versions.server";
import * as articlePage from "~/routes/admin/insights.$slug";
import * as historyPage from "~/routes/admin/insights.$slug.versions";
import * as resourcePage from "~/routes/admin/resources.$slug";
import * as previewPage from "~/routes/public/insight-preview";
import { pdfFile } from "../../support/office-files";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * Issue 29 (decision 0060) through the routes, as a browser without JavaScript posts: a draft of a
 * published article leaves the public page alone, the preview shows it to staff only and is never
 * stored, "Publish draft" keeps a version, the history compares two (escaped) and restores one
 * as the draft, and a schedule typed in IST is kept in UTC and refused when in the past.
 */

type Diff = Array<{
  field: string;
  changed: boolean;
  parts: Array<{ kind: string; text: string }>;
}>;

describe.each(DIALECTS)("an article's drafts and history (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  const slug = ARTICLE_DEFAULTS[0]!.slug;
  const values = { ...ARTICLE_DEFAULTS[0]!, slug } as Record<string, string>;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor } = await editorAndAdmin(h));
  });
  afterAll(async () => {
    await h?.close();
  });

  const onPage = (fields: Record<string, string>) =>
    h.action<{ message?: string; scheduleState?: { errors?: Record<string, string> } }>(
      articlePage,
      h.post(`/admin/insights/${slug}`, fields, { cookie: editor.cookie }),
      { params: { slug } },
    );
  const preview = (cookie?: string) =>
    h.loader<{ article: { title: string; summary: string } }>(
      previewPage,
      h.get(`/admin/insights/${slug}/preview`, cookie ? { cookie } : {}),
      { params: { slug } },
    );
  const history = (query = "") =>
    h.loader<{ diff?: Diff; versions: Array<{ number: number }> }>(
      historyPage,
      h.get(`/admin/insights/${slug}/versions${query}`, { cookie: editor.cookie }),
      { params: { slug } },
    );

  it("saves a draft, previews it for staff only (uncached, noindex), publishes, compares and restores", async () => {
    const before = await readContentVersion(h.db);
    const title = "Draft <b>Title</b>";
    const saved = await onPage({ ...values, title, intent: "save" });
    expect(saved.data.message).toMatch(/^Draft saved/);
    expect(await readContentVersion(h.db)).toBe(before);
    expect((await getArticle(h.db, slug))?.title).toBe(ARTICLE_DEFAULTS[0]!.title);

    // The preview: the draft, for staff only, never stored.
    expect((await preview()).status).toBe(302);
    const shown = await preview(editor.cookie);
    expect(shown.status).toBe(200);
    expect(shown.data.article.title).toBe(title);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(shown.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(previewPage.handle.pageCache).toBe(false);
    expect(previewPage.headers({} as never)).toMatchObject({
      "Cache-Control": "private, no-store",
    });

    // Publish the draft: live, a version kept (the first publish of a seeded article is version 1).
    expect((await onPage({ intent: "publish" })).data.message).toMatch(/Article published/);
    expect((await getArticle(h.db, slug))?.title).toBe(title);
    expect(await readContentVersion(h.db)).toBe(before + 1);
    await onPage({ ...values, title: "Third", intent: "save" });
    await onPage({ intent: "publish" });
    const versions = await listVersions(h.db, "article", slug);
    expect(versions.map((v) => v.number)).toEqual([2, 1]);
    expect(versions[0]?.actorName).toBe(editor.username);

    // Compare: per field, the text kept as text (the page escapes it).
    const compared = await history("?from=1&to=2");
    const titleDiff = compared.data.diff?.find((field) => field.field === "title");
    expect(titleDiff?.changed).toBe(true);
    expect(titleDiff?.parts).toEqual([
      { kind: "removed", text: "Draft <b>Title</b>" },
      { kind: "added", text: "Third" },
    ]);
    expect(compared.data.diff?.find((field) => field.field === "body")?.changed).toBe(false);
    expect((await history("?from=1&to=99")).data.diff).toBeUndefined();

    // Restore version 1: it becomes the draft; the live page and history stay as they were.
    const restored = await h.action(
      historyPage,
      h.post(
        `/admin/insights/${slug}/versions`,
        { intent: "restore", version: "1" },
        {
          cookie: editor.cookie,
        },
      ),
      { params: { slug } },
    );
    expect(restored.location).toBe(`/admin/insights/${slug}?restored=1`);
    expect((await getArticle(h.db, slug))?.title).toBe("Third");
    expect((await preview(editor.cookie)).data.article.title).toBe(title);
    expect((await listVersions(h.db, "article", slug)).map((v) => v.number)).toEqual([2, 1]);
    const refused = await h.action<{ message: string }>(
      historyPage,
      h.post(
        `/admin/insights/${slug}/versions`,
        { intent: "restore", version: "77" },
        {
          cookie: editor.cookie,
        },
      ),
      { params: { slug } },
    );
    expect(refused.status).toBe(400);
    await onPage({ intent: "publish" });
    expect(
      (await listVersions(h.db, "article", slug)).map((v) => [v.number, v.fields.title]),
    ).toEqual([
      [3, title],
      [2, "Third"],
      [1, title],
    ]);
  });

  it("schedules in IST, stores UTC, refuses a past or unreal time with a message, and cancels", async () => {
    const past = await onPage({
      intent: "schedule",
      action: "unpublish",
      runAt: "2020-01-01T10:00",
    });
    expect(past.status).toBe(400);
    expect(fieldMessage(past.data.scheduleState, "runAt")).toMatch(/still to come/);
    const unreal = await onPage({
      intent: "schedule",
      action: "unpublish",
      runAt: "2031-02-31T10:00",
    });
    expect(fieldMessage(unreal.data.scheduleState, "runAt")).toMatch(/real date/);
    const noAction = await onPage({
      intent: "schedule",
      action: "delete",
      runAt: "2031-02-01T10:00",
    });
    expect(fieldMessage(noAction.data.scheduleState, "action")).toBeTruthy();

    const ok = await onPage({ intent: "schedule", action: "unpublish", runAt: "2031-02-01T10:00" });
    expect(ok.data.message).toMatch(/^Scheduled/);
    const [pending] = await listPendingSchedules(h.db, "article", slug);
    expect(pending?.runAt).toBe("2031-02-01T04:30:00.000Z");
    expect(utcToIstLocal(pending?.runAt ?? "")).toBe("2031-02-01T10:00");
    await onPage({ intent: "cancel-schedule", scheduleId: pending?.id ?? "" });
    expect(await listPendingSchedules(h.db, "article", slug)).toEqual([]);
  });

  it("schedules a resource's publish in IST from its edit page, refusing a bad time", async () => {
    await createResource(
      h.db,
      { id: editor.id, name: editor.username },
      {
        input: resourceInputSchema.parse({
          type: "guide",
          title: "Pay Review Guide",
          slug: "pay-review-guide",
          summary: "The annual review, step by step.",
          category: "Reward Strategy",
          pageCount: "12",
        }),
        file: { bytes: await pdfFile("Guide"), kind: FILE_KINDS.pdf },
      },
    );
    const post = (fields: Record<string, string>) =>
      h.action<{ message?: string; scheduleState?: { errors?: Record<string, string> } }>(
        resourcePage,
        h.post("/admin/resources/pay-review-guide", fields, { cookie: editor.cookie }),
        { params: { slug: "pay-review-guide" } },
      );
    const refused = await post({ intent: "schedule", action: "publish", runAt: "soon" });
    expect(refused.status).toBe(400);
    expect(fieldMessage(refused.data.scheduleState, "runAt")).toMatch(/real date/);
    const ok = await post({ intent: "schedule", action: "publish", runAt: "2031-03-01T00:15" });
    expect(ok.data.message).toBe("Scheduled: the resource will be published then.");
    const [pending] = await listPendingSchedules(h.db, "resource", "pay-review-guide");
    expect(pending?.runAt).toBe("2031-02-28T18:45:00.000Z");
  });
});
