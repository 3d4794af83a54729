import { rupees, type SampleGuide } from "./guide-model";

/*
 * The Salary Structure and Pay Band Toolkit: grades, pay ranges, compa-ratios, a merit matrix,
 * and a salary structure checked against the Code on Wages' 50% rule with its gratuity cost.
 * Inputs and stated results are exported for the test that recomputes them.
 */

/** Illustrative pay range: midpoint and range spread (maximum over minimum, less one). */
export const PAY_RANGE = {
  midpoint: 12_00_000,
  spreadPercent: 50,
  minimum: 9_60_000,
  maximum: 14_40_000,
  progressionPercent: 15,
  nextMidpoint: 13_80_000,
  salary: 10_80_000,
  compaRatio: 0.9,
} as const;

/** Illustrative monthly salary before and after restructuring for the 50% wages rule. */
export const WAGES_TEST = {
  before: {
    basic: 30_000,
    specialAllowance: 5_000,
    houseRentAllowance: 35_000,
    conveyanceAllowance: 10_000,
    total: 80_000,
    excluded: 45_000,
    half: 40_000,
    addedBack: 5_000,
    wages: 40_000,
  },
  after: {
    basic: 40_000,
    specialAllowance: 5_000,
    houseRentAllowance: 28_000,
    conveyanceAllowance: 7_000,
    total: 80_000,
    excluded: 35_000,
    half: 40_000,
    addedBack: 0,
    wages: 45_000,
  },
} as const;

/** Illustrative gratuity on the restructured wages. */
export const GRATUITY = {
  monthlyWages: 40_000,
  serviceYears: 7,
  serviceMonths: 8,
  countedYears: 8,
  amount: 1_84_615,
  fixedTermYears: 2,
  fixedTermAmount: 46_154,
  ceiling: 20_00_000,
} as const;

const range = PAY_RANGE;
const before = WAGES_TEST.before;
const after = WAGES_TEST.after;
const g = GRATUITY;

const wagesRows = (s: typeof before | typeof after) => [
  ["Basic pay", "Wages (2(y)(i))", rupees(s.basic)],
  ["Special allowance", "Wages (not an exclusion)", rupees(s.specialAllowance)],
  ["House rent allowance", "Excluded (2(y)(f))", rupees(s.houseRentAllowance)],
  ["Conveyance allowance", "Excluded (2(y)(d))", rupees(s.conveyanceAllowance)],
  ["All remuneration", "", rupees(s.total)],
  ["Exclusions under (a) to (i)", "", rupees(s.excluded)],
  ["One half of all remuneration", "", rupees(s.half)],
  ["Excess added back to wages", "", rupees(s.addedBack)],
  ["Wages for PF, gratuity and bonus", "", rupees(s.wages)],
];

