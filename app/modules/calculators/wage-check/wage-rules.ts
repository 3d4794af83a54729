/*
 * The rules of the Labour Codes wage check, as data with their sources (decision 0053). No
 * formula in wage-check.ts holds a number or a list of its own: each comes from here.
 *
 * "Wages" is defined once, in the Code on Wages, 2019, s.2(y), and the same words are used by the
 * Code on Social Security, 2020, s.2(88) (PF, gratuity), the Industrial Relations Code, 2020,
 * s.2(zr) and the OSH Code, 2020, s.2(1)(zy). The four Codes came into force on 21 November 2025.
 */

/** A rule's value with the text it comes from. */
export interface Sourced<T> {
  value: T;
  source: string;
}

/** How s.2(y) treats a component of pay. */
export type WageTreatment =
  /** Named in the inclusive part (basic pay, DA, retaining allowance) or not excluded at all. */
  | "wages"
  /** Excluded by clauses (a) to (i): counted against the one-half limit of the first proviso. */
  | "excluded-capped"
  /**
   * Excluded by clauses (j) and (k): never wages and never added back, but part of "all
   * remuneration", the total the one-half is taken of (decision 0053).
   */
  | "excluded-uncapped"
  /**
   * Not remuneration for the test at all, by the Ministry of Labour's FAQs on the Labour Codes
   * (Q3): performance-linked incentives, the variable part of pay, ESOPs and reimbursements.
   */
  | "outside";

export interface WageComponentRule {
  key: WageComponentKey;
  label: string;
  treatment: WageTreatment;
  source: string;
}

export const WAGE_COMPONENT_KEYS = [
  "basic",
  "dearnessAllowance",
  "retainingAllowance",
  "otherAllowances",
  "statutoryBonus",
  "amenities",
  "employerPf",
  "conveyance",
  "specialExpenses",
  "hra",
  "awardOrSettlement",
  "overtime",
  "commission",
  "gratuity",
  "retrenchmentOrRetirement",
  "variablePay",
  "reimbursements",
] as const;

export type WageComponentKey = (typeof WAGE_COMPONENT_KEYS)[number];

const S2Y = "Code on Wages, 2019, s.2(y)";

/** Every component the check asks for, in the order of s.2(y), with its treatment. */
export const WAGE_COMPONENTS: readonly WageComponentRule[] = [
  { key: "basic", label: "Basic pay", treatment: "wages", source: `${S2Y}(i)` },
  {
    key: "dearnessAllowance",
    label: "Dearness allowance",
    treatment: "wages",
    source: `${S2Y}(ii)`,
  },
  {
    key: "retainingAllowance",
    label: "Retaining allowance",
    treatment: "wages",
    source: `${S2Y}(iii)`,
  },
  {
    key: "otherAllowances",
    label: "Special and other fixed allowances",
    treatment: "wages",
    source: `${S2Y}, main words: "all remuneration … by way of salaries, allowances or otherwise" not excluded by (a) to (k)`,
  },
  {
    key: "statutoryBonus",
    label: "Bonus payable under a law (not part of the terms of employment)",
    treatment: "excluded-capped",
    source: `${S2Y}(a)`,
  },
  {
    key: "amenities",
    label: "Value of housing, light, water, medical attendance or other amenity",
    treatment: "excluded-capped",
    source: `${S2Y}(b)`,
  },
  {
    key: "employerPf",
    label: "Employer's contribution to provident fund or pension",
    treatment: "excluded-capped",
    source: `${S2Y}(c)`,
  },
  {
    key: "conveyance",
    label: "Conveyance allowance or travel concession",
    treatment: "excluded-capped",
    source: `${S2Y}(d)`,
  },
  {
    key: "specialExpenses",
    label: "Sum paid to meet special expenses of the job",
    treatment: "excluded-capped",
    source: `${S2Y}(e)`,
  },
  { key: "hra", label: "House rent allowance", treatment: "excluded-capped", source: `${S2Y}(f)` },
  {
    key: "awardOrSettlement",
    label: "Remuneration under an award, settlement or order",
    treatment: "excluded-capped",
    source: `${S2Y}(g)`,
  },
  {
    key: "overtime",
    label: "Overtime allowance",
    treatment: "excluded-capped",
    source: `${S2Y}(h)`,
  },
  { key: "commission", label: "Commission", treatment: "excluded-capped", source: `${S2Y}(i)` },
  {
    key: "gratuity",
    label: "Gratuity payable on termination",
    treatment: "excluded-uncapped",
    source: `${S2Y}(j); not among the payments capped at one-half (the first proviso names only (a) to (i)), but counted in "all remuneration"`,
  },
  {
    key: "retrenchmentOrRetirement",
    label: "Retrenchment compensation, retirement benefit or ex gratia on termination",
    treatment: "excluded-uncapped",
    source: `${S2Y}(k); not among the payments capped at one-half (the first proviso names only (a) to (i)), but counted in "all remuneration"`,
  },
  {
    key: "variablePay",
    label: "Performance-linked or variable pay",
    treatment: "outside",
    source:
      "Ministry of Labour and Employment, FAQs on the Labour Codes (December 2025), Q3: performance-based incentives and the variable part of pay are not part of wages",
  },
  {
    key: "reimbursements",
    label: "Reimbursements against bills",
    treatment: "outside",
    source:
      "Ministry of Labour and Employment, FAQs on the Labour Codes (December 2025), Q3: reimbursement-based payments are not part of wages",
  },
];

