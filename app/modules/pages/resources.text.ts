import type { PageContent } from "./page.schema";

/**
 * The Resources page's text. Staff edit the hero, quote and newsletter texts in Content:
 * RESOURCES_PAGE_DEFAULTS holds them until then (seeded, and each field's fallback, read through
 * getPageText in pages.server.ts). Below it, the resources the page and the insights pages list.
 */
export const RESOURCES_PAGE_DEFAULTS = {
  hero: {
    title: "Insights and Resources for Reward Leaders",
    subtitle:
      "Practical guides, research and case studies on ESOPs, executive pay, benefits and performance-linked rewards for HR leaders, founders and CXOs in India.",
  },
  quote: {
    text: "Good reward decisions start with good questions. Our resources help you ask the right ones.",
  },
  newsletter: {
    title: "Stay Ahead on Total Rewards",
    description:
      "Join 5,000+ subscribers who receive our monthly insights on compensation trends, regulatory updates and practical reward design ideas. No spam; unsubscribe anytime.",
  },
} satisfies PageContent;

/*
 * The resources: featured guides, articles (the "insights", each readable on the site; their
 * text is in articles.text.ts, which only the article page's loader reads),
 * whitepapers and case studies. The resources now live in the database (seeded from
 * app/modules/library/resource-defaults.ts); FEATURED_RESOURCES, WHITEPAPERS, CASE_STUDIES and
 * findRequestableResource remain only for page-text.test.ts and go with it.
 */

export interface FeaturedResource {
  slug: string;
  type: string;
  title: string;
  description: string;
  downloads: string;
  readTime: string;
  category: string;
}

export const FEATURED_RESOURCES: FeaturedResource[] = [
  {
    slug: "esop-design-playbook",
    type: "Guide",
    title: "The ESOP Design Playbook for Indian Startups",
    description:
      "A step-by-step guide to sizing your option pool, choosing vesting schedules, documenting the plan and explaining it to employees, with worked examples at seed, Series A and Series B.",
    downloads: "3,200+ downloads",
    readTime: "25 min read",
    category: "Equity Compensation",
  },
  {
    slug: "salary-structure-toolkit",
    type: "Toolkit",
    title: "Salary Structure and Pay Band Toolkit",
    description:
      "Templates and a spreadsheet model to build grades, pay ranges and progression rules that are market-aware, internally fair and affordable as you grow.",
    downloads: "2,700+ downloads",
    readTime: "20 min read",
    category: "Compensation Benchmarking",
  },
  {
    slug: "benefits-benchmark-report",
    type: "Report",
    title: "Employee Benefits Benchmark Report 2026",
    description:
      "What 150 mid-size Indian companies offer in health cover, retirement, leave and wellbeing benefits, and which benefits employees actually value most.",
    downloads: "1,900+ downloads",
    readTime: "18 min read",
    category: "Benefits Strategy",
  },
];

export interface Article {
  slug: string;
  category: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date (YYYY-MM-DD) of publication. */
  date: string;
  readTime: string;
  views: string;
}

