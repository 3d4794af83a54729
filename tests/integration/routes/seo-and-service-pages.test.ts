import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_LAYOUT_ID } from "~/lib/seo";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import { deleteArticle, updateArticle } from "~/modules/library/article-commands.server";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import { getArticle } from "~/modules/library/articles.server";
import { getSeoFields } from "~/modules/seo/seo-store.server";
import { DEFAULT_SERVICES } from "~/modules/services/services.defaults";
import * as seoAdmin from "~/routes/admin/seo";
import * as about from "~/routes/public/about";
import * as insight from "~/routes/public/insight";
import * as publicLayout from "~/routes/public/layout";
import * as servicePage from "~/routes/public/services.$slug";
import * as sitemap from "~/routes/resources/sitemap";
import { BASE_URL, fieldMessage, type SignedInStaff } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { auditEntries } from "../../support/write-path";
import { type MediaHarness, mediaHarness, photo } from "./media-fixture";

/*
 * Issue 29: a page per service area, and the search and social fields of pages, articles,
 * resources, services and postings, saved through the admin form and used by the public head.
 */

type Tag = Record<string, unknown>;

describe.each(DIALECTS)("service pages and search and social fields (%s)", (dialect) => {
  let m: MediaHarness;
  let editor: SignedInStaff;
  const article = ARTICLE_DEFAULTS[0]!;

  beforeAll(async () => {
    m = await mediaHarness(dialect);
    editor = m.editor;
  });
  afterAll(async () => {
    await m?.close();
  });

  /** The head a public page's meta export gives, with the public layout's data beside it. */
  async function headOf(
    module: { loader?: unknown; meta?: unknown },
    path: string,
    params: Record<string, string> = {},
  ): Promise<Tag[]> {
    const context = await m.h.publicContext();
    const layout = await m.h.loader(publicLayout, m.h.get(path), { context });
    const page = await m.h.loader(module as never, m.h.get(path), { params, context });
    expect(page.status).toBe(200);
    const meta = module.meta as (args: unknown) => Tag[];
    return meta({
      loaderData: page.data,
      params,
      matches: [
        { id: PUBLIC_LAYOUT_ID, loaderData: layout.data },
        { id: "page", loaderData: page.data },
      ],
    });
  }
  const titleOf = (tags: Tag[]) => tags.find((t) => "title" in t)?.title;
  const nameOf = (tags: Tag[], name: string) =>
    tags.find((t) => t.name === name || t.property === name)?.content;
  const canonicalOf = (tags: Tag[]) => tags.find((t) => t.rel === "canonical")?.href;

  const save = (kind: string, key: string, fields: Record<string, string>) =>
    m.h.action<{ message: string; errors?: Record<string, string> }>(
      seoAdmin,
      m.h.post(`/admin/seo/${kind}/${key}`, fields, { cookie: editor.cookie }),
      { params: { kind, key } },
    );

  describe("a page per service area", () => {
    it("gives each area its page with breadcrumbs, Service data and a booking link", async () => {
      for (const service of DEFAULT_SERVICES) {
        const out = await m.h.loader<{ service: { title: string }; bookPath: string }>(
          servicePage,
          m.h.get(`/services/${service.id}`),
          { params: { slug: service.id }, context: await m.h.publicContext() },
        );
        expect(out.status).toBe(200);
        expect(out.data.service.title).toBe(service.title);
        // /book asks the service interest first where routing rules exist (decision 0050).
        expect(out.data.bookPath).toBe(
          service.id === "variable" ? "/book" : `/book?service=${service.id}`,
        );
      }
      const head = await headOf(servicePage, "/services/equity", { slug: "equity" });
      expect(canonicalOf(head)).toBe(`${BASE_URL}/services/equity`);
      const blocks = head.filter((t) => "script:ld+json" in t).map((t) => t["script:ld+json"]);
      const serviceData = blocks.find((b) => (b as Tag)["@type"] === "Service") as Tag;
      expect(serviceData.name).toBe(DEFAULT_SERVICES[0]!.title);
      expect(serviceData.url).toBe(`${BASE_URL}/services/equity`);
      const crumbs = blocks.find((b) => (b as Tag)["@type"] === "BreadcrumbList") as {
        itemListElement: { name: string }[];
      };
      expect(crumbs.itemListElement.map((c) => c.name)).toEqual([
        "Home",
        "Services",
        DEFAULT_SERVICES[0]!.title,
      ]);
    });

    it("answers 404 for a slug no service has", async () => {
      const out = await m.h.loader(servicePage, m.h.get("/services/nothing"), {
        params: { slug: "nothing" },
      });
      expect(out.status).toBe(404);
    });

    it("lists every service page in the sitemap", async () => {
      const xml = await (await m.h.loader(sitemap, m.h.get("/sitemap.xml"))).response!.text();
      for (const service of DEFAULT_SERVICES) {
        expect(xml).toContain(`<loc>${BASE_URL}/services/${service.id}</loc>`);
      }
    });
  });

  describe("search and social fields", () => {
    it("keeps today's defaults while no field is set", async () => {
      const head = await headOf(insight, `/insights/${article.slug}`, { slug: article.slug });
      expect(titleOf(head)).toMatch(new RegExp(`^${article.title.replace(/[()?]/g, ".")} \\| `));
      expect(nameOf(head, "description")).toBe(article.summary);
      expect(canonicalOf(head)).toBe(`${BASE_URL}/insights/${article.slug}`);
      expect(nameOf(head, "og:image")).toBe(`${BASE_URL}/og-image.png`);
    });

    it("saves an article's fields (audited, content version raised) and the head uses them", async () => {
      const png = await photo(1600, 840).png().toBuffer();
      const imageId = await m.uploaded(
        { alt: "Pay bands chart", focalX: "50" },
        { name: "c.png", bytes: png, type: "image/png" },
      );
      const version = async () =>
        Number(
          (await m.h.db.selectFrom("contentVersion").select("version").executeTakeFirst())
            ?.version ?? 0,
        );
      const before = await version();
      const out = await save("article", article.slug, {
        metaTitle: "Pay bands that hold up | Guide",
        metaDescription: "How to build pay bands a growing Indian company can defend.",
        imageId,
        canonical: "/insights",
      });
      expect(out.status).toBe(200);
      expect(out.data.message).toBe("Search and social fields saved.");
      expect(await version()).toBe(before + 1);
      const entries = await auditEntries(m.h.db);
      expect(entries.at(-1)?.summary).toBe(
        `Updated the search and social fields of the article "${article.title}"`,
      );

      const head = await headOf(insight, `/insights/${article.slug}`, { slug: article.slug });
      expect(titleOf(head)).toBe("Pay bands that hold up | Guide");
      expect(nameOf(head, "og:title")).toBe("Pay bands that hold up | Guide");
      expect(nameOf(head, "twitter:title")).toBe("Pay bands that hold up | Guide");
      for (const name of ["description", "og:description", "twitter:description"]) {
        expect(nameOf(head, name)).toBe(
          "How to build pay bands a growing Indian company can defend.",
        );
      }
      expect(canonicalOf(head)).toBe(`${BASE_URL}/insights`);
      expect(nameOf(head, "og:image")).toBe(`${BASE_URL}/media/${imageId}/1280.webp`);
      expect(nameOf(head, "twitter:image")).toBe(`${BASE_URL}/media/${imageId}/1280.webp`);
      expect(nameOf(head, "og:image:alt")).toBe("Pay bands chart");

      // The same fields again: nothing changes, nothing is recorded.
      const count = (await auditEntries(m.h.db)).length;
      await save("article", article.slug, {
        metaTitle: "Pay bands that hold up | Guide",
        metaDescription: "How to build pay bands a growing Indian company can defend.",
        imageId,
        canonical: "/insights",
      });
      expect((await auditEntries(m.h.db)).length).toBe(count);

      // Emptied: the defaults again.
      await save("article", article.slug, {
        metaTitle: "",
        metaDescription: "",
        imageId: "",
        canonical: "",
      });
      const cleared = await headOf(insight, `/insights/${article.slug}`, { slug: article.slug });
      expect(nameOf(cleared, "description")).toBe(article.summary);
      expect(canonicalOf(cleared)).toBe(`${BASE_URL}/insights/${article.slug}`);
    });

    it("uses a page text's fields and an https canonical on the About page", async () => {
      const out = await save("page", "about", {
        metaTitle: "About the firm",
        metaDescription: "Who we are.",
        imageId: "",
        canonical: "https://example.in/about-us",
      });
      expect(out.status).toBe(200);
      const head = await headOf(about, "/about");
      expect(titleOf(head)).toBe("About the firm");
      expect(nameOf(head, "description")).toBe("Who we are.");
      expect(canonicalOf(head)).toBe("https://example.in/about-us");
      expect(nameOf(head, "og:url")).toBe("https://example.in/about-us");
    });

    it("uses a service area's fields on its page", async () => {
      await save("service", "benefits", {
        metaTitle: "Employee benefits consulting in India",
        metaDescription: "",
        imageId: "",
        canonical: "",
      });
      const head = await headOf(servicePage, "/services/benefits", { slug: "benefits" });
      expect(titleOf(head)).toBe("Employee benefits consulting in India");
      expect(nameOf(head, "description")).toBe(
        DEFAULT_SERVICES.find((s) => s.id === "benefits")!.subtitle,
      );
    });

    it("refuses a title over 70, a description over 200 and a canonical that is not a site path or https", async () => {
      const count = (await auditEntries(m.h.db)).length;
      const out = await save("service", "equity", {
        metaTitle: "t".repeat(71),
        metaDescription: "d".repeat(201),
        imageId: "",
        canonical: "//evil.example/page",
      });
      expect(out.status).toBe(400);
      expect(fieldMessage(out.data, "metaTitle")).toBe("Must be at most 70 characters");
      expect(fieldMessage(out.data, "metaDescription")).toBe("Must be at most 200 characters");
      expect(fieldMessage(out.data, "canonical")).toBe(
        "Enter a path on this site (starting with /) or an https:// address",
      );
      for (const canonical of ["http://example.in/x", "javascript:alert(1)", "page"]) {
        const bad = await save("service", "equity", { canonical });
        expect(fieldMessage(bad.data, "canonical"), canonical).toBeDefined();
      }
      expect((await auditEntries(m.h.db)).length).toBe(count);
    });

    it("moves an article's fields with its slug and drops them with the article", async () => {
      const stored = await getArticle(m.h.db, ARTICLE_DEFAULTS[1]!.slug);
      if (!stored) throw new Error("no article");
      await save("article", stored.slug, { metaTitle: "Moved with the article" });
      const input = articleInputSchema.parse({
        title: stored.title,
        category: stored.category,
        author: stored.author,
        publishedOn: stored.publishedOn,
        summary: stored.summary,
        body: stored.body,
        slug: `${stored.slug}-moved`,
      });
      const saved = await updateArticle(m.h.db, SYSTEM_ACTOR, {
        slug: stored.slug,
        article: input,
      });
      expect(saved.ok).toBe(true);
      expect((await getSeoFields(m.h.db, "article", `${stored.slug}-moved`)).metaTitle).toBe(
        "Moved with the article",
      );
      expect((await getSeoFields(m.h.db, "article", stored.slug)).metaTitle).toBe("");
      expect(await deleteArticle(m.h.db, SYSTEM_ACTOR, `${stored.slug}-moved`)).toBe(true);
      const left = await m.h.db
        .selectFrom("seoFields")
        .select("subjectKey")
        .where("subjectKind", "=", "article")
        .execute();
      expect(left.map((row) => row.subjectKey)).not.toContain(`${stored.slug}-moved`);
    });

    it("answers 404 for an unknown kind or subject, and keeps signed-out visitors out", async () => {
      const missing = await m.h.loader(
        seoAdmin,
        m.h.get("/admin/seo/article/none", { cookie: editor.cookie }),
        {
          params: { kind: "article", key: "none" },
        },
      );
      expect(missing.status).toBe(404);
      const kind = await m.h.loader(
        seoAdmin,
        m.h.get("/admin/seo/thing/x", { cookie: editor.cookie }),
        {
          params: { kind: "thing", key: "x" },
        },
      );
      expect(kind.status).toBe(404);
      const out = await m.h.loader(seoAdmin, m.h.get("/admin/seo/page/about"), {
        params: { kind: "page", key: "about" },
      });
      expect(out.status).toBe(302);
    });
  });
});
