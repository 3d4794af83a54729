import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { addCareer, changeCareerStatus } from "~/modules/careers/career-commands.server";
import type { StaffActor } from "~/modules/commands/command.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import {
  createArticle,
  publishArticle,
  unpublishArticle,
  updateArticle,
} from "~/modules/library/article-commands.server";
import { seedDefaults } from "~/modules/seed.server";
import { cacheableRequest } from "../../../server/page-cache/request-key";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { staffAccount } from "../../../tests/support/write-path";
import { ensureSearchIndex } from "./search-index.server";
import { searchTermsOf } from "./search-query";
import { piecesOf, type SearchResult, searchSite } from "./site-search.server";

/*
 * Issue 29, site search: the index follows publish, unpublish and edits (through the content
 * version), ranks a title match above a passing mention, marks the matched words in snippets
 * that stay plain text, and finds every kind of page. On SQLite (FTS5) and PostgreSQL.
 */

const article = (overrides: Record<string, string>) =>
  articleInputSchema.parse({
    title: "Pay bands",
    category: "Reward Strategy",
    author: "Founding Partner",
    publishedOn: "2026-11-20",
    summary: "How to draw pay bands.",
    body: "Start with levels.",
    ...overrides,
  });

const text = (result: SearchResult | undefined) =>
  result ? result.snippet.map((piece) => piece.text).join("") : "";
const paths = (results: SearchResult[]) => results.map((result) => result.path);

describe.each(DIALECTS)("site search (%s)", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    editor = await staffAccount(t.db, { username: "meera" });
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("follows publish, edit and unpublish of an article", async () => {
    await createArticle(
      t.db,
      editor,
      article({
        title: "Gainsharing for plants",
        slug: "gainsharing",
        body: "Zircon bonus pools.",
      }),
    );
    expect(paths((await searchSite(t.db, "zircon")).results)).toEqual([]);
    await publishArticle(t.db, editor, "gainsharing");
    expect(paths((await searchSite(t.db, "zircon")).results)).toEqual(["/insights/gainsharing"]);
    await updateArticle(t.db, editor, {
      slug: "gainsharing",
      article: article({
        title: "Gainsharing for plants",
        slug: "gainsharing-plants",
        body: "Quartz pools.",
      }),
    });
    expect((await searchSite(t.db, "zircon")).total).toBe(0);
    expect(paths((await searchSite(t.db, "quartz")).results)).toEqual([
      "/insights/gainsharing-plants",
    ]);
    await unpublishArticle(t.db, editor, "gainsharing-plants");
    expect((await searchSite(t.db, "quartz")).total).toBe(0);
    // Nothing to do once the index is at the content version.
    expect((await ensureSearchIndex(t.db)).rebuilt).toBe(false);
  });

  it("ranks a title match above a passing mention, and stems words", async () => {
    await createArticle(
      t.db,
      editor,
      article({
        title: "Notes",
        slug: "notes",
        body: "Some words on retention bonuses in passing.",
      }),
    );
    await createArticle(
      t.db,
      editor,
      article({
        title: "Retention bonuses that work",
        slug: "retention",
        body: "How retention bonuses are set.",
      }),
    );
    await publishArticle(t.db, editor, "notes");
    await publishArticle(t.db, editor, "retention");
    const answer = await searchSite(t.db, "retention bonus");
    expect(paths(answer.results).slice(0, 2)).toEqual(["/insights/retention", "/insights/notes"]);
    expect(answer.total).toBe(2);
    const title = answer.results[0]?.title ?? [];
    expect(title.filter((piece) => piece.hit).map((piece) => piece.text.toLowerCase())).toContain(
      "retention",
    );
  });

  it("marks matches in snippets and keeps markup as text", async () => {
    await createArticle(
      t.db,
      editor,
      article({
        title: "Escaping",
        slug: "escaping",
        body: 'The <script>alert("x")</script> tag and <b>bold</b> words beside the word obsidian.',
      }),
    );
    await publishArticle(t.db, editor, "escaping");
    const [result] = (await searchSite(t.db, "obsidian")).results;
    expect(result?.snippet.some((piece) => piece.hit && /obsidian/i.test(piece.text))).toBe(true);
    // Tags are removed from the indexed text; nothing in a piece is ever markup to render.
    expect(text(result)).not.toContain("<script>");
    expect(piecesOf("a \uE000b\uE001 <i>c</i>")).toEqual([
      { text: "a ", hit: false },
      { text: "b", hit: true },
      { text: " <i>c</i>", hit: false },
    ]);
  });

  it("marks a match far into a long text, and one near its start", async () => {
    const filler = "Pay levels are drawn from the market each year. ".repeat(60);
    await createArticle(
      t.db,
      editor,
      article({ title: "Long read", slug: "long-read", body: `${filler}Then the jacaranda rule.` }),
    );
    await createArticle(
      t.db,
      editor,
      article({
        title: "Short read",
        slug: "short-read",
        body: `The jacaranda rule first. ${filler}`,
      }),
    );
    await publishArticle(t.db, editor, "long-read");
    await publishArticle(t.db, editor, "short-read");
    const answer = await searchSite(t.db, "jacaranda");
    expect(paths(answer.results).sort()).toEqual(["/insights/long-read", "/insights/short-read"]);
    for (const result of answer.results) {
      expect(result.snippet.some((piece) => piece.hit && /jacaranda/i.test(piece.text))).toBe(true);
    }
  });

  it("finds services, postings and calculators, and reads any visitor input safely", async () => {
    expect(paths((await searchSite(t.db, "gratuity")).results)).toContain("/tools/gratuity");
    const services = (await searchSite(t.db, "benchmarking")).results;
    expect(services.some((result) => result.kind === "service")).toBe(true);
    const posting = await addCareer(
      t.db,
      editor,
      careerInputSchema.parse({
        title: "Reward analyst",
        department: "Consulting",
        location: "Pune",
        type: "Full-time",
        description: "Model pay for clients in Pune and beyond: tungsten level detail.",
        status: "active",
      }),
    );
    expect(paths((await searchSite(t.db, "tungsten")).results)).toEqual([`/careers/${posting.id}`]);
    await changeCareerStatus(t.db, editor, { id: posting.id, status: "draft" });
    expect((await searchSite(t.db, "tungsten")).total).toBe(0);
    for (const hostile of [
      '"',
      "NOT",
      "a OR",
      "-x",
      "*",
      "(",
      'title:"x',
      "NEAR(a b)",
      "' or 1=1 --",
    ]) {
      await expect(searchSite(t.db, hostile)).resolves.toHaveProperty("results");
    }
    expect(searchTermsOf("   ")).toBeUndefined();
    expect(searchTermsOf('pay "merit increase" -esop')?.fts5).toBe(
      '"pay"* AND "merit increase" NOT "esop"',
    );
  });
});

describe("the search page and the page cache", () => {
  it("never stores a page of results: any query but tracking parameters goes to the app", () => {
    expect(cacheableRequest("GET", "/search?q=pay", undefined)).toBeUndefined();
    expect(cacheableRequest("GET", "/search?q=pay&utm_source=x", undefined)).toBeUndefined();
    expect(cacheableRequest("GET", "/search", undefined)).toEqual({ key: "/search" });
  });
});
