import { rupees, type SampleGuide } from "./guide-model";

/*
 * Running Your First Pay Equity Audit: the method from data to communication, with one grade's
 * figures worked through. Inputs and stated results are exported for the test.
 */

/** Illustrative grade G4 (midpoint Rs 12,00,000): annual base pay, explained factors. */
export const EQUITY_GRADE = {
  midpoint: 12_00_000,
  men: [12_60_000, 11_40_000, 12_00_000, 13_20_000],
  women: [10_80_000, 11_40_000, 10_20_000, 12_60_000],
  menAverage: 12_30_000,
  womenAverage: 11_25_000,
  gapPercent: 8.5,
  /** The two unexplained cases raised to a compa-ratio of 0.95. */
  adjustments: [
    { from: 10_20_000, to: 11_40_000 },
    { from: 10_80_000, to: 11_40_000 },
  ],
  adjustmentCost: 1_80_000,
  gradePayroll: 94_20_000,
  costPercent: 1.9,
  womenAverageAfter: 11_70_000,
  gapPercentAfter: 4.9,
} as const;

const e = EQUITY_GRADE;
const ratio = (pay: number) => (pay / e.midpoint).toFixed(2);

export const PAY_EQUITY_AUDIT_GUIDE: SampleGuide = {
  slug: "pay-equity-audit-guide",
  lead: "A practical method to find and fix unexplained pay gaps: define who does comparable work, prepare the data, measure the raw and the like-for-like gap, test the reasons, correct what cannot be explained, and tell people what you did. One grade is worked through with illustrative figures.",
  sections: [
    {
      heading: "Why audit, and what the law asks",
      blocks: [
        {
          kind: "paragraph",
          text: "Section 3 of the Code on Wages, 2019 forbids discrimination on the ground of gender in wages for the same work or work of a similar nature, and in recruitment for it. It replaced the Equal Remuneration Act, 1976. An audit is how an employer knows whether its pay meets that rule, and the evidence it can show if asked. Listed companies also report on pay in the Business Responsibility and Sustainability Report that SEBI requires of the largest listed companies.",
        },
        {
          kind: "bullets",
          items: [
            "Raw gap: the difference between the average pay of two groups across the company. It mixes pay differences with differences in who holds which jobs.",
            "Like-for-like gap: the difference between people doing comparable work (same grade and job family). This is what section 3 is about.",
            "Explained and unexplained: a difference is explained when a legitimate, consistently applied factor accounts for it (performance, time in role, a scarce skill, location). What remains is unexplained and needs correcting.",
          ],
        },
      ],
    },
    {
      heading: "Preparing the data",
      blocks: [
        {
          kind: "table",
          columns: ["Field", "Why you need it"],
          widths: [1.6, 3.4],
          rows: [
            ["Employee id, grade, job family, location", "To form comparator groups"],
            ["Gender (as recorded by the employee)", "The characteristic under test"],
            ["Annual base pay, allowances, variable pay paid", "Each element is tested on its own"],
            ["Date of joining, date in current grade", "Time in role is a common explanation"],
            ["Last two performance ratings", "Tests whether ratings explain pay"],
            ["Part-time ratio", "Pay is compared on a full-time basis"],
          ],
        },
        {
          kind: "bullets",
          items: [
            "Annualise and convert part-time pay to full-time equivalents before comparing.",
            "Treat the data as personal data: limit who sees names, and analyse with ids (Digital Personal Data Protection Act, 2023).",
            "Groups of fewer than five on either side give unreliable averages: review those individually instead.",
          ],
        },
      ],
    },
    {
      heading: "Measuring the gap in one grade",
      blocks: [
        {
          kind: "example",
          title: "grade G4, eight people (illustrative)",
          blocks: [
            {
              kind: "table",
              columns: ["Person", "Base pay", "Compa-ratio"],
              rows: [
                ...e.men.map((pay, i) => [`Man ${i + 1}`, rupees(pay), ratio(pay)]),
                ...e.women.map((pay, i) => [`Woman ${i + 1}`, rupees(pay), ratio(pay)]),
              ],
            },
            {
              kind: "paragraph",
              text: `Average pay: men ${rupees(e.menAverage)}, women ${rupees(e.womenAverage)}. The like-for-like gap is (${rupees(e.menAverage)} - ${rupees(e.womenAverage)}) / ${rupees(e.menAverage)} = ${e.gapPercent}%.`,
            },
          ],
        },
        {
          kind: "paragraph",
          text: "With larger groups, a regression of pay on grade, time in grade, rating and location, with gender as a variable, tells how much of the gap the legitimate factors explain. With a handful of people per grade, go person by person, as below.",
        },
      ],
    },
    {
      heading: "Testing the explanations",
      blocks: [
        {
          kind: "bullets",
          items: [
            "For each person below the group's average, write down the factor that explains the pay, and check that the same factor is applied to everyone (a rating that justifies low pay for one person must do so for others with that rating).",
            "Look for the usual sources: starting pay set from previous salary, negotiated increases, and breaks in service (maternity leave is protected; pay must not fall behind because of it).",
            "In the example, Woman 2 (0.95) has less time in grade than the men around the midpoint, and Woman 4 is above the midpoint. Woman 1 and Woman 3 have the same rating and time in grade as Man 2 and Man 3, yet are paid less, and no recorded factor explains it.",
          ],
        },
      ],
    },
    {
      heading: "Fixing what is unexplained",
      blocks: [
        {
          kind: "example",
          title: "the cost of correction (illustrative)",
          blocks: [
            {
              kind: "table",
              columns: ["Person", "From", "To (compa-ratio 0.95)", "Increase"],
              rows: [
                ...e.adjustments.map((a, i) => [
                  `Woman ${i === 0 ? 3 : 1}`,
                  rupees(a.from),
                  rupees(a.to),
                  rupees(a.to - a.from),
                ]),
                ["Total", "", "", rupees(e.adjustmentCost)],
              ],
            },
            {
              kind: "paragraph",
              text: `The correction costs ${rupees(e.adjustmentCost)}, ${e.costPercent}% of the grade's payroll of ${rupees(e.gradePayroll)}. Women's average pay rises to ${rupees(e.womenAverageAfter)} and the gap falls to ${e.gapPercentAfter}%, which the recorded factors (time in grade and ratings) explain.`,
            },
          ],
        },
        {
          kind: "bullets",
          items: [
            "Fund corrections outside the merit budget, so that nobody's increase is reduced to pay for them.",
            "Correct in one step where the budget allows; otherwise within two cycles, with the dates written down.",
            "Fix the cause: starting pay from a range rather than from previous salary, and a review of every offer and increase against the range.",
          ],
        },
      ],
    },
    {
      heading: "Communicating the outcome",
      blocks: [
        {
          kind: "bullets",
          items: [
            "Tell the leadership team the raw and like-for-like gaps, the corrections and the causes fixed.",
            "Tell each corrected employee individually, before the change appears in payroll, and explain that it is a correction, not a reward.",
            "Tell all employees what was audited, the method, and what the company will do every year; do not publish individual figures.",
            "Repeat the audit yearly, after the increase cycle, so that new gaps are found while they are small.",
          ],
        },
      ],
    },
  ],
  sources: [
    {
      title: "Code on Wages, 2019, section 3",
      use: "no discrimination on the ground of gender in wages for the same work or work of a similar nature, or in recruitment; replaces the Equal Remuneration Act, 1976.",
    },
    {
      title: "Digital Personal Data Protection Act, 2023",
      use: "handling employees' personal data in the audit.",
    },
    {
      title:
        "SEBI, Business Responsibility and Sustainability Report (Listing Regulations, regulation 34(2)(f))",
      use: "pay disclosures of the largest listed companies.",
    },
  ],
};
