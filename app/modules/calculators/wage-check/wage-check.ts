/*
 * The Labour Codes wage check: from a monthly pay structure, the "wages" of the Code on Wages,
 * 2019, s.2(y), whether the exclusions pass one-half of all remuneration, what the first proviso
 * adds back, and what that does to the PF and gratuity bases. Pure and browser-safe; every rule
 * from wage-rules.ts. Amounts are integer paise a month.
 */

import { applyFraction, roundToRupee } from "./fraction";
import {
  WAGE_COMPONENTS,
  WAGE_RULES,
  type WageComponentKey,
  type WageComponentRule,
} from "./wage-rules";

export type WageStructure = Record<WageComponentKey, number>;

export interface WageCheckInput {
  /** Monthly amounts in paise; a component left out counts as zero. */
  structure: Partial<WageStructure>;
  /** Limit PF to the wage ceiling (₹15,000), as most employers may. */
  pfAtCeiling: boolean;
}

export interface ComponentLine {
  rule: WageComponentRule;
  amount: number;
}

export interface PfEffect {
  /** The monthly wage PF is worked on, after the ceiling if chosen. */
  base: number;
  /** The employee's (and equally the employer's) monthly contribution. */
  contribution: number;
}

export interface WageCheckResult {
  lines: ComponentLine[];
  /** All remuneration for the one-half test: everything but the MoLE FAQ's outside items ((j) and (k) included). */
  allRemuneration: number;
  /** Basic, DA, retaining allowance and other allowances not excluded. */
  wagesBeforeProviso: number;
  /** Payments under clauses (a) to (i). */
  cappedExclusions: number;
  /** Gratuity and retrenchment compensation, clauses (j) and (k): in the total, never added back. */
  uncappedExclusions: number;
  /** The most (a) to (i) may be: one-half of all remuneration. */
  exclusionLimit: number;
  /** The part of (a) to (i) above the limit, deemed wages by the first proviso. */
  addedBack: number;
  /** Wages under s.2(y). */
  wages: number;
  /** True when the exclusions pass the limit. */
  exceedsLimit: boolean;
  pfBefore: PfEffect;
  pfAfter: PfEffect;
  /** Gratuity for one year of service (15/26 of the monthly wage) on the old and the new base. */
  gratuityPerYearBefore: number;
  gratuityPerYearAfter: number;
  gratuityBaseBefore: number;
}

function pfOn(wage: number, atCeiling: boolean): PfEffect {
  const base = atCeiling ? Math.min(wage, WAGE_RULES.pfWageCeiling.value) : wage;
  return { base, contribution: roundToRupee(applyFraction(base, WAGE_RULES.pfRate.value)) };
}

export function checkWages(input: WageCheckInput): WageCheckResult {
  const amountOf = (key: WageComponentKey) => Math.max(0, input.structure[key] ?? 0);
  const lines = WAGE_COMPONENTS.map((rule) => ({ rule, amount: amountOf(rule.key) }));
  const sum = (keep: (line: ComponentLine) => boolean) =>
    lines.filter(keep).reduce((total, line) => total + line.amount, 0);

  const wagesBeforeProviso = sum((line) => line.rule.treatment === "wages");
  const cappedExclusions = sum((line) => line.rule.treatment === "excluded-capped");
  const uncappedExclusions = sum((line) => line.rule.treatment === "excluded-uncapped");
  const counted: readonly string[] = WAGE_RULES.allRemunerationIncludes.value;
  const allRemuneration = sum((line) => counted.includes(line.rule.treatment));
  const limit = WAGE_RULES.exclusionLimit.value;
  // Compare in whole units (no rounding): exclusions × d against remuneration × n.
  const overBy = cappedExclusions * limit.denominator - allRemuneration * limit.numerator;
  const exceedsLimit = overBy > 0;
  const exclusionLimit = applyFraction(allRemuneration, limit);
  const addedBack = exceedsLimit ? cappedExclusions - exclusionLimit : 0;
  const wages = wagesBeforeProviso + Math.max(0, addedBack);

  const previousPf = WAGE_RULES.previousPfBase.value.reduce((t, key) => t + amountOf(key), 0);
  const gratuityBaseBefore = WAGE_RULES.previousGratuityBase.value.reduce(
    (t, key) => t + amountOf(key),
    0,
  );
  const perYear = WAGE_RULES.gratuityDaysPerYear.value;

  return {
    lines,
    allRemuneration,
    wagesBeforeProviso,
    cappedExclusions,
    uncappedExclusions,
    exclusionLimit,
    addedBack: Math.max(0, addedBack),
    wages,
    exceedsLimit,
    pfBefore: pfOn(previousPf, input.pfAtCeiling),
    pfAfter: pfOn(wages, input.pfAtCeiling),
    gratuityBaseBefore,
    gratuityPerYearBefore: applyFraction(gratuityBaseBefore, perYear),
    gratuityPerYearAfter: applyFraction(wages, perYear),
  };
}
