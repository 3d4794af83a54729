import type { Breakdown, BreakdownSection, RuleSource } from "../shared/calculator-model";
import { formatPaise, type Paise, percentOf, roundToRupees } from "../shared/money";
import { annualProfessionalTax, PROFESSIONAL_TAX, type StateCode } from "./professional-tax";
import type { RegimeRules, SalaryTaxYear } from "./tax-rules";

/*
 * CTC to in-hand: the salary a cost to company pays, and the income tax on it under the new and
 * the old regime, for one financial year's rules (tax-rules.ts) and a state's professional tax
 * (professional-tax.ts). Pure: the server renders with it and the page's script runs it as the
 * visitor types. Every figure of the law comes from the rules; amounts are paise.
 */

export type PfBasis = "basic" | "ceiling" | "none";

export interface CtcInput {
  /** Annual cost to company. */
  ctc: Paise;
  /** Basic pay as a share of CTC (percent). */
  basicPercent: number;
  /** HRA as a share of basic (percent). */
  hraPercent: number;
  /** Annual variable pay (bonus) within the CTC, paid as salary. */
  variablePay: Paise;
  /** Annual benefits within the CTC that are not paid as salary (insurance premiums and the like). */
  otherBenefits: Paise;
  /** PF on the whole basic, on the wage ceiling, or no PF. */
  pf: PfBasis;
  /** The CTC includes the gratuity the employer provides for. */
  gratuityInCtc: boolean;
  state: StateCode;
  /** Old regime only: lives in a metro city for the HRA exemption. */
  metro: boolean;
  /** Old regime only: rent paid a month. */
  rentMonthly: Paise;
  /** Old regime only: s.80C investments besides the employee's PF, a year. */
  investments80C: Paise;
  /** Old regime only: health insurance premium for self and family, a year. */
  healthInsuranceSelf: Paise;
  /** Old regime only: health insurance premium for parents, a year. */
  healthInsuranceParents: Paise;
  parentsSenior: boolean;
  /** Old regime only: interest on a home loan for a self-occupied house, a year. */
  homeLoanInterest: Paise;
}

export interface SalaryStructure {
  basic: Paise;
  hra: Paise;
  specialAllowance: Paise;
  variablePay: Paise;
  employerPf: Paise;
  gratuity: Paise;
  otherBenefits: Paise;
  /** Salary paid (taxable before exemptions): basic, HRA, special allowance, variable pay. */
  grossSalary: Paise;
  employeePf: Paise;
  professionalTax: Paise;
}

export interface RegimeTax {
  label: string;
  hraExemption: Paise;
  standardDeduction: Paise;
  professionalTaxDeduction: Paise;
  section80C: Paise;
  section80D: Paise;
  homeLoanInterest: Paise;
  taxableIncome: Paise;
  slabTax: Paise;
  rebate: Paise;
  surcharge: Paise;
  cess: Paise;
  totalTax: Paise;
  /** Rebate or surcharge taken off by a marginal relief (0 outside their bands). */
  marginalRelief: Paise;
  inHandYear: Paise;
  inHandMonth: Paise;
}

export interface CtcResult {
  structure: SalaryStructure;
  newRegime: RegimeTax;
  oldRegime: RegimeTax;
  /** The regime with the lower tax (the new one, the default regime, on a tie). */
  better: "newRegime" | "oldRegime";
}

export type CtcOutcome = { ok: true; result: CtcResult } | { ok: false; error: string };

/** Tax on income by slab. */
export function slabTax(slabs: RegimeRules["slabs"], income: Paise): Paise {
  let tax = 0;
  let lower = 0;
  for (const slab of slabs) {
    const upper = slab.upTo ?? Number.POSITIVE_INFINITY;
    if (income > lower) tax += percentOf(Math.min(income, upper) - lower, slab.percent);
    lower = upper;
  }
  return tax;
}

/** The s.87A rebate, with the marginal relief where the rules give it. */
export function rebateOn(rules: RegimeRules, income: Paise, tax: Paise): Paise {
  const { incomeLimit, maxRebate, marginalRelief } = rules.rebate;
  if (income <= incomeLimit) return Math.min(tax, maxRebate);
  if (!marginalRelief) return 0;
  return Math.max(0, tax - (income - incomeLimit));
}

