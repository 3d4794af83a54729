import { describe, expect, it } from "vitest";
import { renderArticleMarkdown } from "./article-markdown.server";
import { readMinutes } from "./article-reading";

describe("article Markdown", () => {
  it("renders headings (h2 at most: the title is the h1), lists, links, emphasis, quotes and code", () => {
    const html = renderArticleMarkdown(
      [
        "# Pay ranges",
        "## Why they matter",
        "### In practice",
        "Some *emphasis*, **strong** words and `code`.",
        "- one\n- two",
        "1. first\n2. second",
        "> A quote",
        "```\nconst x = 1;\n```",
        "[Our services](https://example.com/services) and [mail](mailto:a@example.com)",
      ].join("\n\n"),
    );
    expect(html).toContain("<h2>Pay ranges</h2>");
    expect(html).toContain("<h2>Why they matter</h2>");
    expect(html).toContain("<h3>In practice</h3>");
    expect(html).toContain("<em>emphasis</em>");
    expect(html).toContain("<strong>strong</strong>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain("<ul>\n<li>one</li>");
    expect(html).toContain("<ol>\n<li>first</li>");
    expect(html).toContain("<blockquote>\n<p>A quote</p>");
    expect(html).toContain("<pre><code>const x = 1;\n</code></pre>");
    expect(html).toContain(
      '<a href="https://example.com/services" rel="nofollow noopener noreferrer">Our services</a>',
    );
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(html).not.toContain("<h1");
  });

  it("never lets raw HTML, scripts, event handlers or javascript: links through", () => {
    const html = renderArticleMarkdown(
      [
        "Before <script>alert('x')</script> after",
        '<img src="x" onerror="alert(1)">',
        '<div onclick="steal()">click</div>',
        "[click me](javascript:alert(1))",
        "[data](data:text/html;base64,PHNjcmlwdD4=)",
        '<a href="javascript:alert(2)">raw link</a>',
        '<iframe src="https://evil.example"></iframe>',
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script|<img|<div|<iframe|<a href="javascript/i);
    // No element carries an event handler (the typed text may mention one, escaped).
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(html).not.toMatch(/<a[^>]*href="(javascript|data):/i);
    // The typed HTML shows as text, escaped.
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<p><a>click me</a></p>");
    expect(html).toContain("<p>&lt;img src=");
  });
});

describe("read time", () => {
  it("counts words at 200 a minute, rounded up, at least one minute", () => {
    expect(readMinutes("")).toBe(1);
    expect(readMinutes("word ".repeat(200))).toBe(1);
    expect(readMinutes("word ".repeat(201))).toBe(2);
    expect(readMinutes("word ".repeat(1000))).toBe(5);
  });

  it("does not count Markdown syntax or link addresses as words", () => {
    expect(readMinutes(`# ${"word ".repeat(199)}\n\n[word](https://a.example/b/c/d/e)`)).toBe(1);
    expect(readMinutes(`${"word ".repeat(200)} - * > #`)).toBe(1);
  });
});
