import {
  type Breakdown,
  type Calculator,
  type InputsRead,
  readAmount,
  readFlag,
} from "../shared/calculator-model";
import { formatPaise, rupees } from "../shared/money";
import { checkWages, type WageCheckInput, type WageCheckResult } from "./wage-check";
import { WAGE_COMPONENTS, WAGE_RULES, type WageComponentKey } from "./wage-rules";

/*
 * The wage check's inputs as a URL query (a GET form: shareable, works without JavaScript), read
 * without zod so the page's script runs it too, and its result as the framework's Breakdown.
 */

export const WAGE_CHECK_SLUG = "wage-check";

/** The query's field name for each component the form asks for (monthly rupees). */
export const WAGE_CHECK_FIELDS = {
  basic: "basic",
  dearnessAllowance: "da",
  retainingAllowance: "retaining",
  otherAllowances: "special",
  hra: "hra",
  conveyance: "conveyance",
  statutoryBonus: "bonus",
  commission: "commission",
  overtime: "overtime",
  amenities: "amenities",
  specialExpenses: "expenses",
  employerPf: "employer_pf",
  awardOrSettlement: "award",
  variablePay: "variable",
  reimbursements: "reimbursements",
} as const satisfies Partial<Record<WageComponentKey, string>>;

export const WAGE_CHECK_CEILING_FIELD = "pf_ceiling";

export type WageCheckField =
  | (typeof WAGE_CHECK_FIELDS)[keyof typeof WAGE_CHECK_FIELDS]
  | typeof WAGE_CHECK_CEILING_FIELD;

/** The form before anything is typed: a structure whose allowances pass one-half. */
export const WAGE_CHECK_EXAMPLE: Record<WageCheckField, string> = {
  basic: "20000",
  da: "0",
  retaining: "0",
  special: "2000",
  hra: "10000",
  conveyance: "8000",
  bonus: "0",
  commission: "10000",
  overtime: "0",
  amenities: "0",
  expenses: "0",
  employer_pf: "0",
  award: "0",
  variable: "0",
  reimbursements: "0",
  pf_ceiling: "yes",
};

const MONTHLY_MAX = 1_00_00_000;

/** The form's label of a component (the rule's own words). */
export function wageComponentLabel(key: WageComponentKey): string {
  return WAGE_COMPONENTS.find((rule) => rule.key === key)?.label ?? key;
}

export function readWageCheckInputs(query: URLSearchParams): InputsRead<WageCheckInput> {
  const errors: Record<string, string> = {};
  const structure: WageCheckInput["structure"] = {};
  for (const [key, name] of Object.entries(WAGE_CHECK_FIELDS) as [WageComponentKey, string][]) {
    const value = readAmount(query, name, wageComponentLabel(key), {
      max: MONTHLY_MAX,
      fallback: 0,
    });
    if (typeof value === "string") errors[name] = value;
    else structure[key] = rupees(value);
  }
  if (!errors[WAGE_CHECK_FIELDS.basic] && !structure.basic)
    errors[WAGE_CHECK_FIELDS.basic] = "Basic pay must be more than 0";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { structure, pfAtCeiling: readFlag(query, WAGE_CHECK_CEILING_FIELD) } };
}

const percent = (part: number, whole: number) =>
  whole > 0 ? `${(Math.round((part * 1000) / whole) / 10).toString()}%` : "0%";

