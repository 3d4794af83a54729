import { type Paise, percentOf, roundToRupees } from "../shared/money";
import type { RegimeRules, SalaryTaxYear } from "./tax-rules";

/*
 * Income tax on a total income under one regime of one year's rules (tax-rules.ts): the slabs,
 * the s.87A rebate and its marginal relief, the surcharge and its relief at each threshold, the
 * cess and the rounding. Pure, amounts in paise; the CTC calculator applies it to a salary.
 */

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
