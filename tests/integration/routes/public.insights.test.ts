import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteInfo } from "~/lib/seo";
import { pageViewSchema } from "~/modules/analytics/analytics.schema";
import { trackPageView } from "~/modules/analytics/analytics.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import {
  createArticle,
  publishArticle,
  unpublishArticle,
} from "~/modules/library/article-commands.server";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import type { ArticleSummary } from "~/modules/library/articles.server";
import { getGeneralSettings, saveGeneralSettings } from "~/modules/settings/settings.server";
import * as insight from "~/routes/public/insight";
import * as insights from "~/routes/public/insights";
import * as feed from "~/routes/resources/insights-feed";
import * as sitemap from "~/routes/resources/sitemap";
import { BASE_URL, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { staffAccount } from "../../support/write-path";

/*
 * The public side of the library's articles (issue 13): /insights and /insights/:slug read the
 * published articles from the database; the Atom feed and the sitemap list them; views show only
 * from the threshold staff set; a Markdown body never carries a script to a visitor.
 */

const SLUG = "pay-bands-for-start-ups";
const HOSTILE_BODY = [
  "## Where to start",
  "Start with **levels**.",
  "<script>alert('x')</script>",
  '<img src="x" onerror="alert(1)">',
  "[a trap](javascript:alert(1)) and [our services](https://example.com/services)",
].join("\n\n");

const SITE: SiteInfo = {
  siteName: "Rewards Co",
  tagline: "",
  siteDescription: "",
  email: "hello@example.com",
  phone: "",
  linkedinUrl: "",
  ceoName: "",
  ctoName: "",
  officeAddress: { streetLines: [], city: "", state: "", pinCode: "", country: "India" },
  whatsappNumber: "",
  baseUrl: BASE_URL,
};
const layoutMatch = { id: "routes/public/layout", loaderData: { site: SITE } };

describe.each(DIALECTS)("the public insights (%s)", (dialect) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  const listed = async () =>
    (await h.loader<{ articles: ArticleSummary[] }>(insights, h.get("/insights"))).data.articles;
  const page = (slug: string) =>
    h.loader<{ article: ArticleSummary & { updatedAt: string }; html: string }>(
      insight,
      h.get(`/insights/${slug}`),
      { params: { slug } },
    );
  const feedXml = async () => {
    const out = await h.loader(feed, h.get("/insights/feed.xml"));
    expect(out.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    return out.response!.text();
  };
  const sitemapXml = async () => (await h.loader(sitemap, h.get("/sitemap.xml"))).response!.text();

  it("lists the seeded articles, newest first, with read times and no made-up counts", async () => {
    const articles = await listed();
    const newest = [...ARTICLE_DEFAULTS].sort((a, b) => b.publishedOn.localeCompare(a.publishedOn));
    expect(articles.map((a) => a.slug)).toEqual(newest.map((a) => a.slug));
    for (const article of articles) {
      expect(article.readMinutes).toBeGreaterThanOrEqual(1);
      expect(article.views).toBeNull();
    }
    const first = await page(newest[0]!.slug);
    expect(first.status).toBe(200);
    expect(first.data.html).toContain("<p>Most companies set pay by picking a percentile");
  });

  it("shows an article once published: page, feed and sitemap with lastmod; the version rises", async () => {
    const editor = await staffAccount(h.db, { username: "writer" });
    await createArticle(
      h.db,
      editor,
      articleInputSchema.parse({
        title: "Pay Bands for Start-ups",
        category: "Reward Strategy",
        author: "Founding Partner",
        publishedOn: "2026-11-20",
        summary: "How to draw pay bands & ranges.",
        body: HOSTILE_BODY,
      }),
    );
    expect((await page(SLUG)).status).toBe(404);
    expect(await feedXml()).not.toContain(`/insights/${SLUG}`);
    expect(await sitemapXml()).not.toContain(`/insights/${SLUG}<`);

    const version = await readContentVersion(h.db);
    await publishArticle(h.db, editor, SLUG);
    expect(await readContentVersion(h.db)).toBe(version + 1);

    expect((await listed())[0]?.slug).toBe(SLUG);
    const shown = await page(SLUG);
    expect(shown.status).toBe(200);
    expect(shown.data.html).toContain("<h2>Where to start</h2>");
    expect(shown.data.html).toContain("<strong>levels</strong>");
    expect(shown.data.html).not.toMatch(/<script|<img|<a[^>]*javascript:|<[a-z][^>]*\son\w+=/i);
    expect(shown.data.html).toContain("&lt;script&gt;");

    const xml = await feedXml();
    expect(xml).toContain(`<link href="${BASE_URL}/insights/${SLUG}"/>`);
    expect(xml).toContain(`<id>${BASE_URL}/insights/${SLUG}</id>`);
    expect(xml).not.toMatch(/<script|<img/);
    expect(xml).toContain(`<updated>${shown.data.article.updatedAt}</updated>`);

    const today = shown.data.article.updatedAt.slice(0, 10);
    expect(await sitemapXml()).toContain(
      `<url><loc>${BASE_URL}/insights/${SLUG}</loc><lastmod>${today}</lastmod></url>`,
    );
  });

  it("gives the article page Article data, and both pages the feed link", () => {
    const article = {
      slug: SLUG,
      title: "Pay Bands for Start-ups",
      summary: "How to draw pay bands.",
      category: "Reward Strategy",
      author: "Founding Partner",
      publishedOn: "2026-11-20",
      updatedAt: "2026-11-21T10:00:00.000Z",
      readMinutes: 1,
      views: null,
    };
    const tags = insight.meta({
      loaderData: { article, html: "" },
      matches: [layoutMatch],
    } as never);
    const jsonLd = tags.flatMap((tag) =>
      "script:ld+json" in tag ? [tag["script:ld+json"] as Record<string, unknown>] : [],
    );
    expect(jsonLd.find((block) => block["@type"] === "Article")).toMatchObject({
      headline: article.title,
      datePublished: "2026-11-20",
      dateModified: article.updatedAt,
      articleSection: "Reward Strategy",
      author: { "@type": "Person", name: "Founding Partner" },
      mainEntityOfPage: `${BASE_URL}/insights/${SLUG}`,
    });
    for (const metaTags of [tags, insights.meta({ matches: [layoutMatch] } as never)]) {
      expect(metaTags).toContainEqual(
        expect.objectContaining({
          tagName: "link",
          rel: "alternate",
          type: "application/atom+xml",
          href: `${BASE_URL}/insights/feed.xml`,
        }),
      );
    }
  });

  it("shows views only from the threshold staff set", async () => {
    const settings = await getGeneralSettings(h.db);
    await saveGeneralSettings(h.db, { ...settings, publicCountThreshold: 2 });
    const view = () =>
      trackPageView(h.db, pageViewSchema.parse({ path: `/insights/${SLUG}`, referrer: "" }));
    await view();
    expect((await listed()).find((a) => a.slug === SLUG)?.views).toBeNull();
    expect((await page(SLUG)).data.article.views).toBeNull();
    await view();
    expect((await listed()).find((a) => a.slug === SLUG)?.views).toBe(2);
    expect((await page(SLUG)).data.article.views).toBe(2);
    await saveGeneralSettings(h.db, settings);
  });

  it("takes an unpublished article off the page, the feed and the sitemap", async () => {
    const editor = await staffAccount(h.db, { username: "unpublisher" });
    await unpublishArticle(h.db, editor, SLUG);
    expect((await page(SLUG)).status).toBe(404);
    expect((await listed()).some((a) => a.slug === SLUG)).toBe(false);
    expect(await feedXml()).not.toContain(`/insights/${SLUG}`);
    expect(await sitemapXml()).not.toContain(`/insights/${SLUG}<`);
  });
});
