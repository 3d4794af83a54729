import {
  type Calculator,
  type InputsRead,
  readAmount,
  readChoice,
  readFlag,
} from "../shared/calculator-model";
import { rupees } from "../shared/money";
import { ctcBreakdown } from "./ctc-breakdown";
import { type CtcInput, ctcToInHand, type PfBasis } from "./ctc-to-in-hand";
import { STATE_CODES, type StateCode } from "./professional-tax";
import { SALARY_TAX_YEARS, type SalaryTaxYear, salaryTaxYear } from "./tax-rules";

/*
 * The CTC calculator's inputs as a URL query (a GET form: shareable, bookmarkable, works without
 * JavaScript), read without zod so that the page's script can run it too.
 */

export const CTC_SLUG = "ctc-to-in-hand";

/** The query's field names. */
export const CTC_FIELDS = {
  year: "fy",
  ctc: "ctc",
  basicPercent: "basic",
  hraPercent: "hra",
  variablePay: "variable",
  otherBenefits: "other",
  pf: "pf",
  gratuity: "gratuity",
  state: "state",
  metro: "metro",
  rentMonthly: "rent",
  investments80C: "inv80c",
  healthInsuranceSelf: "ins_self",
  healthInsuranceParents: "ins_parents",
  parentsSenior: "parents_senior",
  homeLoanInterest: "home_loan",
} as const;

export type CtcField = (typeof CTC_FIELDS)[keyof typeof CTC_FIELDS];

/** What the form shows before anything is typed: an example offer. */
export const CTC_EXAMPLE: Record<CtcField, string> = {
  fy: SALARY_TAX_YEARS[0]?.financialYear ?? "",
  ctc: "1500000",
  basic: "50",
  hra: "40",
  variable: "0",
  other: "0",
  pf: "basic",
  gratuity: "yes",
  state: "KA",
  metro: "",
  rent: "0",
  inv80c: "0",
  ins_self: "0",
  ins_parents: "0",
  parents_senior: "",
  home_loan: "0",
};

export interface CtcQueryInput {
  year: SalaryTaxYear;
  input: CtcInput;
}

const CRORE_50 = 50_00_00_000;

/** Reads and checks the inputs; one message per field. */
export function readCtcInputs(query: URLSearchParams): InputsRead<CtcQueryInput> {
  const errors: Record<string, string> = {};
  const F = CTC_FIELDS;
  const amount = (name: string, label: string, max: number, fallback?: number) => {
    const value = readAmount(query, name, label, { max, fallback });
    if (typeof value === "string") {
      errors[name] = value;
      return 0;
    }
    return value;
  };
  const choice = <T extends string>(
    name: string,
    label: string,
    choices: readonly T[],
    fallback: T,
  ) => {
    const value = readChoice(query, name, label, choices, fallback);
    if (typeof value === "object") {
      errors[name] = value.error;
      return fallback;
    }
    return value;
  };
  const years = SALARY_TAX_YEARS.map((year) => year.financialYear);
  const fy = choice(F.year, "Financial year", years, years[0] ?? "");
  const ctc = amount(F.ctc, "CTC", CRORE_50);
  if (!errors[F.ctc] && ctc < 1) errors[F.ctc] = "CTC must be at least 1";
  const basicPercent = amount(F.basicPercent, "Basic", 100, 50);
  if (!errors[F.basicPercent] && basicPercent < 1)
    errors[F.basicPercent] = "Basic must be at least 1";
  const hraPercent = amount(F.hraPercent, "HRA", 100, 0);
  const input: CtcInput = {
    ctc: rupees(ctc),
    basicPercent,
    hraPercent,
    variablePay: rupees(amount(F.variablePay, "Variable pay", CRORE_50, 0)),
    otherBenefits: rupees(amount(F.otherBenefits, "Other benefits", CRORE_50, 0)),
    pf: choice<PfBasis>(F.pf, "PF", ["basic", "ceiling", "none"], "basic"),
    gratuityInCtc: choice(F.gratuity, "Gratuity", ["yes", "no"], "yes") === "yes",
    state: choice<StateCode>(F.state, "State", STATE_CODES, "KA"),
    metro: readFlag(query, F.metro),
    rentMonthly: rupees(amount(F.rentMonthly, "Rent", 1_00_00_000, 0)),
    investments80C: rupees(amount(F.investments80C, "80C investments", CRORE_50, 0)),
    healthInsuranceSelf: rupees(amount(F.healthInsuranceSelf, "Health insurance", CRORE_50, 0)),
    healthInsuranceParents: rupees(
      amount(F.healthInsuranceParents, "Parents' health insurance", CRORE_50, 0),
    ),
    parentsSenior: readFlag(query, F.parentsSenior),
    homeLoanInterest: rupees(amount(F.homeLoanInterest, "Home loan interest", CRORE_50, 0)),
  };
  const year = salaryTaxYear(fy);
  if (Object.keys(errors).length > 0 || !year) return { ok: false, errors };
  return { ok: true, input: { year, input } };
}

/** The calculator as the framework uses it (page, PDF, e-mail). */
export const ctcCalculator: Calculator<CtcQueryInput> = {
  slug: CTC_SLUG,
  name: "CTC to in-hand salary calculator",
  readInputs: readCtcInputs,
  breakdown({ year, input }) {
    const outcome = ctcToInHand(year, input);
    return outcome.ok
      ? { ok: true, breakdown: ctcBreakdown(year, input, outcome.result) }
      : outcome;
  },
};
