import { describe, expect, it } from "vitest";
import { articleFeedXml } from "./article-feed.server";
import type { Article } from "./articles.server";

const article = (overrides: Partial<Article>): Article => ({
  slug: "pay-bands",
  title: "Pay Bands & Levels",
  category: "Reward Strategy",
  author: "Founding Partner",
  publishedOn: "2026-11-20",
  summary: "How to draw pay bands.",
  body: "Start with **levels**. <script>alert(1)</script>",
  status: "published",
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-21T09:30:00.000Z",
  ...overrides,
});

describe("article Atom feed", () => {
  it("lists each article with absolute links, escaped text, sanitised content and the latest change", () => {
    const xml = articleFeedXml({
      baseUrl: "https://firm.example.in",
      siteName: "Rewards & Co",
      articles: [
        article({}),
        article({ slug: "older", title: "Older", updatedAt: "2026-10-01T00:00:00.000Z" }),
      ],
    });
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain("<id>https://firm.example.in/insights</id>");
    expect(xml).toContain('<link rel="self" href="https://firm.example.in/insights/feed.xml"/>');
    expect(xml).toContain("<updated>2026-11-21T09:30:00.000Z</updated>");
    expect(xml).toContain('<title type="html"><![CDATA[Pay Bands & Levels]]></title>');
    expect(xml).toContain('<link href="https://firm.example.in/insights/pay-bands"/>');
    expect(xml).toContain("<published>2026-11-20T00:00:00.000Z</published>");
    expect(xml).toContain("<strong>levels</strong>");
    expect(xml).not.toContain("<script>");
    expect(xml).toContain("https://firm.example.in/insights/older");
  });
});
