import { describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { DEFAULT_RESOURCES } from "./resource-defaults";
import { resourcePdf } from "./resource-pdf.server";
import { SAMPLE_GUIDES } from "./sample-guides";
import { flowingText, pageObjects } from "./sample-guides/pdf-text.testing";

/*
 * Each published sample resource's PDF holds what its description promises (issue 24): several
 * pages, every section, its worked examples, its sources, the firm from the settings. The
 * promises are listed per resource: a phrase of its summary and the text that delivers it.
 */

const PROMISES: Record<string, Array<[promise: string, delivered: string[]]>> = {
  "esop-design-playbook": [
    [
      "sizing your option pool from the hiring plan",
      ["a pool budget from the Series A hiring plan"],
    ],
    [
      "choosing vesting and exercise terms",
      ["a four-year grant with a one-year cliff", "Exercise window after leaving"],
    ],
    [
      "documenting the plan under the Companies Act",
      ["Documenting the plan", "special resolution", "rule 12"],
    ],
    ["explaining the tax on exercise", ["Perquisite taxed as salary", "Rs 4,80,000"]],
    [
      "worked examples at seed, Series A and Series B",
      ["the cap table at seed, Series A and Series B", "Series B investor"],
    ],
  ],
  "salary-structure-toolkit": [
    ["grades", ["Grades: the job architecture"]],
    ["pay ranges", ["building a grade's range", "Rs 9,60,000", "Rs 14,40,000"]],
    ["a merit matrix", ["Progression rules and the merit matrix"]],
    [
      "the Code on Wages' 50% wages rule",
      ["the 50% wages test before restructuring", "Excess added back to wages"],
    ],
    [
      "gratuity",
      ["gratuity for a permanent and a fixed-term employee", "Rs 1,84,615", "Rs 46,154"],
    ],
  ],
  "total-rewards-framework": [
    ["People, Purpose, Pay framework", ["The framework", "People", "Purpose", "Pay"]],
    ["diagnostic questions", ["Diagnostic questions"]],
    ["companies of 50 to 500 employees", ["Priorities from 50 to 500 employees", "150 to 300"]],
    [
      "a worked total rewards statement",
      ["one employee's total rewards statement", "Rs 22,45,269"],
    ],
  ],
  "pay-equity-audit-guide": [
    ["preparing the data", ["Preparing the data"]],
    [
      "find and fix unexplained pay gaps",
      ["Testing the explanations", "Fixing what is unexplained"],
    ],
    ["communicating the outcome", ["Communicating the outcome"]],
    ["one grade worked through", ["grade G4, eight people", "8.5%", "Rs 1,80,000"]],
  ],
};

const published = DEFAULT_RESOURCES.filter((resource) => SAMPLE_GUIDES[resource.slug]);

describe("a sample resource's PDF", () => {
  it("exists for the resources whose promises are listed, and only for them", () => {
    expect(Object.keys(SAMPLE_GUIDES).sort()).toEqual(Object.keys(PROMISES).sort());
  });

  it.each(published.map((resource) => [resource.slug, resource] as const))(
    "%s: at least five pages with its sections, worked examples, sources and the firm",
    async (slug, resource) => {
      const guide = SAMPLE_GUIDES[slug]!;
      const pdf = await resourcePdf(resource, guide, DEFAULT_GENERAL_SETTINGS);
      expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
      expect(pdf.pageCount).toBeGreaterThanOrEqual(5);
      expect(pageObjects(pdf.bytes)).toBe(pdf.pageCount);
      const text = flowingText(pdf.bytes);
      expect(text).toContain(resource.title);
      guide.sections.forEach((section, index) => {
        expect(text).toContain(`${index + 1}. ${section.heading}`);
      });
      const examples = guide.sections.flatMap((s) => s.blocks).filter((b) => b.kind === "example");
      expect(examples.length).toBeGreaterThanOrEqual(1);
      for (const example of examples) expect(text).toContain(`Worked example: ${example.title}`);
      expect(text).toContain("illustrative");
      expect(text).toContain(`${guide.sections.length + 1}. Sources`);
      for (const source of guide.sources) expect(text).toContain(source.title);
      expect(text).toContain(`${DEFAULT_GENERAL_SETTINGS.siteName} · page 2 of ${pdf.pageCount}`);
      expect(text).toContain(DEFAULT_GENERAL_SETTINGS.email);
    },
  );

  it.each(published.map((resource) => [resource.slug, resource] as const))(
    "%s: delivers each promise of its description",
    async (slug, resource) => {
      const text = flowingText(
        (await resourcePdf(resource, SAMPLE_GUIDES[slug]!, DEFAULT_GENERAL_SETTINGS)).bytes,
      );
      for (const [promise, delivered] of PROMISES[slug]!) {
        expect(resource.summary, "the description says it").toContain(promise);
        for (const evidence of delivered) expect(text, promise).toContain(evidence);
      }
    },
  );

  it("promises no spreadsheet, survey or client results it does not hold", () => {
    for (const resource of published) {
      expect(resource.summary).not.toMatch(/spreadsheet|companies offer|across \d+|halved|cut /i);
    }
  });

  it("names the firm from the settings", async () => {
    const firm = { ...DEFAULT_GENERAL_SETTINGS, siteName: "Meridian Rewards" };
    const guide = published[0]!;
    const text = flowingText((await resourcePdf(guide, SAMPLE_GUIDES[guide.slug]!, firm)).bytes);
    expect(text).toContain("Meridian Rewards");
    expect(text).toContain("About Meridian Rewards");
  });
});
