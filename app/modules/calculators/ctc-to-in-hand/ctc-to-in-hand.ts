import { formatPaise, type Paise, percentOf } from "../shared/money";
import { incomeTax } from "./income-tax";
import { annualProfessionalTax, PROFESSIONAL_TAX, type StateCode } from "./professional-tax";
import type { RegimeRules, SalaryTaxYear } from "./tax-rules";

/*
 * CTC to in-hand: the salary a cost to company pays, and the income tax on it under the new and
 * the old regime (income-tax.ts), for one financial year's rules (tax-rules.ts) and a state's
 * professional tax (professional-tax.ts); ctc-breakdown.ts describes the result. Pure: the
 * server renders with it and the page's script runs it as the visitor types. Every figure of
 * the law comes from the rules; amounts are paise.
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
