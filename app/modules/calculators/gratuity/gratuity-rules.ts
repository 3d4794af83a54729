/*
 * The rules of the gratuity calculator, as data with their sources (decision 0053): which law
 * applies by the date employment ends, who qualifies after how long, the fifteen days' wages, the
 * six-month rounding, the ceiling, and the tax-free part under the Income-tax Act. No formula in
 * gratuity.ts holds a number of its own.
 */

import type { Fraction, Sourced } from "../wage-check/wage-rules";

export type LeavingReason =
  | "resignation"
  | "retirement"
  | "termination"
  | "death"
  | "disablement"
  | "fixed-term-end";

export type Employment = "permanent" | "fixed-term";

export interface GratuityLaw {
  key: "act-1972" | "code-2020";
  name: string;
  /** First day of leaving the law governs (inclusive), ISO; null: from the start. */
  from: string | null;
  /** Last day of leaving it governs (inclusive), ISO; null: still in force. */
  until: string | null;
  minimumYears: Sourced<number>;
  /** Reasons for leaving that need no minimum service. */
  noMinimumFor: Sourced<readonly LeavingReason[]>;
  /** A fixed-term employee's own minimum, where the law gives one. */
  fixedTermMinimumYears: Sourced<number> | null;
  /** What "wages" means for this law, in words for the page. */
  wagesMeaning: string;
}

export const GRATUITY_LAWS: readonly GratuityLaw[] = [
  {
    key: "act-1972",
    name: "Payment of Gratuity Act, 1972",
    from: null,
    until: "2025-11-20",
    minimumYears: {
      value: 5,
      source:
        "Payment of Gratuity Act, 1972, s.4(1): continuous service of not less than five years",
    },
    noMinimumFor: {
      value: ["death", "disablement"],
      source: "Payment of Gratuity Act, 1972, s.4(1), first proviso: death or disablement",
    },
    fixedTermMinimumYears: null,
    wagesMeaning: "basic pay and dearness allowance (Payment of Gratuity Act, 1972, s.2(s))",
  },
  {
    key: "code-2020",
    name: "Code on Social Security, 2020",
    from: "2025-11-21",
    until: null,
    minimumYears: {
      value: 5,
      source:
        "Code on Social Security, 2020, s.53(1): continuous service of not less than five years",
    },
    noMinimumFor: {
      value: ["death", "disablement", "fixed-term-end"],
      source:
        "Code on Social Security, 2020, s.53(1), first proviso: five years not needed on death, disablement or the end of fixed term employment",
    },
    fixedTermMinimumYears: {
      value: 1,
      source:
        "Industrial Relations Code, 2020, s.2(o)(iii): a fixed term employee becomes eligible for gratuity after one year of service under the contract",
    },
    wagesMeaning:
      "wages as the Labour Codes define them: basic pay, DA and retaining allowance, with any exclusions above half of pay added back (Code on Social Security, 2020, s.2(88); Code on Wages, 2019, s.2(y))",
  },
];

export const GRATUITY_RULES = {
  daysWagesPerYear: {
    value: { numerator: 15, denominator: 26 },
    source:
      "Code on Social Security, 2020, s.53(2) and Payment of Gratuity Act, 1972, s.4(2): fifteen days' wages for every completed year; for a monthly rated employee the monthly rate divided by 26 and multiplied by 15",
  } satisfies Sourced<Fraction>,
  partYearAboveMonths: {
    value: 6,
    source:
      "Code on Social Security, 2020, s.53(2) and Payment of Gratuity Act, 1972, s.4(2): every completed year of service or part thereof in excess of six months",
  } satisfies Sourced<number>,
  /** The ceilings on gratuity payable, by the date employment ends (newest last). */
  ceilings: [
    {
      from: "2010-05-24",
      value: 10_00_000_00,
      source:
        "Payment of Gratuity Act, 1972, s.4(3) as amended by the Payment of Gratuity (Amendment) Act, 2010 (15 of 2010): ₹10 lakh from 24 May 2010",
    },
    {
      from: "2018-03-29",
      value: 20_00_000_00,
      source:
        "Payment of Gratuity Act, 1972, s.4(3): ₹20 lakh from 29 March 2018 (Ministry of Labour and Employment notification S.O. 1420(E) of 29 March 2018, under the power the Payment of Gratuity (Amendment) Act, 2018 gave, in force that day by S.O. 1419(E)), carried into the Code on Social Security, 2020, s.53(3)",
    },
  ],
  /** The s.10(10)(ii)/(iii) limit on tax-free gratuity, by the date employment ends. */
  taxExemptLimits: [
    {
      from: "2010-05-24",
      value: 10_00_000_00,
      source:
        "Income-tax Act, 1961, s.10(10)(iii): ₹10 lakh for leaving on or after 24 May 2010 (CBDT notification No. 43/2010, S.O. 1414(E), 11 June 2010); under s.10(10)(ii) the same ₹10 lakh as the gratuity computed under the 1972 Act, s.4(3)",
    },
    {
      from: "2018-03-29",
      value: 20_00_000_00,
      source:
        "Income-tax Act, 1961, s.10(10)(iii): ₹20 lakh for leaving on or after 29 March 2018 (CBDT notification No. 16/2019, S.O. 1213(E), 8 March 2019, superseding No. 43/2010), one limit over a working life; under s.10(10)(ii) the same ₹20 lakh as the 1972 Act's s.4(3) ceiling (S.O. 1420(E)); carried into the Income-tax Act, 2025 from 1 April 2026",
    },
  ],
  governmentFullyExempt: {
    value: true,
    source:
      "Income-tax Act, 1961, s.10(10)(i): gratuity of Central and State Government and local authority employees is fully exempt",
  } satisfies Sourced<boolean>,
  notCoveredHalfMonth: {
    value: { numerator: 1, denominator: 2 },
    source:
      "Income-tax Act, 1961, s.10(10)(iii): half a month's average salary for each completed year of service (a part year is ignored), average salary over the ten months before the month of leaving (Explanation)",
  } satisfies Sourced<Fraction>,
} as const;

export interface DatedAmount {
  from: string;
  value: number;
  source: string;
}

/** The earliest leaving date the rules above cover. */
export const EARLIEST_LEAVING_DATE = "2010-05-24";

/** The entry of a dated list in force on a date (ISO), or undefined before the first. */
export function inForceOn(list: readonly DatedAmount[], on: string): DatedAmount | undefined {
  return list.filter((entry) => entry.from <= on).at(-1);
}

/** The law that governs a leaving date (ISO yyyy-mm-dd). */
export function gratuityLawFor(leftOn: string): GratuityLaw {
  const law = GRATUITY_LAWS.find(
    (candidate) =>
      (candidate.from === null || leftOn >= candidate.from) &&
      (candidate.until === null || leftOn <= candidate.until),
  );
  if (!law) throw new Error(`No gratuity law for ${leftOn}`);
  return law;
}