export function wageCheckBreakdown(input: WageCheckInput, result: WageCheckResult): Breakdown {
  const limit = WAGE_RULES.exclusionLimit.value;
  const limitWords = `${Math.round((limit.numerator * 100) / limit.denominator)}%`;
  const given = result.lines.filter((line) => line.amount > 0);
  const treatmentWords = {
    wages: "Wages",
    "excluded-capped": "Excluded, within the limit",
    "excluded-uncapped": "Excluded",
    outside: "Not wages (MoLE FAQ)",
  } as const;
  const pfChange = result.pfAfter.contribution - result.pfBefore.contribution;
  return {
    title: "Labour Codes wage check",
    headline: result.exceedsLimit
      ? `Excluded allowances are ${percent(result.cappedExclusions, result.allRemuneration)} of pay, over the ${limitWords} limit: ${formatPaise(result.addedBack)} a month is added back, so wages are ${formatPaise(result.wages)}.`
      : `Excluded allowances are ${percent(result.cappedExclusions, result.allRemuneration)} of pay, within the ${limitWords} limit: wages are ${formatPaise(result.wages)} a month and nothing is added back.`,
    highlights: [
      { label: "Wages under the Codes, a month", amount: result.wages },
      { label: "Added back to wages, a month", amount: result.addedBack },
      { label: "Change in employee PF, a month", amount: pfChange },
    ],
    sections: [
      {
        heading: "Your pay, a month",
        columns: ["Amount", "Treated as"],
        grid: given.map((line) => ({
          label: line.rule.label,
          values: [line.amount, treatmentWords[line.rule.treatment]],
        })),
      },
      {
        heading: `The ${limitWords} test`,
        rows: [
          { label: "All remuneration", amount: result.allRemuneration },
          { label: "Basic, DA, retaining and other allowances", amount: result.wagesBeforeProviso },
          { label: "Excluded payments, clauses (a) to (i)", amount: result.cappedExclusions },
          // Counted in the total but never added back (decision 0053); the page's form has no
          // field for them, so the row shows only when a caller passes them.
          ...(result.uncappedExclusions > 0
            ? [
                {
                  label: "Gratuity and retrenchment compensation, clauses (j) and (k)",
                  amount: result.uncappedExclusions,
                },
              ]
            : []),
          { label: `Limit: ${limitWords} of all remuneration`, amount: result.exclusionLimit },
          { label: "Added back to wages", amount: result.addedBack, strong: true },
          { label: "Wages", amount: result.wages, strong: true },
        ],
      },
      {
        heading: "Provident fund, a month",
        columns: ["Before the Codes", "Under the Codes"],
        grid: [
          { label: "PF wage", values: [result.pfBefore.base, result.pfAfter.base] },
          {
            label: "Employee's PF (12%)",
            values: [result.pfBefore.contribution, result.pfAfter.contribution],
            strong: true,
          },
          {
            label: "Employer's PF (12%)",
            values: [result.pfBefore.contribution, result.pfAfter.contribution],
          },
        ],
      },
      {
        heading: "Gratuity base",
        columns: ["Before the Codes", "Under the Codes"],
        grid: [
          { label: "Monthly wage for gratuity", values: [result.gratuityBaseBefore, result.wages] },
          {
            label: "Gratuity for each year of service (15/26)",
            values: [result.gratuityPerYearBefore, result.gratuityPerYearAfter],
            strong: true,
          },
        ],
      },
    ],
    inputs: [
      ...result.lines
        .filter((line) => line.amount > 0)
        .map((line) => ({ label: line.rule.label, value: formatPaise(line.amount) })),
      {
        label: "PF on wages up to ₹15,000 only",
        value: input.pfAtCeiling ? "Yes" : "No",
      },
    ],
    sources: [
      ...given.map((line) => ({ rule: line.rule.label, source: line.rule.source })),
      { rule: "The Codes in force", source: WAGE_RULES.inForceFrom.source },
      { rule: `The ${limitWords} limit`, source: WAGE_RULES.exclusionLimit.source },
      { rule: "PF rate", source: WAGE_RULES.pfRate.source },
      { rule: "PF wage ceiling", source: WAGE_RULES.pfWageCeiling.source },
      { rule: "PF rounding", source: WAGE_RULES.pfRounding.source },
      { rule: "PF wage before the Codes", source: WAGE_RULES.previousPfBase.source },
      { rule: "Gratuity wage before the Codes", source: WAGE_RULES.previousGratuityBase.source },
      { rule: "Gratuity for a year", source: WAGE_RULES.gratuityDaysPerYear.source },
    ],
  };
}

/** The calculator as the framework uses it (page, PDF, e-mail). */
export const wageCheckCalculator: Calculator<WageCheckInput> = {
  slug: WAGE_CHECK_SLUG,
  name: "Labour Codes wage check",
  readInputs: readWageCheckInputs,
  breakdown: (input) => ({ ok: true, breakdown: wageCheckBreakdown(input, checkWages(input)) }),
};
