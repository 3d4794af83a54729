import { count, rupees, type SampleGuide } from "./guide-model";

/*
 * A Total Rewards Framework for Growing Companies: the People, Purpose, Pay framework, its
 * diagnostic questions, priorities by company size, and a total rewards statement worked
 * through. Inputs and stated results are exported for the test.
 */

/** Illustrative total rewards statement for one employee, per year. */
export const REWARDS_STATEMENT = {
  fixedPay: 18_00_000,
  basicPay: 9_00_000,
  variableTargetPercent: 10,
  variableTarget: 1_80_000,
  employerPfPercent: 12,
  employerPf: 1_08_000,
  gratuityAccrual: 43_269,
  healthPremium: 24_000,
  learningBudget: 30_000,
  options: 1_200,
  vestingYears: 4,
  fmv: 300,
  exercisePrice: 100,
  optionValuePerYear: 60_000,
  total: 22_45_269,
} as const;

const r = REWARDS_STATEMENT;

export const TOTAL_REWARDS_FRAMEWORK: SampleGuide = {
  slug: "total-rewards-framework",
  lead: "Our People, Purpose, Pay framework explained: what each part covers, the diagnostic questions we ask leadership teams, the priorities that change between 50 and 500 employees, and a total rewards statement worked through with illustrative figures.",
  sections: [
    {
      heading: "The framework",
      blocks: [
        {
          kind: "paragraph",
          text: "People choose and stay with an employer for more than pay. The framework groups everything an employer offers in return for work into three parts, so that a company can see what it spends, what employees value, and where the two do not meet.",
        },
        {
          kind: "table",
          columns: ["Part", "What it covers", "The question it answers"],
          widths: [0.9, 2.6, 2],
          rows: [
            [
              "People",
              "Managers, growth and careers, recognition, flexibility, wellbeing and benefits",
              "Will I grow here, and am I looked after?",
            ],
            [
              "Purpose",
              "Mission, meaningful work, culture, how decisions are made and shared",
              "Does my work matter, and do I believe in where we are going?",
            ],
            [
              "Pay",
              "Fixed pay, variable pay, equity, statutory and retirement benefits",
              "Am I paid fairly, and do I understand how?",
            ],
          ],
        },
        {
          kind: "paragraph",
          text: "Pay is the part that costs the most and is easiest to copy; People and Purpose are harder to copy and often decide whether someone stays. A sound reward strategy is deliberate about all three and says which ones the company leads on.",
        },
      ],
    },
    {
      heading: "Diagnostic questions",
      blocks: [
        {
          kind: "paragraph",
          text: "Ask them of the leadership team, then of a sample of employees, and compare the answers.",
        },
        {
          kind: "bullets",
          items: [
            "People: Can every employee name their next career step and what it takes? Do managers hold a career conversation at least twice a year? Is recognition timely and specific, or only annual? Do benefits match the workforce's life stages (health cover for parents, childcare, flexible hours)?",
            "Purpose: Can employees state the company's goal for this year in one sentence? Do they see how their work contributes? Are decisions that affect them explained?",
            "Pay: Is there a written pay philosophy (whom you compare with, and where you position)? Are there grades and ranges, and are offers made within them? Can an employee explain how their variable pay is calculated? Do employees understand their options, including the tax on exercise?",
            "Across all three: What do we spend on each part per employee? Which parts do employees say they value most, and does our spending follow?",
          ],
        },
      ],
    },
    {
      heading: "Priorities from 50 to 500 employees",
      blocks: [
        {
          kind: "table",
          columns: ["Stage", "People", "Purpose", "Pay"],
          widths: [1, 1.8, 1.8, 1.8],
          rows: [
            [
              "50 to 150",
              "Train first-time managers; a simple career path per function",
              "Founders explain strategy directly and often",
              "Write the pay philosophy; set grades; standardise ESOP grants by level",
            ],
            [
              "150 to 300",
              "Career frameworks with levels; a recognition programme",
              "Cascade goals through managers; share progress quarterly",
              "Pay ranges from market data; a merit matrix; variable pay rules in writing",
            ],
            [
              "300 to 500",
              "Leadership development; succession for critical roles",
              "Culture measured in engagement surveys and acted on",
              "Yearly pay equity audit; benefits reviewed against employee needs; total rewards statements",
            ],
          ],
        },
      ],
    },
    {
      heading: "Making rewards visible: the total rewards statement",
      blocks: [
        {
          kind: "paragraph",
          text: "Employees see their take-home pay and little else. A yearly statement of everything the company provides makes the rest visible. Include only what the company pays or provides, value equity as an illustration rather than a promise, and state the assumptions.",
        },
        {
          kind: "example",
          title: "one employee's total rewards statement (illustrative, per year)",
          blocks: [
            {
              kind: "table",
              columns: ["Element", "Basis", "Value"],
              widths: [1.6, 2.8, 1.1],
              rows: [
                ["Fixed pay", "Annual salary", rupees(r.fixedPay)],
                [
                  "Variable pay at target",
                  `${r.variableTargetPercent}% of fixed pay`,
                  rupees(r.variableTarget),
                ],
                [
                  "Employer provident fund",
                  `${r.employerPfPercent}% of basic pay of ${rupees(r.basicPay)}`,
                  rupees(r.employerPf),
                ],
                [
                  "Gratuity earned this year",
                  `Monthly wages ${rupees(r.basicPay / 12)} x 15 / 26`,
                  rupees(r.gratuityAccrual),
                ],
                [
                  "Health insurance premium",
                  "Family floater paid by the company",
                  rupees(r.healthPremium),
                ],
                ["Learning budget", "Courses and conferences", rupees(r.learningBudget)],
                [
                  "Stock options vesting this year",
                  `${count(r.options / r.vestingYears)} options x (${rupees(r.fmv)} FMV - ${rupees(r.exercisePrice)} price)`,
                  rupees(r.optionValuePerYear),
                ],
                ["Total rewards", "", rupees(r.total)],
              ],
            },
            {
              kind: "paragraph",
              text: `The employee's CTC letter says ${rupees(r.fixedPay + r.variableTarget)}; the company provides ${rupees(r.total)}. Basic pay is half of fixed pay, so the structure meets the 50% wages rule of the Code on Wages, 2019, and gratuity is accrued on it as section 53 of the Code on Social Security, 2020 computes it. The option value uses the latest valuation and is an illustration, not a forecast.`,
            },
          ],
        },
      ],
    },
    {
      heading: "Running the diagnostic in your company",
      blocks: [
        {
          kind: "bullets",
          items: [
            "Week 1: collect spending per employee on each part, and the pay, grade and benefits data.",
            "Weeks 2 and 3: interview the leadership team with the questions above; run a short employee survey on what people value.",
            "Week 4: compare spending with what employees value; list the three gaps that matter most.",
            "Then decide which part the company will lead on, which it will match the market on, and the first change for each of the three gaps, with an owner and a date.",
          ],
        },
      ],
    },
  ],
  sources: [
    {
      title: "Code on Wages, 2019, section 2(y)",
      use: "wages and the 50% rule, which the statement's structure meets.",
    },
    {
      title: "Code on Social Security, 2020, section 53 and Chapter III",
      use: "gratuity of fifteen days' wages per year of service (monthly wages x 15 / 26); the employees' provident fund, with the employer contribution of 12% used here.",
    },
    {
      title: "Income-tax Act, 2025, section 17 (section 17(2)(vi) of the 1961 Act)",
      use: "options are taxed on exercise, not on vesting; the statement values vesting options for illustration only.",
    },
  ],
};