export const ARTICLES: Article[] = [
  {
    slug: "why-benchmarking-breeds-sameness",
    category: "Reward Strategy",
    title: "Why Benchmarking Breeds Sameness, and What to Do Instead",
    excerpt:
      "Paying at the 50th percentile feels safe, but it makes your offer indistinguishable from everyone else's. Here is how to use market data without surrendering your strategy to it.",
    author: "Founding Partner",
    date: "2026-10-28",
    readTime: "7 min read",
    views: "4,100 views",
  },
  {
    slug: "esop-mistakes-startups-make",
    category: "Equity Compensation",
    title: "Five ESOP Mistakes Indian Startups Make, and How to Avoid Them",
    excerpt:
      "From pools sized on gut feel to grant letters nobody understands, these common ESOP mistakes cost founders dilution and employees value.",
    author: "Equity Practice Lead",
    date: "2026-10-14",
    readTime: "9 min read",
    views: "6,800 views",
  },
  {
    slug: "designing-sales-incentives-that-work",
    category: "Variable Pay",
    title: "Designing Sales Incentive Plans That Actually Drive the Right Behaviour",
    excerpt:
      "Sales plans are powerful signals. Get the measures, mix and accelerators right and your team sells what your strategy needs.",
    author: "Variable Pay Practice Lead",
    date: "2026-09-30",
    readTime: "8 min read",
    views: "3,500 views",
  },
  {
    slug: "benefits-employees-value",
    category: "Benefits Strategy",
    title: "The Benefits Employees Value Most, and the Ones They Barely Notice",
    excerpt:
      "Our latest benefits research shows a growing gap between what companies spend on and what employees actually use and appreciate.",
    author: "Benefits Practice Lead",
    date: "2026-09-16",
    readTime: "6 min read",
    views: "2,900 views",
  },
  {
    slug: "pay-transparency-india",
    category: "Compensation Benchmarking",
    title: "Pay Transparency in India: Preparing for Questions Employees Are Already Asking",
    excerpt:
      "Salary information travels fast on social media and employer review sites. Companies with clear pay structures are better placed to answer the questions it raises.",
    author: "Founding Partner",
    date: "2026-08-26",
    readTime: "7 min read",
    views: "3,200 views",
  },
  {
    slug: "merit-increase-budgets",
    category: "Performance and Rewards",
    title: "Making Merit Increases Mean Something Again",
    excerpt:
      "When everyone gets roughly the same increase, merit pay stops rewarding merit. A few changes to the annual cycle restore the link between performance and pay.",
    author: "Total Rewards Practice Lead",
    date: "2026-08-12",
    readTime: "6 min read",
    views: "2,400 views",
  },
];

/** How many of the newest articles the Resources page shows under Latest Insights. */
export const LATEST_INSIGHTS_COUNT = 4;

export interface Whitepaper {
  slug: string;
  title: string;
  description: string;
  pages: number;
  category: string;
}

export const WHITEPAPERS: Whitepaper[] = [
  {
    slug: "state-of-esops-india",
    title: "The State of ESOPs in Indian Startups",
    description:
      "Pool sizes, vesting practices, exercise windows and liquidity events across 200 venture-funded Indian companies.",
    pages: 42,
    category: "Research",
  },
  {
    slug: "executive-pay-pre-ipo",
    title: "Executive Pay on the Road to IPO",
    description:
      "How leadership pay, long-term incentives and governance evolve in the three years before listing, with lessons from recent Indian IPOs.",
    pages: 36,
    category: "Whitepaper",
  },
  {
    slug: "total-rewards-framework",
    title: "A Total Rewards Framework for Growing Companies",
    description:
      "Our People, Purpose, Pay framework explained, with diagnostic questions and examples for companies of 50 to 500 employees.",
    pages: 28,
    category: "Framework",
  },
  {
    slug: "pay-equity-audit-guide",
    title: "Running Your First Pay Equity Audit",
    description:
      "A practical method to find and fix unexplained pay gaps, from preparing the data to communicating the outcome.",
    pages: 24,
    category: "Guide",
  },
];

export interface CaseStudy {
  slug: string;
  company: string;
  industry: string;
  challenge: string;
  solution: string;
  results: string[];
  readTime: string;
}

export const CASE_STUDIES: CaseStudy[] = [
  {
    slug: "saas-scaleup-esop-redesign",
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
    ],
    readTime: "5 min read",
  },
  {
    slug: "nbfc-sales-incentive-plan",
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
    ],
    readTime: "6 min read",
  },
  {
    slug: "consulting-firm-career-framework",
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
    ],
    readTime: "5 min read",
  },
];

export interface RequestableResource {
  slug: string;
  title: string;
}

/** A guide, whitepaper or case study that can be requested through the enquiry form. */
export function findRequestableResource(slug: string): RequestableResource | undefined {
  const match =
    FEATURED_RESOURCES.find((r) => r.slug === slug) ?? WHITEPAPERS.find((r) => r.slug === slug);
  if (match) return { slug: match.slug, title: match.title };
  const study = CASE_STUDIES.find((r) => r.slug === slug);
  return study && { slug: study.slug, title: `Case study: ${study.company} (${study.industry})` };
}

export const findArticle = (slug: string) => ARTICLES.find((article) => article.slug === slug);
