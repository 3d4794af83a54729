import { describe, expect, it } from "vitest";
import { formatDate } from "~/lib/format";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import { DEFAULT_RESOURCES } from "~/modules/library/resource-defaults";
import { initialsOf } from "./about.text";
import { FAQS } from "./contact.text";
import { fillPlaceholders, PRIVACY, TERMS } from "./legal.text";
import { DEFAULT_PAGES } from "./pages.defaults";
import { fillPageText } from "./pages.server";

describe("static content", () => {
  it("has 13 sections in each legal text and a fixed last-updated date", () => {
    for (const document of [TERMS, PRIVACY]) {
      expect(document.sections).toHaveLength(13);
      expect(document.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Set(document.sections.map((s) => s.title)).size).toBe(13);
    }
    const terms = JSON.stringify(TERMS);
    expect(terms).toContain("governed by the laws of India");
    expect(terms).toContain("at least 30 days' notice");
    expect(JSON.stringify(PRIVACY)).toContain("under the age of 18");
  });

  it("fills the brand, e-mail and phone into legal texts", () => {
    expect(
      fillPlaceholders("{siteName}: {email} / {phone} {other}", {
        siteName: "Meridian",
        email: "a@b.example",
        phone: "+91 1",
      }),
    ).toBe("Meridian: a@b.example / +91 1 {other}");
  });

  it("seeds the spec's resources and articles, each with a unique slug", () => {
    const ofType = (...types: string[]) => DEFAULT_RESOURCES.filter((r) => types.includes(r.type));
    expect(ofType("guide", "toolkit", "report")).toHaveLength(3);
    expect(ofType("whitepaper")).toHaveLength(4);
    expect(ofType("case-study")).toHaveLength(3);
    expect(new Set(DEFAULT_RESOURCES.map((r) => r.slug)).size).toBe(DEFAULT_RESOURCES.length);
    expect(ARTICLE_DEFAULTS.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ARTICLE_DEFAULTS.map((a) => a.slug)).size).toBe(ARTICLE_DEFAULTS.length);
    for (const article of ARTICLE_DEFAULTS) {
      expect(article.body.split("\n\n").length, article.slug).toBeGreaterThan(2);
    }
    expect(FAQS).toHaveLength(4);
  });

  it("formats dates the same everywhere and makes initials from names", () => {
    expect(formatDate("2026-10-28")).toBe("28 October 2026");
    expect(formatDate("2026-01-05")).toBe("5 January 2026");
    expect(initialsOf("A. Sharma")).toBe("AS");
    expect(initialsOf("Asha Devi Rao")).toBe("AR");
    expect(initialsOf("Madonna")).toBe("M");
  });
});

describe("fillPageText", () => {
  it("takes stored texts and falls back to the defaults field by field", () => {
    const page = {
      hero: { title: "T", subtitle: "" },
      philosophy: { title: "Stored title", description: "   ", quote: 42 },
    };
    const text = fillPageText(page, DEFAULT_PAGES.home);
    expect(text.philosophy).toEqual({
      title: "Stored title",
      description: DEFAULT_PAGES.home.philosophy.description,
      quote: DEFAULT_PAGES.home.philosophy.quote,
    });
    // A group the stored page lacks shows its defaults; the hero is shown as stored.
    expect(text.cta).toEqual(DEFAULT_PAGES.home.cta);
    expect(text.hero).toEqual({ title: "T", subtitle: "" });
  });

  it("shows the stored methodology whole, or the default one when none is stored", () => {
    const stored = { ...DEFAULT_PAGES.services.process, steps: [] };
    const hero = DEFAULT_PAGES.services.hero;
    expect(fillPageText({ hero, process: stored }, DEFAULT_PAGES.services).process).toEqual(stored);
    expect(fillPageText({ hero }, DEFAULT_PAGES.services).process).toEqual(
      DEFAULT_PAGES.services.process,
    );
  });
});
