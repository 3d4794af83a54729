import type { Paise } from "../shared/money";

/*
 * The income-tax rules of an employee's salary, as data per financial year, each entry with the
 * text it comes from. The formulas (ctc-to-in-hand.ts) read these and hold no figure of the law.
 * Amounts in paise. Sources: docs/decisions/0052-calculators.md.
 */

/** A tax slab: income up to `upTo` (null: everything above) taxed at `percent`. */
export interface TaxSlab {
  upTo: Paise | null;
  percent: number;
}

/** Surcharge at `percent` of the tax when total income exceeds `over`. */
export interface SurchargeBand {
  over: Paise;
  percent: number;
}

export interface RegimeRules {
  label: string;
  slabs: TaxSlab[];
  slabsSource: string;
  /** s.16(ia) standard deduction from salary. */
  standardDeduction: Paise;
  standardDeductionSource: string;
  /** s.87A: the rebate for a resident individual with total income up to `incomeLimit`. */
  rebate: {
    incomeLimit: Paise;
    maxRebate: Paise;
    /** Tax above the limit never exceeds the income above it (the proviso to s.87A). */
    marginalRelief: boolean;
    source: string;
  };
  surcharge: SurchargeBand[];
  surchargeSource: string;
  /** Whether salary deductions of Chapter VI-A, HRA, s.16(iii) and s.24(b) are allowed. */
  deductionsAllowed: boolean;
  deductionsSource: string;
}

export interface SalaryTaxYear {
  /** "2025-26". */
  financialYear: string;
  assessmentYear: string;
  newRegime: RegimeRules;
  oldRegime: RegimeRules;
  cessPercent: number;
  cessSource: string;
  /** Total income and tax are rounded to the nearest ten rupees. */
  roundingRupees: number;
  roundingSource: string;
  /** Surcharge never takes more than the income above its threshold. */
  surchargeReliefSource: string;
  epf: {
    employeePercent: number;
    employerPercent: number;
    /** The monthly wage on which contributions may be capped. */
    wageCeilingMonthly: Paise;
    source: string;
  };
  /** The gratuity a CTC provides for: 15 days' wages of 26 per year of service, monthly. */
  gratuityPercentOfBasic: number;
  gratuitySource: string;
  hra: {
    metroPercentOfSalary: number;
    otherPercentOfSalary: number;
    /** Rent counts only above this share of salary. */
    rentExcessPercentOfSalary: number;
    metroCities: string;
    source: string;
  };
  section80C: { limit: Paise; source: string };
  section80D: {
    selfLimit: Paise;
    parentsLimit: Paise;
    parentsSeniorLimit: Paise;
    source: string;
  };
  homeLoanInterest: { limit: Paise; source: string };
  professionalTaxSource: string;
}

const lakh = (amount: number): Paise => Math.round(amount * 100_000 * 100);
const rs = (amount: number): Paise => amount * 100;

const FINANCE_ACT_2025 = "Finance Act 2025, First Schedule, Part III";