/** A share as a fraction, so paise stay integers: 1/2 is { numerator: 1, denominator: 2 }. */
export interface Fraction {
  numerator: number;
  denominator: number;
}

export const WAGE_RULES = {
  inForceFrom: {
    value: "2025-11-21",
    source:
      "Code on Wages, 2019 and the three other Labour Codes brought into force on 21 November 2025 (Ministry of Labour and Employment notifications of that date)",
  } satisfies Sourced<string>,
  /**
   * What "all remuneration" (the total the one-half is taken of) adds up. The first proviso takes
   * one-half "of the all remuneration calculated under this clause", and the clause's main words
   * are "all remuneration ... by way of salaries, allowances or otherwise"; only the payments
   * under (a) to (i) are set against that half. So gratuity and retrenchment compensation ((j),
   * (k)) count in the total without ever being added back. The Ministry's FAQ Q4 puts the
   * exception on the allowances, not on the total, and the figures reported from its
   * illustration (₹76,000 of pay with ₹16,000 of gratuity and retrenchment compensation: one-half
   * ₹38,000, ₹2,000 added back) work the same way.
   */
  allRemunerationIncludes: {
    value: ["wages", "excluded-capped", "excluded-uncapped"] as const,
    source: `${S2Y}, main words and first proviso ("one-half ... of the all remuneration calculated under this clause"; only (a) to (i) set against it); Ministry of Labour and Employment, FAQs on the Labour Codes (December 2025), Q4: "if the allowances and benefits together (except gratuity and retrenchment compensation) exceed 50% of the all remuneration"`,
  } satisfies Sourced<readonly WageTreatment[]>,
  exclusionLimit: {
    value: { numerator: 1, denominator: 2 },
    source: `${S2Y}, first proviso: payments under (a) to (i) above one-half (or such other per cent as the Central Government notifies; none notified) of all remuneration are deemed remuneration and added to wages`,
  } satisfies Sourced<Fraction>,
  pfRate: {
    value: { numerator: 12, denominator: 100 },
    source:
      "Employees' Provident Funds and Miscellaneous Provisions Act, 1952, s.6, continued by the Code on Social Security, 2020, s.16(1): 12% of wages from the employee and 12% from the employer",
  } satisfies Sourced<Fraction>,
  pfWageCeiling: {
    // ₹15,000 a month, in paise.
    value: 15_000_00,
    source:
      "Employees' Provident Funds Scheme, 1952, para 26A(2) (₹15,000 from 1 September 2014, G.S.R. 609(E)): contributions may be limited to pay of ₹15,000 a month; para 26(6) allows more on a joint request",
  } satisfies Sourced<number>,
  pfRounding: {
    value: "nearest-rupee" as const,
    source:
      "Employees' Provident Funds Scheme, 1952, para 29(4): a contribution is rounded to the nearest rupee, fifty paise and more to the next rupee",
  },
  gratuityDaysPerYear: {
    value: { numerator: 15, denominator: 26 },
    source:
      "Code on Social Security, 2020, s.53(2) and Payment of Gratuity Act, 1972, s.4(2): fifteen days' wages for each year, a monthly rate divided by 26 and multiplied by 15",
  } satisfies Sourced<Fraction>,
  previousPfBase: {
    value: ["basic", "dearnessAllowance", "retainingAllowance"] as const,
    source:
      "Employees' Provident Funds and Miscellaneous Provisions Act, 1952, s.2(b) and s.6: basic wages, dearness allowance and retaining allowance",
  },
  previousGratuityBase: {
    value: ["basic", "dearnessAllowance"] as const,
    source:
      "Payment of Gratuity Act, 1972, s.2(s): wages are basic pay and dearness allowance, leaving out bonus, commission, HRA, overtime and other allowances",
  },
} as const;
