import { describe, expect, it } from "vitest";
import { ctcCalculator } from "~/modules/calculators/ctc-to-in-hand/ctc-calculator";
import type { Breakdown } from "~/modules/calculators/shared/calculator-model";
import { breakdownHtml, problemHtml } from "./breakdown-html";

/*
 * The breakdown's markup, which the server renders and the page's script draws again as one
 * types (decision 0071): the figures Indian-style, every text escaped.
 */

describe("the breakdown's markup", () => {
  it("shows the example's headline, its figures in rupees Indian-style, its tables and sources", () => {
    const read = ctcCalculator.readInputs(new URLSearchParams("ctc=1500000&state=KA"));
    if (!read.ok) throw new Error("the example reads");
    const outcome = ctcCalculator.breakdown(read.input);
    if (!outcome.ok) throw new Error(outcome.error);
    const html = breakdownHtml(outcome.breakdown);
    expect(html).toContain('data-headline="" aria-live="polite"');
    expect(html).toMatch(/<dd class="[^"]*">₹\d{1,2},\d{2},\d{3}<\/dd>/);
    expect(html.match(/<table /g)?.length).toBe(outcome.breakdown.sections.length);
    expect(html).toContain("<summary");
    // Apostrophes are escaped (&#39;), so the part before any is looked for.
    for (const source of outcome.breakdown.sources)
      expect(html).toContain(source.rule.split("'")[0]);
  });

  it("escapes every text, so nothing typed or stored can become markup", () => {
    const breakdown: Breakdown = {
      title: "<script>alert(1)</script>",
      headline: 'He said "yes" & <b>no</b>',
      highlights: [{ label: "<i>x</i>", amount: 12_34_567_00 }],
      sections: [
        {
          heading: "<h1>",
          columns: ["<a>"],
          grid: [{ label: "<img src=x>", values: ["<svg>", 100] }],
          rows: [{ label: "'quoted'", text: "<u>" }],
        },
      ],
      inputs: [],
      sources: [{ rule: "<rule>", source: "<source>" }],
    };
    const html = breakdownHtml(breakdown) + problemHtml("<em>fix</em>");
    expect(html).not.toMatch(/<(script|b|i|h1|a|img|svg|u|em|rule|source)[\s>]/);
    expect(html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    expect(html).toContain("He said &#34;yes&#34; &#38; &#60;b&#62;no&#60;/b&#62;");
    expect(html).toContain("₹12,34,567");
    expect(html).toContain("₹1");
  });
});