export const FY_2025_26: SalaryTaxYear = {
  financialYear: "2025-26",
  assessmentYear: "2026-27",
  newRegime: {
    label: "New regime",
    slabs: [
      { upTo: lakh(4), percent: 0 },
      { upTo: lakh(8), percent: 5 },
      { upTo: lakh(12), percent: 10 },
      { upTo: lakh(16), percent: 15 },
      { upTo: lakh(20), percent: 20 },
      { upTo: lakh(24), percent: 25 },
      { upTo: null, percent: 30 },
    ],
    slabsSource: "Income-tax Act 1961, s.115BAC(1A), as amended by the Finance Act 2025",
    standardDeduction: rs(75_000),
    standardDeductionSource:
      "Income-tax Act 1961, s.16(ia), as amended by the Finance (No. 2) Act 2024 (₹75,000 under s.115BAC)",
    rebate: {
      incomeLimit: lakh(12),
      maxRebate: rs(60_000),
      marginalRelief: true,
      source:
        "Income-tax Act 1961, s.87A and its second proviso (marginal relief), as amended by the Finance Act 2025",
    },
    surcharge: [
      { over: lakh(50), percent: 10 },
      { over: lakh(100), percent: 15 },
      // Under s.115BAC the surcharge stops at 25%: the 37% band does not apply.
      { over: lakh(200), percent: 25 },
    ],
    surchargeSource: `${FINANCE_ACT_2025}, Paragraph A (surcharge; capped at 25% for s.115BAC)`,
    deductionsAllowed: false,
    deductionsSource:
      "Income-tax Act 1961, s.115BAC(2): no HRA exemption (s.10(13A)), professional tax (s.16(iii)), Chapter VI-A (80C, 80D) or s.24(b) for a self-occupied house",
  },
  oldRegime: {
    label: "Old regime",
    slabs: [
      { upTo: lakh(2.5), percent: 0 },
      { upTo: lakh(5), percent: 5 },
      { upTo: lakh(10), percent: 20 },
      { upTo: null, percent: 30 },
    ],
    slabsSource: `${FINANCE_ACT_2025}, Paragraph A(I) (individual below 60 years)`,
    standardDeduction: rs(50_000),
    standardDeductionSource: "Income-tax Act 1961, s.16(ia)",
    rebate: {
      incomeLimit: lakh(5),
      maxRebate: rs(12_500),
      marginalRelief: false,
      source: "Income-tax Act 1961, s.87A (old regime: up to ₹12,500 for income up to ₹5 lakh)",
    },
    surcharge: [
      { over: lakh(50), percent: 10 },
      { over: lakh(100), percent: 15 },
      { over: lakh(200), percent: 25 },
      { over: lakh(500), percent: 37 },
    ],
    surchargeSource: `${FINANCE_ACT_2025}, Paragraph A (surcharge)`,
    deductionsAllowed: true,
    deductionsSource: "Income-tax Act 1961, s.10(13A), s.16(iii), Chapter VI-A, s.24(b)",
  },
  cessPercent: 4,
  cessSource:
    "Finance Act 2025, s.2(11)-(12): Health and Education Cess at 4% of tax and surcharge",
  roundingRupees: 10,
  roundingSource:
    "Income-tax Act 1961, s.288A (income rounded to the nearest ₹10) and s.288B (tax rounded to the nearest ₹10)",
  surchargeReliefSource:
    "Finance Act 2025, First Schedule, Paragraph A provisos (marginal relief on surcharge)",
  epf: {
    employeePercent: 12,
    employerPercent: 12,
    wageCeilingMonthly: rs(15_000),
    source:
      "Employees' Provident Funds and Miscellaneous Provisions Act 1952, s.6; EPF Scheme 1952, para 26A(2) (₹15,000 wage ceiling)",
  },
  gratuityPercentOfBasic: 4.81,
  gratuitySource:
    "Payment of Gratuity Act 1972, s.4(2) / Code on Social Security 2020, s.53: 15 days' wages of 26 per year (15/26/12 = 4.81% of basic a month)",
  hra: {
    metroPercentOfSalary: 50,
    otherPercentOfSalary: 40,
    rentExcessPercentOfSalary: 10,
    metroCities: "Delhi, Mumbai, Kolkata or Chennai",
    source: "Income-tax Act 1961, s.10(13A); Income-tax Rules 1962, rule 2A",
  },
  section80C: { limit: lakh(1.5), source: "Income-tax Act 1961, s.80C and s.80CCE (₹1,50,000)" },
  section80D: {
    selfLimit: rs(25_000),
    parentsLimit: rs(25_000),
    parentsSeniorLimit: rs(50_000),
    source: "Income-tax Act 1961, s.80D(2)-(4)",
  },
  homeLoanInterest: {
    limit: lakh(2),
    source: "Income-tax Act 1961, s.24(b) (self-occupied house, ₹2,00,000)",
  },
  professionalTaxSource: "Constitution of India, Article 276(2) (at most ₹2,500 a year)",
};

/** The financial years the calculator covers, newest first. */
export const SALARY_TAX_YEARS: readonly SalaryTaxYear[] = [FY_2025_26];

export const salaryTaxYear = (financialYear: string): SalaryTaxYear | undefined =>
  SALARY_TAX_YEARS.find((year) => year.financialYear === financialYear);