/** The surcharge at its full rate, and after the marginal relief at its threshold. */
export function surchargeOn(
  rules: RegimeRules,
  income: Paise,
  tax: Paise,
): { full: Paise; relieved: Paise } {
  let band = -1;
  rules.surcharge.forEach((entry, index) => {
    if (income > entry.over) band = index;
  });
  if (band === -1) return { full: 0, relieved: 0 };
  const { over, percent } = rules.surcharge[band] as RegimeRules["surcharge"][number];
  const full = percentOf(tax, percent);
  const belowPercent = band > 0 ? (rules.surcharge[band - 1]?.percent ?? 0) : 0;
  const taxAtThreshold = slabTax(rules.slabs, over);
  const capOnTotal = taxAtThreshold + percentOf(taxAtThreshold, belowPercent) + (income - over);
  return { full, relieved: Math.max(0, Math.min(full, capOnTotal - tax)) };
}

/** The tax on a total income under one regime: slabs, rebate, surcharge, cess, rounding. */
export function incomeTax(year: SalaryTaxYear, rules: RegimeRules, totalIncome: Paise) {
  const income = roundToRupees(Math.max(0, totalIncome), year.roundingRupees);
  const onSlabs = slabTax(rules.slabs, income);
  const rebate = rebateOn(rules, income, onSlabs);
  const afterRebate = onSlabs - rebate;
  const { full, relieved: surcharge } = surchargeOn(rules, income, afterRebate);
  const cess = percentOf(afterRebate + surcharge, year.cessPercent);
  const total = roundToRupees(afterRebate + surcharge + cess, year.roundingRupees);
  /*
   * What the two marginal reliefs took off. Inside their bands every rupee above the threshold is
   * taxed, and cess is charged on top, so a raise there can leave a little less in hand.
   */
  const marginalRelief = (income > rules.rebate.incomeLimit ? rebate : 0) + (full - surcharge);
  return { income, onSlabs, rebate, surcharge, cess, total, marginalRelief };
}

/** The salary structure a CTC pays, or why the components do not fit in it. */
export function salaryStructure(
  year: SalaryTaxYear,
  input: CtcInput,
): { ok: true; structure: SalaryStructure } | { ok: false; error: string } {
  const basic = percentOf(input.ctc, input.basicPercent);
  const hra = percentOf(basic, input.hraPercent);
  const pfWageMonthly =
    input.pf === "ceiling"
      ? Math.min(Math.round(basic / 12), year.epf.wageCeilingMonthly)
      : Math.round(basic / 12);
  const employerPf =
    input.pf === "none" ? 0 : 12 * percentOf(pfWageMonthly, year.epf.employerPercent);
  const employeePf =
    input.pf === "none" ? 0 : 12 * percentOf(pfWageMonthly, year.epf.employeePercent);
  const gratuity = input.gratuityInCtc ? percentOf(basic, year.gratuityPercentOfBasic) : 0;
  const specialAllowance =
    input.ctc - basic - hra - employerPf - gratuity - input.variablePay - input.otherBenefits;
  if (specialAllowance < 0) {
    return {
      ok: false,
      error: `The components add up to ${formatPaise(input.ctc - specialAllowance)}, more than the CTC of ${formatPaise(input.ctc)}: lower the basic, HRA, variable pay or other benefits.`,
    };
  }
  const grossSalary = basic + hra + specialAllowance + input.variablePay;
  const fixedMonthly = Math.round((grossSalary - input.variablePay) / 12);
  const professionalTax = annualProfessionalTax(PROFESSIONAL_TAX[input.state], fixedMonthly);
  return {
    ok: true,
    structure: {
      basic,
      hra,
      specialAllowance,
      variablePay: input.variablePay,
      employerPf,
      gratuity,
      otherBenefits: input.otherBenefits,
      grossSalary,
      employeePf,
      professionalTax,
    },
  };
}

/** The HRA exemption of s.10(13A) with rule 2A: the least of the three amounts. */
export function hraExemption(
  year: SalaryTaxYear,
  structure: Pick<SalaryStructure, "basic" | "hra">,
  rentYear: Paise,
  metro: boolean,
): Paise {
  const { hra } = year;
  const salary = structure.basic;
  const rentOverShare = rentYear - percentOf(salary, hra.rentExcessPercentOfSalary);
  const share = percentOf(salary, metro ? hra.metroPercentOfSalary : hra.otherPercentOfSalary);
  return Math.max(0, Math.min(structure.hra, rentOverShare, share));
}

