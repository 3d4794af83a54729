import { ESOP_CAP_TABLE, ESOP_POOL_BUDGET, ESOP_TAX, ESOP_VESTING } from "./esop-figures";
import { count, rupees, type SampleGuide } from "./guide-model";

/*
 * The ESOP Design Playbook: pool sizing, vesting, documentation, tax and communication, with
 * worked examples at seed, Series A and Series B (their figures in esop-figures.ts).
 */

const pct = (part: number, total: number) => `${((part / total) * 100).toFixed(2)}%`;
const cap = ESOP_CAP_TABLE;
const budget = ESOP_POOL_BUDGET;
const vest = ESOP_VESTING;
const tax = ESOP_TAX;

export const ESOP_DESIGN_PLAYBOOK: SampleGuide = {
  slug: "esop-design-playbook",
  lead: "A step-by-step guide for founders and HR leaders of Indian private companies: how to size an option pool from the hiring plan, choose vesting and exercise terms, document the plan under the Companies Act, 2013, explain the tax on exercise, and talk to employees about what their options are worth. Worked examples follow one illustrative company from seed to Series B.",
  sections: [
    {
      heading: "What an ESOP is, and the rules that apply",
      blocks: [
        {
          kind: "paragraph",
          text: "An employee stock option is a right, not an obligation, to buy a company's shares at a price fixed at grant (the exercise price) once the option has vested. The employee gains when the share is worth more than the exercise price; the company gets an incentive that costs no cash until the shares are sold.",
        },
        {
          kind: "paragraph",
          text: "For an unlisted Indian company the plan is governed by section 62(1)(b) of the Companies Act, 2013 and rule 12 of the Companies (Share Capital and Debentures) Rules, 2014. The points that shape design:",
        },
        {
          kind: "bullets",
          items: [
            "The scheme needs the shareholders' approval by special resolution (rule 12(1)); the explanatory statement must disclose, among other things, the total options, who is eligible, the vesting requirements and period, the exercise price or its formula, the exercise period, and the maximum options per employee (rule 12(2)).",
            "There must be at least one year between the grant of an option and its vesting (rule 12(6)(a)). A one-year cliff satisfies this by design.",
            "Eligible are permanent employees, directors other than independent directors, and employees of a subsidiary or holding company. Promoters and directors holding more than 10% are excluded, except that a DPIIT-recognised startup may grant to them for ten years from incorporation (rule 12(1), explanation and proviso).",
            "Options cannot be transferred to another person (rule 12); the company keeps a register of options in Form SH-6 (rule 12(10)).",
          ],
        },
      ],
    },
    {
      heading: "Sizing the option pool",
      blocks: [
        {
          kind: "paragraph",
          text: "Size the pool from the hiring plan, not from a percentage heard at a conference. List the roles you will hire before the next round, give each level a grant size, add a reserve for refresh and promotion grants, and compare the need with what is unallocated. Investors usually ask for the pool to be created or topped up before their money comes in, so the top-up dilutes existing holders, not the new investor: agree its size from your budget rather than theirs.",
        },
        {
          kind: "example",
          title: "the cap table at seed, Series A and Series B (illustrative)",
          blocks: [
            {
              kind: "paragraph",
              text: `At seed the founders hold ${count(cap.seed.founders)} shares, seed investors ${count(cap.seed.seedInvestors)}, and a pool of ${count(cap.seed.pool)} is set aside. At Series A the pool is topped up by ${count(cap.seriesA.pool - cap.seed.pool)} and the new investor takes ${count(cap.seriesA.seriesAInvestors)} shares; at Series B the pool gains ${count(cap.seriesB.pool - cap.seriesA.pool)} more and the Series B investor takes ${count(cap.seriesB.seriesBInvestors)}. Percentages are of the fully diluted total, pool included.`,
            },
            {
              kind: "table",
              columns: ["Holder", "Seed", "Series A", "Series B"],
              widths: [2, 1.5, 1.5, 1.5],
              rows: [
                [
                  "Founders",
                  `${count(cap.seed.founders)} (${pct(cap.seed.founders, cap.seed.total)})`,
                  `${count(cap.seriesA.founders)} (${pct(cap.seriesA.founders, cap.seriesA.total)})`,
                  `${count(cap.seriesB.founders)} (${pct(cap.seriesB.founders, cap.seriesB.total)})`,
                ],
                [
                  "Seed investors",
                  `${count(cap.seed.seedInvestors)} (${pct(cap.seed.seedInvestors, cap.seed.total)})`,
                  `${count(cap.seriesA.seedInvestors)} (${pct(cap.seriesA.seedInvestors, cap.seriesA.total)})`,
                  `${count(cap.seriesB.seedInvestors)} (${pct(cap.seriesB.seedInvestors, cap.seriesB.total)})`,
                ],
                [
                  "Series A investor",
                  "-",
                  `${count(cap.seriesA.seriesAInvestors)} (${pct(cap.seriesA.seriesAInvestors, cap.seriesA.total)})`,
                  `${count(cap.seriesB.seriesAInvestors)} (${pct(cap.seriesB.seriesAInvestors, cap.seriesB.total)})`,
                ],
                [
                  "Series B investor",
                  "-",
                  "-",
                  `${count(cap.seriesB.seriesBInvestors)} (${pct(cap.seriesB.seriesBInvestors, cap.seriesB.total)})`,
                ],
                [
                  "Option pool",
                  `${count(cap.seed.pool)} (${pct(cap.seed.pool, cap.seed.total)})`,
                  `${count(cap.seriesA.pool)} (${pct(cap.seriesA.pool, cap.seriesA.total)})`,
                  `${count(cap.seriesB.pool)} (${pct(cap.seriesB.pool, cap.seriesB.total)})`,
                ],
                [
                  "Total",
                  count(cap.seed.total),
                  count(cap.seriesA.total),
                  count(cap.seriesB.total),
                ],
              ],
            },
            {
              kind: "paragraph",
              text: "Read the founders' line: each round dilutes them (80% to 64% to 50%), and the pool top-ups are part of that dilution. Modelling the top-up before the term sheet lets the founders negotiate it with figures.",
            },
          ],
        },
        {
          kind: "example",
          title: "a pool budget from the Series A hiring plan (illustrative)",
          blocks: [
            {
              kind: "table",
              columns: ["Level", "Hires", "Options each", "Options"],
              widths: [2.6, 1, 1.2, 1.2],
              rows: [
                ...budget.hires.map((hire) => [
                  hire.level,
                  String(hire.people),
                  count(hire.optionsEach),
                  count(hire.people * hire.optionsEach),
                ]),
                ["New-hire grants", "", "", count(budget.newHireTotal)],
                [
                  `Refresh and promotion reserve (${budget.refreshPercent}%)`,
                  "",
                  "",
                  count(budget.refreshReserve),
                ],
                ["Options needed for 24 months", "", "", count(budget.need)],
              ],
            },
            {
              kind: "paragraph",
              text: `Before the round ${count(budget.grantedBeforeSeriesA)} options had been granted, so after the top-up to ${count(cap.seriesA.pool)} the unallocated pool is ${count(budget.unallocatedAfterTopUp)}. That covers the need of ${count(budget.need)} with a buffer of ${count(budget.buffer)} options for hires the plan did not foresee.`,
            },
          ],
        },
      ],
    },
    {
      heading: "Vesting, cliffs and exercise terms",
      blocks: [
        {
          kind: "bullets",
          items: [
            "Time-based vesting over four years with a one-year cliff is the common choice; it meets the one-year minimum of rule 12(6)(a) and keeps the incentive alive through the years a startup needs people most.",
            "Monthly or quarterly vesting after the cliff avoids a cliff-edge every year, when people wait for a tranche before resigning.",
            "Performance vesting suits senior leaders whose results can be measured; keep the measures few and write down who decides.",
            "Exercise window after leaving: a short window (for example 90 days) forces departing employees to find cash for the price and the tax, often before any sale is possible. A longer window, or exercise only at a liquidity event, is kinder and is increasingly common; state it in the plan, because rule 12(2)(l) requires the period to be disclosed.",
            "Acceleration on a change of control: single trigger (on the sale) or double trigger (on the sale and a loss of role). Decide before the first grant, not during the sale.",
          ],
        },
        {
          kind: "example",
          title: "a four-year grant with a one-year cliff (illustrative)",
          blocks: [
            {
              kind: "paragraph",
              text: `An engineer is granted ${count(vest.options)} options vesting over ${vest.totalMonths} months with a ${vest.cliffMonths}-month cliff. Nothing vests for a year; at the cliff a quarter vests (${count(vest.vestedAtCliff)} options); then ${count(vest.monthlyAfterCliff)} vest each month until month ${vest.totalMonths}.`,
            },
            {
              kind: "table",
              columns: ["Month", "Vested in the period", "Vested to date"],
              rows: [
                ["11", "0", "0"],
                ["12 (cliff)", count(vest.vestedAtCliff), count(vest.vestedAtCliff)],
                [
                  String(vest.checkMonth),
                  count((vest.checkMonth - vest.cliffMonths) * vest.monthlyAfterCliff),
                  count(vest.vestedAtCheck),
                ],
                [
                  String(vest.totalMonths),
                  count((vest.totalMonths - vest.checkMonth) * vest.monthlyAfterCliff),
                  count(vest.options),
                ],
              ],
            },
          ],
        },
      ],
    },
    {
      heading: "Documenting the plan",
      blocks: [
        {
          kind: "bullets",
          items: [
            "The plan document: purpose, pool size, eligibility, grant process, vesting, exercise price and period, treatment on leaving (good and bad leaver), change of control, adjustments for bonus issues and splits, and who administers it.",
            "Board approval, then the shareholders' special resolution with the rule 12(2) disclosures; file the resolution with the Registrar in Form MGT-14 within 30 days (section 117 of the Companies Act, 2013).",
            "A grant letter for each employee: number of options, exercise price, vesting schedule, exercise window, and a plain-language summary.",
            "The register of options (Form SH-6) and, if an employee welfare trust holds shares for the plan, its trust deed.",
            "A valuation by a registered valuer or merchant banker when options are exercised, because the tax on exercise depends on it (next section).",
          ],
        },
      ],
    },
    {
      heading: "The tax on exercise and on sale",
      blocks: [
        {
          kind: "paragraph",
          text: "Nothing is taxed at grant or at vesting. When the employee exercises and receives the shares, the value of the shares is a perquisite taxed as salary: the fair market value on the date of exercise less the amount the employee paid (section 17(2)(vi) of the Income-tax Act, 1961; for tax years from 1 April 2026, section 17 of the Income-tax Act, 2025, with the value defined in section 17(4)(h)). For an unlisted company the fair market value is set by a merchant banker's valuation under rule 3(8) of the Income-tax Rules, 1962. The employer deducts tax on it with the salary.",
        },
        {
          kind: "paragraph",
          text: "When the shares are later sold, the gain over that same fair market value is a capital gain (section 49(2AA) of the 1961 Act takes the value used for the perquisite as the cost). Employees of an eligible startup certified under section 80-IAC could defer the tax on the perquisite under section 192(1C) of the 1961 Act until the earliest of 48 months from the end of the assessment year, the sale of the shares or leaving the company; check the position under the 2025 Act with your tax adviser before relying on a deferral.",
        },
        {
          kind: "example",
          title: "tax on exercise and sale (illustrative)",
          blocks: [
            {
              kind: "table",
              columns: ["Step", "Working", "Amount"],
              widths: [1.6, 2.4, 1.2],
              rows: [
                [
                  "Price paid on exercise",
                  `${count(tax.options)} options x ${rupees(tax.exercisePrice)}`,
                  rupees(tax.amountPaid),
                ],
                [
                  "Perquisite taxed as salary",
                  `${count(tax.options)} x (${rupees(tax.fmvAtExercise)} FMV - ${rupees(tax.exercisePrice)})`,
                  rupees(tax.perquisite),
                ],
                [
                  "Capital gain on a later sale",
                  `${count(tax.options)} x (${rupees(tax.salePrice)} - ${rupees(tax.fmvAtExercise)})`,
                  rupees(tax.capitalGain),
                ],
              ],
            },
            {
              kind: "paragraph",
              text: `The employee pays ${rupees(tax.amountPaid)} for the shares and is taxed on ${rupees(tax.perquisite)} of salary in the year of exercise, before any share has been sold. This is why the exercise window and any deferral matter so much to employees of unlisted companies.`,
            },
          ],
        },
      ],
    },
    {
      heading: "Explaining options to employees",
      blocks: [
        {
          kind: "bullets",
          items: [
            "Show the number of options, the exercise price and the vesting dates in one table in the grant letter.",
            "Illustrate value at two or three share prices, labelled as illustrations: (share price - exercise price) x vested options. Never present an illustration as a forecast.",
            "Explain the tax at exercise with a worked example like the one above, and what happens to unvested and vested options on leaving.",
            "Repeat it yearly: a short statement of options granted, vested and exercisable keeps the plan in people's minds and corrects misunderstandings early.",
          ],
        },
      ],
    },
  ],
  sources: [
    {
      title: "Companies Act, 2013, section 62(1)(b) and section 117",
      use: "issue of shares under an employee stock option scheme by special resolution; filing of special resolutions (Form MGT-14) within 30 days.",
    },
    {
      title: "Companies (Share Capital and Debentures) Rules, 2014, rule 12",
      use: "eligible employees and the startup proviso, disclosures in the explanatory statement (12(2)), one-year minimum vesting (12(6)(a)), no transfer, register in Form SH-6 (12(10)).",
    },
    {
      title:
        "Income-tax Act, 1961, sections 17(2)(vi), 49(2AA), 192(1C) and 80-IAC; Income-tax Rules, 1962, rule 3(8)",
      use: "perquisite on exercise valued at fair market value less the price paid; cost for capital gains; deferral of tax for eligible startups; valuation of unlisted shares.",
    },
    {
      title: "Income-tax Act, 2025, section 17 (with 17(4)(h))",
      use: "the same perquisite and valuation rule for tax years from 1 April 2026.",
    },
  ],
};
