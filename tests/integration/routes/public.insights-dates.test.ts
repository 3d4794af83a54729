import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectOf } from "~/db/dialect";
import { migrateToLatest } from "~/db/migrate.server";
import { migrationProvider } from "~/db/migrations/index";
import { articleInputSchema } from "~/modules/library/article.schema";
import { updateArticle } from "~/modules/library/article-commands.server";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import { getArticle } from "~/modules/library/articles.server";
import { seedDefaults } from "~/modules/seed.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import * as insight from "~/routes/public/insight";
import * as publicLayout from "~/routes/public/layout";
import * as feed from "~/routes/resources/insights-feed";
import * as sitemap from "~/routes/resources/sitemap";
import { BASE_URL, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { createTestDatabase, DIALECTS } from "../../support/test-database";
import { staffAccount } from "../../support/write-path";

/*
 * An article's dates and author in what search engines and feed readers read (issue 22 §4): the
 * Article data's dateModified, the Atom feed's <updated> and the sitemap's <lastmod> move with a
 * real change only, not with seeding, a restart or a save that changed nothing; the author is a
 * person's name.
 */

/** The publication day as the seed dates an article that has not changed since. */
const dayOf = (publishedOn: string) => `${publishedOn}T00:00:00.000Z`;
const newestFirst = [...ARTICLE_DEFAULTS].sort((a, b) =>
  b.publishedOn.localeCompare(a.publishedOn),
);

describe.each(DIALECTS)("article dates and authors (%s)", (dialect) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  const articleData = async (slug: string) => {
    const page = await h.loader<{ article: Record<string, unknown> }>(
      insight,
      h.get(`/insights/${slug}`),
      { params: { slug } },
    );
    const layout = await h.loader(publicLayout, h.get("/"), { context: await h.publicContext() });
    const tags = insight.meta({
      loaderData: page.data,
      matches: [{ id: "routes/public/layout", loaderData: layout.data }],
    } as never);
    return tags
      .flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : []))
      .find((block) => (block as { "@type"?: string })["@type"] === "Article") as Record<
      string,
      unknown
    >;
  };
  const feedXml = async () => (await h.loader(feed, h.get("/insights/feed.xml"))).response!.text();
  const sitemapXml = async () => (await h.loader(sitemap, h.get("/sitemap.xml"))).response!.text();

  it("dates the seeded articles by their publication, not by the moment of seeding", async () => {
    for (const seeded of ARTICLE_DEFAULTS) {
      const data = await articleData(seeded.slug);
      expect(data.datePublished, seeded.slug).toBe(seeded.publishedOn);
      expect(data.dateModified, seeded.slug).toBe(dayOf(seeded.publishedOn));
    }
    const xml = await feedXml();
    // The feed's own <updated> comes before its entries.
    expect(xml.match(/<updated>([^<]+)<\/updated>/)?.[1]).toBe(dayOf(newestFirst[0]!.publishedOn));
    const lastmods = await sitemapXml();
    for (const seeded of ARTICLE_DEFAULTS) {
      expect(lastmods).toContain(
        `<loc>${BASE_URL}/insights/${seeded.slug}</loc><lastmod>${seeded.publishedOn}</lastmod>`,
      );
    }
  });

  it("names a person as the author, the founding partner who signed it", async () => {
    const names = new Set([DEFAULT_GENERAL_SETTINGS.ceoName, DEFAULT_GENERAL_SETTINGS.ctoName]);
    for (const seeded of ARTICLE_DEFAULTS) {
      const author = (await articleData(seeded.slug)).author as { "@type": string; name: string };
      expect(author["@type"]).toBe("Person");
      expect(names.has(author.name), `${seeded.slug}: ${author.name}`).toBe(true);
    }
  });

  it("moves the change date on a real edit only", async () => {
    const editor = await staffAccount(h.db, { username: `dates-${dialect}` });
    const seeded = newestFirst[0]!;
    const article = await getArticle(h.db, seeded.slug);
    const input = articleInputSchema.parse({ ...article, slug: "", imageId: "" });

    await updateArticle(h.db, editor, { slug: seeded.slug, article: input });
    expect((await getArticle(h.db, seeded.slug))?.updatedAt).toBe(dayOf(seeded.publishedOn));
    expect((await articleData(seeded.slug)).dateModified).toBe(dayOf(seeded.publishedOn));

    const before = Date.now();
    await updateArticle(h.db, editor, {
      slug: seeded.slug,
      article: { ...input, summary: `${input.summary} Updated for 2027.` },
    });
    const changed = (await getArticle(h.db, seeded.slug))!.updatedAt;
    expect(Date.parse(changed)).toBeGreaterThanOrEqual(before - 1000);
    expect((await articleData(seeded.slug)).dateModified).toBe(changed);
    expect((await feedXml()).match(/<updated>([^<]+)<\/updated>/)?.[1]).toBe(changed);
    expect(await sitemapXml()).toContain(
      `<loc>${BASE_URL}/insights/${seeded.slug}</loc><lastmod>${changed.slice(0, 10)}</lastmod>`,
    );
  });
});