function regimeTax(
  year: SalaryTaxYear,
  rules: RegimeRules,
  input: CtcInput,
  structure: SalaryStructure,
): RegimeTax {
  const allowed = rules.deductionsAllowed;
  const hraExempt = allowed
    ? hraExemption(year, structure, 12 * input.rentMonthly, input.metro)
    : 0;
  const standardDeduction = Math.min(rules.standardDeduction, structure.grossSalary - hraExempt);
  const professionalTaxDeduction = allowed ? structure.professionalTax : 0;
  const section80C = allowed
    ? Math.min(year.section80C.limit, structure.employeePf + input.investments80C)
    : 0;
  const parentsLimit = input.parentsSenior
    ? year.section80D.parentsSeniorLimit
    : year.section80D.parentsLimit;
  const section80D = allowed
    ? Math.min(year.section80D.selfLimit, input.healthInsuranceSelf) +
      Math.min(parentsLimit, input.healthInsuranceParents)
    : 0;
  const homeLoanInterest = allowed
    ? Math.min(year.homeLoanInterest.limit, input.homeLoanInterest)
    : 0;
  const totalIncome =
    structure.grossSalary -
    hraExempt -
    standardDeduction -
    professionalTaxDeduction -
    homeLoanInterest -
    section80C -
    section80D;
  const tax = incomeTax(year, rules, totalIncome);
  const inHandYear =
    structure.grossSalary - structure.employeePf - structure.professionalTax - tax.total;
  return {
    label: rules.label,
    hraExemption: hraExempt,
    standardDeduction,
    professionalTaxDeduction,
    section80C,
    section80D,
    homeLoanInterest,
    taxableIncome: tax.income,
    slabTax: tax.onSlabs,
    rebate: tax.rebate,
    surcharge: tax.surcharge,
    cess: tax.cess,
    totalTax: tax.total,
    marginalRelief: tax.marginalRelief,
    inHandYear,
    inHandMonth: Math.round(inHandYear / 12),
  };
}

/** The whole calculation: structure, both regimes, and which one taxes less. */
export function ctcToInHand(year: SalaryTaxYear, input: CtcInput): CtcOutcome {
  const built = salaryStructure(year, input);
  if (!built.ok) return built;
  const newRegime = regimeTax(year, year.newRegime, input, built.structure);
  const oldRegime = regimeTax(year, year.oldRegime, input, built.structure);
  return {
    ok: true,
    result: {
      structure: built.structure,
      newRegime,
      oldRegime,
      better: oldRegime.totalTax < newRegime.totalTax ? "oldRegime" : "newRegime",
    },
  };
}

/** The rules a result relied on, with their sources (for the page, the PDF and the mail). */
export function ctcSources(year: SalaryTaxYear, state: StateCode): RuleSource[] {
  const pt = PROFESSIONAL_TAX[state];
  return [
    { rule: "New regime slabs", source: year.newRegime.slabsSource },
    { rule: "Old regime slabs", source: year.oldRegime.slabsSource },
    { rule: "Standard deduction", source: year.newRegime.standardDeductionSource },
    { rule: "Rebate (new regime)", source: year.newRegime.rebate.source },
    { rule: "Rebate (old regime)", source: year.oldRegime.rebate.source },
    { rule: "Surcharge", source: year.newRegime.surchargeSource },
    { rule: "Surcharge relief", source: year.surchargeReliefSource },
    { rule: "Cess", source: year.cessSource },
    { rule: "Rounding", source: year.roundingSource },
    { rule: "What the new regime allows", source: year.newRegime.deductionsSource },
    { rule: "Provident fund", source: year.epf.source },
    { rule: "Gratuity", source: year.gratuitySource },
    { rule: "HRA exemption", source: year.hra.source },
    { rule: "80C", source: year.section80C.source },
    { rule: "80D", source: year.section80D.source },
    { rule: "Home loan interest", source: year.homeLoanInterest.source },
    { rule: `Professional tax (${pt.state})`, source: pt.source },
  ];
}

const PF_LABELS: Record<PfBasis, string> = {
  basic: "12% of the whole basic",
  ceiling: "12% of basic up to the ₹15,000 wage ceiling",
  none: "No PF",
};

