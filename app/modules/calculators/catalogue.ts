/*
 * The calculators under /tools, in the order the index lists them. The index page, the sitemap,
 * the header's and footer's links and each calculator's page read this list; a calculator
 * appears here once its page exists (CONTRIBUTING "Adding a calculator").
 */

export interface CalculatorEntry {
  slug: string;
  /** The card's and page's title. */
  name: string;
  /** One sentence for the card and the page's description. */
  summary: string;
  /** The firm's service on the topic (a section of /services). */
  service: { label: string; path: string };
}

export const TOOLS_PATH = "/tools";

export const calculatorPath = (slug: string) => `${TOOLS_PATH}/${slug}`;

export const CALCULATORS: readonly CalculatorEntry[] = [
  {
    slug: "ctc-to-in-hand",
    name: "CTC to in-hand salary",
    summary:
      "What a CTC pays in hand each month under the new and the old tax regime, with PF, professional tax, rebate, surcharge and cess.",
    service: {
      label: "Compensation Consulting & Market Benchmarking",
      path: "/services/benchmarking",
    },
  },
  {
    slug: "wage-check",
    name: "Labour Codes wage check",
    summary:
      "Whether a salary structure meets the Labour Codes' 50% wages rule, what is added back to wages, and what that does to PF and gratuity.",
    service: { label: "Benefits Strategy", path: "/services/benefits" },
  },
  {
    slug: "gratuity",
    name: "Gratuity calculator",
    summary:
      "Gratuity under the Code on Social Security or the 1972 Act: years counted, the 15/26 formula, the ceiling, fixed term employees and the tax-free part.",
    service: { label: "Benefits Strategy", path: "/services/benefits" },
  },
  {
    slug: "esop",
    name: "ESOP value calculator",
    summary:
      "What an ESOP grant is worth after the perquisite tax at exercise, capital gains at sale and dilution across funding rounds.",
    service: {
      label: "Equity Compensation & Long-Term Incentives",
      path: "/services/equity",
    },
  },
];

export const calculatorEntry = (slug: string): CalculatorEntry | undefined =>
  CALCULATORS.find((entry) => entry.slug === slug);
