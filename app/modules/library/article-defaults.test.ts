import { describe, expect, it } from "vitest";
import { articleInputSchema } from "./article.schema";
import { ARTICLE_DEFAULTS } from "./article-defaults";

describe("the seeded articles", () => {
  it("are six valid articles with unique slugs and bodies of several paragraphs", () => {
    expect(ARTICLE_DEFAULTS).toHaveLength(6);
    expect(new Set(ARTICLE_DEFAULTS.map((a) => a.slug)).size).toBe(6);
    for (const article of ARTICLE_DEFAULTS) {
      const parsed = articleInputSchema.safeParse(article);
      expect(parsed.success, article.slug).toBe(true);
      expect(article.body.split("\n\n").length, article.slug).toBeGreaterThan(2);
    }
  });
});
