import type { Breakdown, BreakdownSection, RuleSource } from "../shared/calculator-model";
import { formatPaise, type Paise } from "../shared/money";
import type { CtcInput, CtcResult, PfBasis, RegimeTax } from "./ctc-to-in-hand";
import { PROFESSIONAL_TAX, type StateCode } from "./professional-tax";
import type { SalaryTaxYear } from "./tax-rules";

/*
 * A CTC result as the framework's Breakdown, the one description the page, its script, the PDF
 * and the mail draw: the salary structure, both regimes' tax, the take-home, the inputs in words
 * and the source of every rule it used.
 */

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