export const SALARY_STRUCTURE_TOOLKIT: SampleGuide = {
  slug: "salary-structure-toolkit",
  lead: "A practical method, with templates set out as tables, to build grades, pay ranges and progression rules, and to structure salaries so that they meet the Code on Wages, 2019. Worked examples show a pay range, a compa-ratio, the 50% wages test before and after a restructuring, and the gratuity that follows.",
  sections: [
    {
      heading: "Grades: the job architecture",
      blocks: [
        {
          kind: "paragraph",
          text: "Pay ranges hang on grades, and grades hang on the work. Group roles by the size of their contribution (scope, complexity, autonomy and impact), not by the person in them. Five to eight grades cover most companies of up to 500 people; more grades create promotion pressure without meaning.",
        },
        {
          kind: "table",
          columns: ["Grade", "Typical roles", "Scope"],
          widths: [0.8, 2.2, 3],
          rows: [
            ["G1", "Associate, analyst", "Completes defined tasks with guidance"],
            ["G2", "Senior associate, engineer", "Owns tasks end to end; guides juniors"],
            ["G3", "Specialist, senior engineer", "Owns a workstream; expert in a field"],
            ["G4", "Manager, staff engineer", "Leads a team or a technical area"],
            ["G5", "Senior manager, principal", "Leads several teams or a discipline"],
            ["G6", "Head of function", "Sets a function's strategy and budget"],
          ],
        },
        {
          kind: "paragraph",
          text: "Template: write one paragraph per grade on scope, decisions taken alone, and the measure of success, then place every role against it in a calibration meeting with the function heads.",
        },
      ],
    },
    {
      heading: "Pay ranges",
      blocks: [
        {
          kind: "bullets",
          items: [
            "Midpoint: the pay for a fully competent person in the grade, set from market data for the roles in it and from what you can afford (your chosen market position, for example the median).",
            "Range spread: the maximum over the minimum, less one. 40% to 60% is usual for professional grades; wider for senior grades where experience matters longer.",
            "Midpoint progression: the step from one grade's midpoint to the next, commonly 12% to 20%. Too small and promotion means little; too large and ranges stop overlapping.",
          ],
        },
        {
          kind: "example",
          title: "building a grade's range (illustrative)",
          blocks: [
            {
              kind: "paragraph",
              text: `With a midpoint of ${rupees(range.midpoint)} a year and a ${range.spreadPercent}% spread, the minimum is midpoint x 2 / (2 + 0.5) and the maximum is minimum x 1.5.`,
            },
            {
              kind: "table",
              columns: ["Measure", "Working", "Result"],
              widths: [1.4, 2.6, 1.2],
              rows: [
                ["Minimum", `${rupees(range.midpoint)} x 2 / 2.5`, rupees(range.minimum)],
                ["Maximum", `${rupees(range.minimum)} x 1.5`, rupees(range.maximum)],
                [
                  "Next grade's midpoint",
                  `${rupees(range.midpoint)} x 1.${range.progressionPercent}`,
                  rupees(range.nextMidpoint),
                ],
                [
                  "Compa-ratio of a salary",
                  `${rupees(range.salary)} / ${rupees(range.midpoint)}`,
                  range.compaRatio.toFixed(2),
                ],
              ],
            },
          ],
        },
      ],
    },
    {
      heading: "Progression rules and the merit matrix",
      blocks: [
        {
          kind: "paragraph",
          text: "A merit matrix sets the increase from two things: performance and position in range (compa-ratio). People below the midpoint who perform well move faster; people above it move slower, so that pay converges on the midpoint for steady performance. The percentages below are a template to scale to your budget, not market figures.",
        },
        {
          kind: "table",
          columns: ["Rating", "Compa-ratio below 0.90", "0.90 to 1.10", "Above 1.10"],
          rows: [
            ["Exceptional", "12%", "9%", "6%"],
            ["Strong", "9%", "7%", "4%"],
            ["Meets expectations", "6%", "4%", "2%"],
            ["Below expectations", "0%", "0%", "0%"],
          ],
        },
        {
          kind: "bullets",
          items: [
            "Promotion: move to the new grade's range at or above its minimum; a promotion increase of 8% to 15% is common.",
            "Below minimum: bring to the minimum within two cycles, and record why it happened.",
            "Above maximum: no increase to base pay; a one-time payment if performance warrants it.",
          ],
        },
      ],
    },
    {
      heading: "Salary structure under the Code on Wages, 2019",
      blocks: [
        {
          kind: "paragraph",
          text: "The four labour codes came into force on 21 November 2025. Section 2(y) of the Code on Wages, 2019 defines wages: basic pay, dearness allowance and retaining allowance are in; listed items are out, among them house rent allowance (f), conveyance allowance and travel concessions (d), employer contributions to provident or pension funds (c), overtime (h) and commission (i). Its proviso is the 50% rule: if the excluded payments under clauses (a) to (i) exceed one half of all the remuneration, the excess is added back to wages. The Code on Social Security, 2020 uses the same definition, so PF, gratuity and statutory bonus are computed on these wages.",
        },
        {
          kind: "paragraph",
          text: "Employer PF contributions are left out of the test below: they are excluded from wages by clause (c) but are not paid to the employee, and how they count in 'all remuneration' has not been settled by rules. This is our reading; confirm yours with your adviser.",
        },
        {
          kind: "example",
          title: "the 50% wages test before restructuring (illustrative, monthly)",
          blocks: [
            {
              kind: "table",
              columns: ["Component", "Treatment", "Amount"],
              widths: [2, 2, 1.2],
              rows: wagesRows(before),
            },
            {
              kind: "paragraph",
              text: `The exclusions (${rupees(before.excluded)}) exceed half of ${rupees(before.total)} by ${rupees(before.addedBack)}, so wages are ${rupees(before.basic + before.specialAllowance)} plus ${rupees(before.addedBack)}: ${rupees(before.wages)}, not the basic pay of ${rupees(before.basic)}.`,
            },
          ],
        },
        {
          kind: "example",
          title: "the same pay restructured (illustrative, monthly)",
          blocks: [
            {
              kind: "table",
              columns: ["Component", "Treatment", "Amount"],
              widths: [2, 2, 1.2],
              rows: wagesRows(after),
            },
            {
              kind: "paragraph",
              text: `Raising basic pay to ${rupees(after.basic)} and trimming the allowances keeps the total at ${rupees(after.total)} and brings the exclusions to ${rupees(after.excluded)}, under half, so nothing is added back. Wages are now ${rupees(after.wages)}: a higher base for PF and gratuity, which is the cost to plan for. Check the take-home effect too: HRA is tax-exempt only within the limits of the Income-tax Act.`,
            },
          ],
        },
      ],
    },
    {
      heading: "Gratuity on the new wages",
      blocks: [
        {
          kind: "paragraph",
          text: "Under section 53 of the Code on Social Security, 2020, gratuity is fifteen days' wages, at the rate last drawn, for every completed year of service or part of a year over six months. For a monthly-rated employee fifteen days' wages are the monthly wages divided by 26 and multiplied by 15. It is due after five years' continuous service (not required on death or disablement), and a fixed-term employee is paid pro rata without waiting five years (section 53(1), first proviso). The total is capped at the amount the Central Government notifies (section 53(3)); the ceiling notified under the Payment of Gratuity Act, 1972 was Rs 20,00,000.",
        },
        {
          kind: "example",
          title: "gratuity for a permanent and a fixed-term employee (illustrative)",
          blocks: [
            {
              kind: "table",
              columns: ["Employee", "Working", "Gratuity"],
              widths: [1.6, 2.8, 1],
              rows: [
                [
                  `Permanent, ${g.serviceYears} years ${g.serviceMonths} months`,
                  `${rupees(g.monthlyWages)} x 15 / 26 x ${g.countedYears} years (8 months count as a year)`,
                  rupees(g.amount),
                ],
                [
                  `Fixed-term, ${g.fixedTermYears} years`,
                  `${rupees(g.monthlyWages)} x 15 / 26 x ${g.fixedTermYears} years`,
                  rupees(g.fixedTermAmount),
                ],
              ],
            },
            {
              kind: "paragraph",
              text: `Both are far below the ${rupees(g.ceiling)} ceiling; amounts are rounded to the rupee. The wages used are ${rupees(g.monthlyWages)}, the structure before restructuring: the add-back already lifted the base above the basic pay of ${rupees(before.basic)}. After restructuring the base would be ${rupees(after.wages)}, and each year of service would cost proportionally more.`,
            },
          ],
        },
      ],
    },
  ],
  sources: [
    {
      title: "Code on Wages, 2019, section 2(y)",
      use: "definition of wages, its exclusions (a) to (k) and the proviso adding back exclusions above one half of all remuneration.",
    },
    {
      title: "Code on Social Security, 2020, sections 2(88) and 53",
      use: "the same definition of wages; gratuity of fifteen days' wages per completed year (monthly wages x 15 / 26), five years' service, pro rata for fixed-term employees, and the notified ceiling.",
    },
    {
      title: "Payment of Gratuity Act, 1972, section 4(3) (ceiling notified in 2018)",
      use: "the Rs 20,00,000 ceiling, pending a notification under the Code.",
    },
    {
      title: "Government of India, Ministry of Labour and Employment, 21 November 2025",
      use: "the four labour codes in force from that date.",
    },
  ],
};
