import type { ResourceType } from "./resource-types";

/*
 * The library's seeded resources: the guides, whitepapers and case studies the Resources page
 * listed before staff could manage them. Those with content in sample-guides/ are published with
 * a PDF made from it (resource-pdf.server.ts), and their summaries promise only what the PDF
 * holds; the others promise survey findings or client results nobody has written, so they are
 * seeded as drafts without a file, hidden from visitors until staff supply the real document
 * (decision 0042). Page counts are the generated files'. Listed in the page's order.
 */

export interface DefaultResource {
  slug: string;
  type: ResourceType;
  title: string;
  summary: string;
  category: string;
  /** Case studies only ("" otherwise). */
  company: string;
  industry: string;
  challenge: string;
  solution: string;
  /** One result per line. */
  results: string;
}

const noCaseStudy = { company: "", industry: "", challenge: "", solution: "", results: "" };

export const DEFAULT_RESOURCES: DefaultResource[] = [
  {
    slug: "esop-design-playbook",
    type: "guide",
    title: "The ESOP Design Playbook for Indian Startups",
    summary:
      "A step-by-step guide to sizing your option pool from the hiring plan, choosing vesting and exercise terms, documenting the plan under the Companies Act and explaining the tax on exercise, with worked examples at seed, Series A and Series B.",
    category: "Equity Compensation",
    ...noCaseStudy,
  },
  {
    slug: "salary-structure-toolkit",
    type: "toolkit",
    title: "Salary Structure and Pay Band Toolkit",
    summary:
      "A method and table templates to build grades, pay ranges and a merit matrix, and to structure salaries under the Code on Wages' 50% wages rule, with worked examples of a pay range, the wages test and gratuity.",
    category: "Compensation Benchmarking",
    ...noCaseStudy,
  },
  {
    slug: "benefits-benchmark-report",
    type: "report",
    title: "Employee Benefits Benchmark Report 2026",
    summary:
      "What 150 mid-size Indian companies offer in health cover, retirement, leave and wellbeing benefits, and which benefits employees actually value most.",
    category: "Benefits Strategy",
    ...noCaseStudy,
  },
  {
    slug: "state-of-esops-india",
    type: "whitepaper",
    title: "The State of ESOPs in Indian Startups",
    summary:
      "Pool sizes, vesting practices, exercise windows and liquidity events across 200 venture-funded Indian companies.",
    category: "Research",
    ...noCaseStudy,
  },
  {
    slug: "executive-pay-pre-ipo",
    type: "whitepaper",
    title: "Executive Pay on the Road to IPO",
    summary:
      "How leadership pay, long-term incentives and governance evolve in the three years before listing, with lessons from recent Indian IPOs.",
    category: "Whitepaper",
    ...noCaseStudy,
  },
  {
    slug: "total-rewards-framework",
    type: "whitepaper",
    title: "A Total Rewards Framework for Growing Companies",
    summary:
      "Our People, Purpose, Pay framework explained, with diagnostic questions, priorities for companies of 50 to 500 employees and a worked total rewards statement.",
    category: "Framework",
    ...noCaseStudy,
  },
  {
    slug: "pay-equity-audit-guide",
    type: "whitepaper",
    title: "Running Your First Pay Equity Audit",
    summary:
      "A practical method to find and fix unexplained pay gaps, from preparing the data to communicating the outcome, with one grade worked through.",
    category: "Guide",
    ...noCaseStudy,
  },
  {
    slug: "saas-scaleup-esop-redesign",
    type: "case-study",
    title: "Case study: A Series B SaaS company (Technology)",
    summary:
      "How a level-based grant matrix and clear communication halved engineering attrition after a funding round.",
    category: "Technology",
    company: "A Series B SaaS company",
    industry: "Technology",
    challenge:
      "Inconsistent, individually negotiated ESOP grants and rising attrition among senior engineers after a funding round.",
    solution:
      "A level-based grant matrix, refresh grants for top performers, a resized pool tied to the hiring plan and a clear employee communication programme.",
    results: [
      "Regretted attrition among engineers down from 18% to 9% in a year",
      "ESOP pool runway extended by two funding rounds",
      "Employee understanding of ESOP value up from 35% to 80% in surveys",
    ].join("\n"),
  },
  {
    slug: "nbfc-sales-incentive-plan",
    type: "case-study",
    title: "Case study: A mid-size NBFC (Financial Services)",
    summary:
      "How a balanced scorecard incentive plan cut early delinquency while top performers earned more.",
    category: "Financial Services",
    company: "A mid-size NBFC",
    industry: "Financial Services",
    challenge:
      "A volume-only sales incentive plan that rewarded disbursements regardless of credit quality or collections.",
    solution:
      "A balanced scorecard plan weighting disbursement, portfolio quality and collections, with deferral and clawback for senior roles.",
    results: [
      "Early delinquency on new loans down by 22%",
      "Incentive cost held flat while top performers earned 30% more",
      "Plan approved by the board's risk committee at the first review",
    ].join("\n"),
  },
  {
    slug: "consulting-firm-career-framework",
    type: "case-study",
    title: "Case study: A 300-person consulting firm (Professional Services)",
    summary:
      "How eight grades, market-calibrated pay ranges and a merit matrix closed unexplained pay gaps in one cycle.",
    category: "Professional Services",
    company: "A 300-person consulting firm",
    industry: "Professional Services",
    challenge:
      "No defined grades or pay ranges, with pay decided case by case and growing concern about fairness.",
    solution:
      "A job architecture with eight grades, market-calibrated pay ranges, a merit matrix and manager training for the annual cycle.",
    results: [
      "Unexplained pay gaps for comparable roles closed within one cycle",
      "Time spent on annual increase decisions cut by half",
      "Employee engagement score on pay fairness up 24 points",
    ].join("\n"),
  },
];
