import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import type { GeneralSettings } from "~/modules/settings/settings.schema";

/*
 * The articles a fresh install starts with (the six insights the site launched with), seeded into
 * the articles table as published Markdown when it is empty (insertDefaultArticles). Staff edit,
 * unpublish or delete them in the admin like any other article.
 *
 * Each is signed by a founding partner, by name (the CEO's or the CTO's in Settings when it is
 * seeded): an article's author is a person, in its byline and in its structured data, not a role.
 */

/** Who wrote a seeded article: the founding partner whose name Settings holds under this key. */
export type ArticleWriter = keyof Pick<GeneralSettings, "ceoName" | "ctoName">;

export interface ArticleText {
  slug: string;
  title: string;
  category: string;
  writtenBy: ArticleWriter;
  /** YYYY-MM-DD. */
  publishedOn: string;
  summary: string;
  /** Markdown: paragraphs separated by a blank line. */
  body: string;
}

/** A seeded article with its author's name. */
export interface ArticleDefault extends Omit<ArticleText, "writtenBy"> {
  author: string;
}

const paragraphs = (...texts: string[]) => texts.join("\n\n");

const ARTICLE_TEXTS: readonly ArticleText[] = [
  {
    slug: "why-benchmarking-breeds-sameness",
    title: "Why Benchmarking Breeds Sameness, and What to Do Instead",
    category: "Reward Strategy",
    writtenBy: "ceoName",
    publishedOn: "2026-10-28",
    summary:
      "Paying at the 50th percentile feels safe, but it makes your offer indistinguishable from everyone else's. Here is how to use market data without surrendering your strategy to it.",
    body: paragraphs(
      "Most companies set pay by picking a percentile from a salary survey and applying it across the board. It is an understandable habit: the data is readily available, the decision is easy to defend and nobody gets fired for paying the market median. The trouble is that every competitor is doing the same thing, with the same surveys, and the result is an offer that looks exactly like everyone else's.",
      "Market data answers one question well: what does it cost to hire a given skill today? It says nothing about which skills matter most to your strategy, what your people value beyond cash, or how your rewards should differ from a competitor's to attract the people who fit your culture. Those are strategic questions, and they need strategic answers.",
      "A better approach starts with a reward philosophy. Decide where you will lead the market, where you will match it and where you will deliberately lag, and say why. A product company racing to ship might lead on engineering pay and equity while matching the market elsewhere. A services firm might invest in learning budgets and career velocity rather than top-of-market base salaries.",
      "Then use benchmarks as a calibration tool. Test your proposed ranges against the market to make sure you are not out of line where it matters, and to quantify the cost of leading. The data keeps you honest; your strategy keeps you distinctive.",
      "The companies that win the talent they need are rarely the ones that pay the most. They are the ones whose rewards tell a clear story about what the company values, and who consistently reward the people who deliver it.",
    ),
  },
  {
    slug: "esop-mistakes-startups-make",
    title: "Five ESOP Mistakes Indian Startups Make, and How to Avoid Them",
    category: "Equity Compensation",
    writtenBy: "ceoName",
    publishedOn: "2026-10-14",
    summary:
      "From pools sized on gut feel to grant letters nobody understands, these common ESOP mistakes cost founders dilution and employees value.",
    body: paragraphs(
      "Employee stock options are one of the most powerful tools a startup has to attract and keep talent it cannot yet afford in cash. They are also easy to get wrong, and the mistakes tend to surface at the worst possible moment: during a funding round, an acquisition or an employee's exit.",
      "The first mistake is sizing the pool on gut feel. A pool that is too small forces an awkward top-up negotiation with investors; one that is too large dilutes founders for no benefit. Size it from your hiring plan for the next two funding rounds instead.",
      "The second is granting without a philosophy. When grants are negotiated one offer at a time, similar roles end up with wildly different equity, and the inconsistency becomes visible sooner than founders expect. A simple grant matrix by level solves most of this.",
      "The third is ignoring communication. Employees who do not understand strike prices, vesting or tax treat their options as lottery tickets and value them at close to zero. Clear value illustrations change that perception, and with it the retention power of the plan.",
      "The fourth and fifth are compliance and liquidity. Plans must follow the Companies Act and, where applicable, SEBI regulations, with accounting under Ind AS 102. And options only feel real when employees believe they will one day be able to sell. Periodic buyback windows, even small ones, build that belief.",
    ),
  },
  {
    slug: "designing-sales-incentives-that-work",
    title: "Designing Sales Incentive Plans That Actually Drive the Right Behaviour",
    category: "Variable Pay",
    writtenBy: "ceoName",
    publishedOn: "2026-09-30",
    summary:
      "Sales plans are powerful signals. Get the measures, mix and accelerators right and your team sells what your strategy needs.",
    body: paragraphs(
      "A sales incentive plan is the clearest message a company sends about what it wants its sellers to do. If the plan pays on bookings alone, expect discounting at quarter end. If it pays on revenue without regard to margin or retention, expect deals that look good on paper and hurt later.",
      "Start with no more than three measures, chosen to reflect the strategy: new logos, expansion revenue, margin or collections. More measures dilute attention and make the plan hard to explain.",
      "Set the pay mix by role. Hunters who close new business can carry a more leveraged mix, such as 60 per cent fixed and 40 per cent variable, while account managers with longer cycles need more stability. Quotas must be achievable by most of the team; a plan where only a few people ever reach target stops motivating the rest.",
      "Finally, model the plan before launch. Run last year's results through the new design to see who would have earned what, test the cost at different performance levels and fix surprises before they reach a payslip.",
    ),
  },
  {
    slug: "benefits-employees-value",
    title: "The Benefits Employees Value Most, and the Ones They Barely Notice",
    category: "Benefits Strategy",
    writtenBy: "ceoName",
    publishedOn: "2026-09-16",
    summary:
      "Our latest benefits research shows a growing gap between what companies spend on and what employees actually use and appreciate.",
    body: paragraphs(
      "Benefits are often the second-largest people cost after salaries, yet most companies have never asked their employees which benefits they value. When we do ask, the answers are consistent and sometimes surprising.",
      "Comprehensive health cover, including parents, tops almost every list, followed by flexible working and meaningful learning budgets. Wellness apps, gift vouchers and generic perks rank far lower than their cost would suggest.",
      "The lesson is not to cut benefits but to redirect spend. A short employee survey, combined with claims and usage data, shows which benefits earn their cost. Flexible benefit plans let employees choose within a budget, which raises perceived value without raising spend.",
      "Benefits also need to be communicated. Many employees do not know what their insurance covers until they need it. A one-page total rewards statement each year makes the full value of the package visible.",
    ),
  },
  {
    slug: "pay-transparency-india",
    title: "Pay Transparency in India: Preparing for Questions Employees Are Already Asking",
    category: "Compensation Benchmarking",
    writtenBy: "ctoName",
    publishedOn: "2026-08-26",
    summary:
      "Salary information travels fast on social media and employer review sites. Companies with clear pay structures are better placed to answer the questions it raises.",
    body: paragraphs(
      "Even without a pay transparency law, Indian employees compare salaries more openly than ever. Offer letters are shared, ranges are discussed on review sites and new joiners often know what their peers earn before their first day.",
      "The companies that handle this best have three things in place: defined grades and pay ranges, clear rules for where people sit within a range, and managers who can explain those rules in plain language.",
      "Start with an internal equity review. Compare pay for similar roles and levels, look for unexplained gaps, including by gender, and set a budget to close the ones that cannot be justified.",
      "Transparency does not mean publishing every salary. It means being able to explain any salary. That is a far more achievable goal, and one that builds trust whatever the law eventually requires.",
    ),
  },
  {
    slug: "merit-increase-budgets",
    title: "Making Merit Increases Mean Something Again",
    category: "Performance and Rewards",
    writtenBy: "ctoName",
    publishedOn: "2026-08-12",
    summary:
      "When everyone gets roughly the same increase, merit pay stops rewarding merit. A few changes to the annual cycle restore the link between performance and pay.",
    body: paragraphs(
      "In many companies the annual increase cycle has become a ritual in which almost everyone receives something between seven and ten per cent, regardless of performance. High performers notice, and some of them leave.",
      "A merit matrix that considers both performance and position in range makes differentiation deliberate. A strong performer low in the range should receive a meaningfully larger increase than an average performer already paid above the midpoint.",
      "Calibration sessions help managers apply ratings consistently, and a separate budget for promotions and market corrections stops those needs from eating into merit pay.",
      "Above all, explain the outcome. An employee who understands why they received an increase, and what would earn a larger one next year, is far more likely to stay and grow.",
    ),
  },
];

/** The seeded articles signed with the founding partners' names of `names` (Settings). */
export const articleDefaultsFor = (names: Pick<GeneralSettings, ArticleWriter>): ArticleDefault[] =>
  ARTICLE_TEXTS.map(({ writtenBy, ...article }) => ({ ...article, author: names[writtenBy] }));

/** The seeded articles as a fresh install (default settings) has them. */
export const ARTICLE_DEFAULTS: readonly ArticleDefault[] =
  articleDefaultsFor(DEFAULT_GENERAL_SETTINGS);