/** The result as the page, the PDF and the mail draw it. */
export function ctcBreakdown(year: SalaryTaxYear, input: CtcInput, result: CtcResult): Breakdown {
  const { structure: s, newRegime: n, oldRegime: o } = result;
  const better = result[result.better];
  const other = result.better === "newRegime" ? o : n;
  const saving = other.totalTax - better.totalTax;
  const month = (amount: Paise) => Math.round(amount / 12);
  const salaryRows: BreakdownSection = {
    heading: "Salary structure",
    columns: ["A year", "A month"],
    grid: [
      { label: "Basic", values: [s.basic, month(s.basic)] },
      { label: "House rent allowance", values: [s.hra, month(s.hra)] },
      { label: "Special allowance", values: [s.specialAllowance, month(s.specialAllowance)] },
      { label: "Variable pay", values: [s.variablePay, month(s.variablePay)] },
      { label: "Gross salary", values: [s.grossSalary, month(s.grossSalary)], strong: true },
      {
        label: "Employer's PF (in CTC, not paid out)",
        values: [s.employerPf, month(s.employerPf)],
      },
      { label: "Gratuity (in CTC, paid on leaving)", values: [s.gratuity, month(s.gratuity)] },
      { label: "Other benefits (in CTC)", values: [s.otherBenefits, month(s.otherBenefits)] },
      { label: "Cost to company", values: [input.ctc, month(input.ctc)], strong: true },
    ],
  };
  const both = (pick: (regime: RegimeTax) => Paise) => [pick(n), pick(o)];
  const taxRows: BreakdownSection = {
    heading: "Income tax for the year",
    columns: [n.label, o.label],
    grid: [
      { label: "Gross salary", values: [s.grossSalary, s.grossSalary] },
      { label: "HRA exemption", values: both((r) => r.hraExemption) },
      { label: "Standard deduction", values: both((r) => r.standardDeduction) },
      { label: "Professional tax", values: both((r) => r.professionalTaxDeduction) },
      { label: "Home loan interest, s.24(b)", values: both((r) => r.homeLoanInterest) },
      { label: "80C (with employee PF)", values: both((r) => r.section80C) },
      { label: "80D", values: both((r) => r.section80D) },
      { label: "Taxable income", values: both((r) => r.taxableIncome), strong: true },
      { label: "Tax on slabs", values: both((r) => r.slabTax) },
      { label: "Rebate, s.87A", values: both((r) => r.rebate) },
      { label: "Surcharge", values: both((r) => r.surcharge) },
      { label: "Health and education cess", values: both((r) => r.cess) },
      { label: "Income tax", values: both((r) => r.totalTax), strong: true },
    ],
  };
  const handRows: BreakdownSection = {
    heading: "Take-home",
    columns: [n.label, o.label],
    grid: [
      { label: "Gross salary", values: [s.grossSalary, s.grossSalary] },
      { label: "Employee's PF", values: [s.employeePf, s.employeePf] },
      { label: "Professional tax", values: [s.professionalTax, s.professionalTax] },
      { label: "Income tax", values: both((r) => r.totalTax) },
      { label: "In hand a year", values: both((r) => r.inHandYear), strong: true },
      { label: "In hand a month (average)", values: both((r) => r.inHandMonth), strong: true },
    ],
  };
  const pt = PROFESSIONAL_TAX[input.state];
  return {
    title: `CTC to in-hand, FY ${year.financialYear}`,
    headline:
      saving > 0
        ? `The ${better.label.toLowerCase()} taxes ${formatPaise(saving)} less: ${formatPaise(better.inHandMonth)} in hand a month on average.`
        : `Both regimes tax the same: ${formatPaise(better.inHandMonth)} in hand a month on average.`,
    highlights: [
      { label: `In hand a month, ${n.label.toLowerCase()}`, amount: n.inHandMonth },
      { label: `In hand a month, ${o.label.toLowerCase()}`, amount: o.inHandMonth },
      { label: `Income tax, ${better.label.toLowerCase()}`, amount: better.totalTax },
    ],
    sections: [salaryRows, taxRows, handRows],
    inputs: [
      {
        label: "Financial year",
        value: `${year.financialYear} (assessment year ${year.assessmentYear})`,
      },
      { label: "CTC", value: formatPaise(input.ctc) },
      { label: "Basic", value: `${input.basicPercent}% of CTC` },
      { label: "HRA", value: `${input.hraPercent}% of basic` },
      { label: "Variable pay", value: formatPaise(input.variablePay) },
      { label: "Other benefits in CTC", value: formatPaise(input.otherBenefits) },
      { label: "Provident fund", value: PF_LABELS[input.pf] },
      { label: "Gratuity in CTC", value: input.gratuityInCtc ? "Yes" : "No" },
      { label: "State", value: pt.state },
      { label: "Metro city", value: input.metro ? "Yes" : "No" },
      { label: "Rent a month", value: formatPaise(input.rentMonthly) },
      { label: "80C investments besides PF", value: formatPaise(input.investments80C) },
      { label: "Health insurance, self and family", value: formatPaise(input.healthInsuranceSelf) },
      {
        label: "Health insurance, parents",
        value: `${formatPaise(input.healthInsuranceParents)}${input.parentsSenior ? " (senior citizens)" : ""}`,
      },
      { label: "Home loan interest", value: formatPaise(input.homeLoanInterest) },
    ],
    sources: ctcSources(year, input.state),
  };
}
