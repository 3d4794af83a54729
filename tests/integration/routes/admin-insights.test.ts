import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { SLUG_TAKEN_MESSAGE } from "~/modules/library/article-commands.server";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import { getArticle } from "~/modules/library/articles.server";
import * as articleList from "~/routes/admin/insights";
import * as articlePage from "~/routes/admin/insights.$slug";
import * as articleNew from "~/routes/admin/insights.new";
import * as publicArticle from "~/routes/public/insight";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * The staff's article pages (issue 13): the form with its checks and preview (plain posts, as a
 * browser sends them without JavaScript; with it, the same action answers in place), publishing,
 * unpublishing and deleting, and what each does to the public site's content version.
 */

const ARTICLE = {
  title: "Pay Bands for Start-ups",
  slug: "",
  category: "Reward Strategy",
  author: "Founding Partner",
  publishedOn: "2026-11-20",
  summary: "How to draw pay bands before the first hundred hires.",
  body: "## Start with levels\n\nThen **ranges**.",
};

type FormState = {
  message?: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  preview?: string;
  confirmation?: { fields: [string, string][] };
};

describe.each(DIALECTS)("the admin's article pages (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor } = await editorAndAdmin(h));
  });
  afterAll(async () => {
    await h?.close();
  });

  const create = (fields: Record<string, string>, cookie = editor.cookie) =>
    h.action<FormState>(articleNew, h.post("/admin/insights/new", fields, { cookie }));
  const onPage = (slug: string, fields: Record<string, string>) =>
    h.action<FormState>(
      articlePage,
      h.post(`/admin/insights/${slug}`, fields, { cookie: editor.cookie }),
      { params: { slug } },
    );
  const publicStatus = async (slug: string) =>
    (await h.loader(publicArticle, h.get(`/insights/${slug}`), { params: { slug } })).status;

  it("are for signed-in staff only; editors may use them", async () => {
    const anonymous = await h.loader(articleList, h.get("/admin/insights"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    expect((await create({ ...ARTICLE, intent: "save" }, "")).status).toBe(401);
    const list = await h.loader<{ list: { total: number } }>(
      articleList,
      h.get("/admin/insights", { cookie: editor.cookie }),
    );
    expect(list.status).toBe(200);
    expect(list.data.list.total).toBe(ARTICLE_DEFAULTS.length);
  });

  it("refuses a form with a message per field and gives back what was typed", async () => {
    const out = await create({
      intent: "save",
      title: "  ",
      slug: "Bad Slug!",
      category: "",
      author: "",
      publishedOn: "2026-02-30",
      summary: "",
      body: "Kept <b>as typed</b>",
    });
    expect(out.status).toBe(400);
    expect(fieldMessage(out.data, "title")).toBe("Title is required");
    expect(fieldMessage(out.data, "slug")).toMatch(/lower-case letters, digits and single hyphens/);
    expect(fieldMessage(out.data, "category")).toBe("Category is required");
    expect(fieldMessage(out.data, "author")).toBe("Author is required");
    expect(fieldMessage(out.data, "publishedOn")).toMatch(/real date as YYYY-MM-DD/);
    expect(fieldMessage(out.data, "summary")).toBe("Summary is required");
    expect(fieldMessage(out.data, "body")).toBeUndefined();
    expect(typedValue(out.data, "body")).toBe("Kept <b>as typed</b>");
    expect(typedValue(out.data, "slug")).toBe("Bad Slug!");
    expect(
      fieldMessage((await create({ ...ARTICLE, slug: "new", intent: "save" })).data, "slug"),
    ).toMatch(/reserved/);
  });

  it("refuses a slug another article has, and makes a free one from the title when left blank", async () => {
    const taken = await create({ ...ARTICLE, slug: ARTICLE_DEFAULTS[0]!.slug, intent: "save" });
    expect(taken.status).toBe(400);
    expect(fieldMessage(taken.data, "slug")).toBe(SLUG_TAKEN_MESSAGE);
    expect(typedValue(taken.data, "title")).toBe(ARTICLE.title);

    const first = await create({ ...ARTICLE, title: "Merit Pay, Twice", intent: "save" });
    expect(first.location).toBe("/admin/insights/merit-pay-twice?created=1");
    const second = await create({ ...ARTICLE, title: "Merit Pay Twice", intent: "save" });
    expect(second.status).toBe(302);
    expect(second.location).toBe("/admin/insights/merit-pay-twice-2?created=1");
  });

  it("previews the body sanitised without saving anything", async () => {
    const before = await h.loader<{ list: { total: number } }>(
      articleList,
      h.get("/admin/insights", { cookie: editor.cookie }),
    );
    const out = await create({
      ...ARTICLE,
      title: "",
      intent: "preview",
      body: "## Heading\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) <img src=x onerror=alert(1)>",
    });
    expect(out.status).toBe(200);
    expect(out.data.preview).toContain("<h2>Heading</h2>");
    expect(out.data.preview).not.toMatch(/<script|<img|href="javascript/);
    expect(out.data.values?.body).toContain("<script>");
    expect(out.data.errors).toBeUndefined();
    const after = await h.loader<{ list: { total: number } }>(
      articleList,
      h.get("/admin/insights", { cookie: editor.cookie }),
    );
    expect(after.data.list.total).toBe(before.data.list.total);
  });

  it("creates a draft, publishes it (content version up), unpublishes after confirming, deletes", async () => {
    const versionBefore = await readContentVersion(h.db);
    const created = await create({ ...ARTICLE, intent: "save" });
    expect(created.location).toBe("/admin/insights/pay-bands-for-start-ups?created=1");
    const slug = "pay-bands-for-start-ups";
    expect(await readContentVersion(h.db)).toBe(versionBefore);
    expect(await publicStatus(slug)).toBe(404);

    const drafts = await h.loader<{ list: { items: { slug: string }[] } }>(
      articleList,
      h.get("/admin/insights?status=draft", { cookie: editor.cookie }),
    );
    expect(drafts.data.list.items.map((a) => a.slug)).toContain(slug);

    const page = await h.loader<{ article: { status: string }; notice?: string }>(
      articlePage,
      h.get(`/admin/insights/${slug}?created=1`, { cookie: editor.cookie }),
      { params: { slug } },
    );
    expect(page.data.article.status).toBe("draft");
    expect(page.data.notice).toMatch(/saved as a draft/);

    const published = await onPage(slug, { intent: "publish" });
    expect(published.data.message).toMatch(/Article published/);
    expect(await readContentVersion(h.db)).toBe(versionBefore + 1);
    expect(await publicStatus(slug)).toBe(200);

    // Saving a published article keeps a draft (issue 29): the live page and version stay.
    const saved = await onPage(slug, { ...ARTICLE, slug, title: "Pay Bands", intent: "save" });
    expect(saved.data.message).toMatch(/^Draft saved: the live page is unchanged/);
    expect(await readContentVersion(h.db)).toBe(versionBefore + 1);
    expect((await getArticle(h.db, slug))?.title).toBe(ARTICLE.title);
    // Publishing the draft makes it live and raises the version once.
    expect((await onPage(slug, { intent: "publish" })).data.message).toMatch(/Article published/);
    expect((await getArticle(h.db, slug))?.title).toBe("Pay Bands");
    expect(await readContentVersion(h.db)).toBe(versionBefore + 2);

    const asked = await onPage(slug, { intent: "unpublish" });
    expect(asked.data.confirmation?.fields).toEqual([["intent", "unpublish"]]);
    expect((await getArticle(h.db, slug))?.status).toBe("published");
    await onPage(slug, { intent: "unpublish", confirmed: "yes" });
    expect((await getArticle(h.db, slug))?.status).toBe("draft");
    expect(await publicStatus(slug)).toBe(404);

    expect((await onPage(slug, { intent: "delete" })).data.confirmation).toBeDefined();
    const deleted = await onPage(slug, { intent: "delete", confirmed: "yes" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe(`/admin/insights?deleted=${encodeURIComponent("Pay Bands")}`);
    expect(await getArticle(h.db, slug)).toBeUndefined();
    const gone = await h.loader(
      articlePage,
      h.get(`/admin/insights/${slug}`, { cookie: editor.cookie }),
      { params: { slug } },
    );
    expect(gone.status).toBe(404);
  });

  it("moves a published article to a new slug only when staff type one", async () => {
    const slug = ARTICLE_DEFAULTS[2]!.slug;
    const values = { ...ARTICLE_DEFAULTS[2]!, slug: "" } as Record<string, string>;
    // A blank slug keeps the address, whatever the title.
    const kept = await onPage(slug, { ...values, title: "A New Title", intent: "save" });
    expect(kept.data.message).toMatch(/^Draft saved/);
    await onPage(slug, { intent: "publish" });
    expect(await publicStatus(slug)).toBe(200);
    // A new slug is part of the draft (issue 29): the address moves when it is published.
    await onPage(slug, { ...values, slug: "sales-incentives", intent: "save" });
    expect(await publicStatus(slug)).toBe(200);
    const moved = await onPage(slug, { intent: "publish" });
    expect(moved.location).toBe("/admin/insights/sales-incentives?moved=1");
    expect(await publicStatus(slug)).toBe(404);
    expect(await publicStatus("sales-incentives")).toBe(200);
  });
});