describe.each(DIALECTS)("the seeded articles' authors and dates (%s)", (dialect) => {
  it("are signed with the founding partners' names set in Settings before seeding", async () => {
    const database = await createTestDatabase(dialect);
    try {
      await saveGeneralSettings(database.db, {
        ...DEFAULT_GENERAL_SETTINGS,
        ceoName: "Asha Rao",
        ctoName: "Vikram Sen",
      });
      await seedDefaults(database.db);
      const authors = await database.db.selectFrom("articles").select("author").execute();
      expect(authors).toHaveLength(ARTICLE_DEFAULTS.length);
      expect(new Set(authors.map((row) => row.author))).toEqual(
        new Set(["Asha Rao", "Vikram Sen"]),
      );
    } finally {
      await database.destroy();
    }
  });

  it("are mended by migration 0012 where the seed wrote them the old way and staff left them", async () => {
    const database = await createTestDatabase(dialect, { migrate: false });
    try {
      const { db } = database;
      const migrationTableSchema =
        dialectOf(db) === "postgres"
          ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
              ?.schema
          : undefined;
      const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema });
      const upTo0011 = await migrator.migrateTo("0011-bookings");
      expect(upTo0011.error).toBeUndefined();
      await saveGeneralSettings(db, { ...DEFAULT_GENERAL_SETTINGS, ceoName: "Asha Rao" });
      // As the seed of issue 13 wrote them: the moment of seeding and a role as the author.
      const seededAt = "2026-11-25T08:00:00.000Z";
      const row = (slug: string, author: string, publishedOn: string, updatedAt = seededAt) => ({
        slug,
        title: slug,
        category: "Reward Strategy",
        author,
        publishedOn,
        summary: "Summary.",
        body: "Body.",
        status: "published",
        createdAt: seededAt,
        updatedAt,
      });
      await db
        .insertInto("articles")
        .values([
          row("why-benchmarking-breeds-sameness", "Founding Partner", "2026-10-28"),
          // Edited by staff since: their change time and their byline stay.
          row(
            "esop-mistakes-startups-make",
            "Meera Iyer",
            "2026-10-14",
            "2026-11-25T09:00:00.000Z",
          ),
          // Staff's own article: not the seed's.
          row("my-own-article", "Founding Partner", "2026-11-01"),
        ])
        .execute();

      await migrateToLatest(db);
      const rows = await db
        .selectFrom("articles")
        .select(["slug", "author", "updatedAt"])
        .orderBy("slug")
        .execute();
      expect(rows).toEqual([
        {
          slug: "esop-mistakes-startups-make",
          author: "Meera Iyer",
          updatedAt: "2026-11-25T09:00:00.000Z",
        },
        { slug: "my-own-article", author: "Founding Partner", updatedAt: seededAt },
        {
          slug: "why-benchmarking-breeds-sameness",
          author: "Asha Rao",
          updatedAt: "2026-10-28T00:00:00.000Z",
        },
      ]);
    } finally {
      await database.destroy();
    }
  });
});
