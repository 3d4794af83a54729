import type { Paise } from "../shared/money";

/*
 * Professional tax on salaries, by state, as data with its source (Constitution Article 276:
 * at most ₹2,500 a year). Most states levy it monthly by slab of the month's salary; Tamil Nadu's
 * local bodies levy it half-yearly by slab of the half-year's salary. Amounts in paise.
 */

export type StateCode = "KA" | "MH" | "TN" | "WB" | "TS" | "GJ" | "NONE";

export interface ProfessionalTaxRule {
  state: string;
  /** "monthly": slabs of a month's salary; "half-yearly": of six months' salary. */
  period: "monthly" | "half-yearly";
  /** Ascending: the tax for a salary above `over` (the last matching slab applies). */
  slabs: { over: Paise; tax: Paise }[];
  /** The tax of February instead of the monthly one, for the highest slab only. */
  februaryTopSlab?: Paise;
  source: string;
  note?: string;
}

const rs = (amount: number): Paise => amount * 100;

export const PROFESSIONAL_TAX: Record<StateCode, ProfessionalTaxRule> = {
  KA: {
    state: "Karnataka",
    period: "monthly",
    slabs: [{ over: rs(24_999), tax: rs(200) }],
    februaryTopSlab: rs(300),
    source:
      "Karnataka Tax on Professions, Trades, Callings and Employments Act 1976, Schedule entry 1, as amended by Karnataka Act 33 of 2025 (₹200 a month from ₹25,000, ₹300 in February)",
  },
  MH: {
    state: "Maharashtra",
    period: "monthly",
    slabs: [
      { over: rs(7_500), tax: rs(175) },
      { over: rs(10_000), tax: rs(200) },
    ],
    februaryTopSlab: rs(300),
    source:
      "Maharashtra State Tax on Professions, Trades, Callings and Employments Act 1975, Schedule I entry 1(i) (men; rates from 1 April 2023): nil up to ₹7,500, ₹175 up to ₹10,000, above that ₹2,500 a year as ₹200 a month and ₹300 in February",
    note: "Women earning up to ₹25,000 a month pay none (entry 1(ii), from 1 April 2023); this calculator uses entry 1(i).",
  },
  TN: {
    state: "Tamil Nadu",
    period: "half-yearly",
    slabs: [
      { over: rs(21_000), tax: rs(180) },
      { over: rs(30_000), tax: rs(425) },
      { over: rs(45_000), tax: rs(930) },
      { over: rs(60_000), tax: rs(1_025) },
      { over: rs(75_000), tax: rs(1_250) },
    ],
    source:
      "Tamil Nadu Municipal Laws (Second Amendment) Act 1998, s.138C; Greater Chennai Corporation circular R.D.(HQ).C.No.PT/SPL/2024 of 20 January 2025 (half-yearly rates from the second half of 2024-25)",
    note: "Rates of Greater Chennai Corporation; other local bodies of Tamil Nadu may differ.",
  },
  WB: {
    state: "West Bengal",
    period: "monthly",
    slabs: [
      { over: rs(10_000), tax: rs(110) },
      { over: rs(15_000), tax: rs(130) },
      { over: rs(25_000), tax: rs(150) },
      { over: rs(40_000), tax: rs(200) },
    ],
    source:
      "West Bengal State Tax on Professions, Trades, Callings and Employments Act 1979, Schedule I entry 1 (salary and wage earners): nil up to ₹10,000, ₹110 up to ₹15,000, ₹130 up to ₹25,000, ₹150 up to ₹40,000, ₹200 above",
  },
  TS: {
    state: "Telangana",
    period: "monthly",
    slabs: [
      { over: rs(15_000), tax: rs(150) },
      { over: rs(20_000), tax: rs(200) },
    ],
    source:
      "Telangana Tax on Professions, Trades, Callings and Employments Act 1987, Schedule entry 1, rates as revised by G.O.Ms.No.82, Revenue, 4 February 2013 (nil up to ₹15,000, ₹150 up to ₹20,000, ₹200 above)",
  },
  GJ: {
    state: "Gujarat",
    period: "monthly",
    slabs: [{ over: rs(12_000), tax: rs(200) }],
    source:
      "Gujarat State Tax on Professions, Traders, Callings and Employments Act 1976, Schedule entry 1, as revised by notification GHN-35-PFT-2022-S.3(2)(10)-TH of 8 April 2022 (₹200 a month above ₹12,000)",
  },
  NONE: {
    state: "Another state (no professional tax)",
    period: "monthly",
    slabs: [],
    source: "No professional tax counted",
  },
};

export const STATE_CODES = Object.keys(PROFESSIONAL_TAX) as StateCode[];

/** The year's professional tax for a steady monthly salary (paise). */
export function annualProfessionalTax(rule: ProfessionalTaxRule, monthlySalary: Paise): Paise {
  const slabFor = (salary: Paise) => {
    let found: { tax: Paise; top: boolean } = { tax: 0, top: false };
    rule.slabs.forEach((slab, index) => {
      if (salary > slab.over) found = { tax: slab.tax, top: index === rule.slabs.length - 1 };
    });
    return found;
  };
  if (rule.period === "half-yearly") return 2 * slabFor(monthlySalary * 6).tax;
  const { tax, top } = slabFor(monthlySalary);
  const february = top && rule.februaryTopSlab !== undefined ? rule.februaryTopSlab : tax;
  return 11 * tax + february;
}
