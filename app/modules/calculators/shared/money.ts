import { formatRupees } from "~/lib/rupees";

/*
 * Money in the calculators: whole paise as integers (a rupee is 100 paise), so sums never pick up
 * floating-point dust; rupees are shown the Indian way (₹12,34,567, app/lib/rupees.ts).
 */

/** An amount in paise (integer). */
export type Paise = number;

export const PAISE_PER_RUPEE = 100;

/** Whole rupees (as typed) to paise. */
export const rupees = (amount: number): Paise => Math.round(amount * PAISE_PER_RUPEE);

/** A share of an amount, rounded to the paisa: `percentOf(rupees(1000), 12)` → 12000 paise. */
export const percentOf = (amount: Paise, percent: number): Paise =>
  Math.round((amount * percent) / 100);

/** Rounded to the nearest multiple of `step` rupees (half up), as s.288A and s.288B say for tax. */
export function roundToRupees(amount: Paise, step = 1): Paise {
  const unit = step * PAISE_PER_RUPEE;
  return Math.floor((amount + unit / 2) / unit) * unit;
}

/** "₹12,34,567" (paise rounded off to the rupee). */
export const formatPaise = (amount: Paise): string => formatRupees(amount / PAISE_PER_RUPEE);

/** The same for a PDF drawn with built-in fonts, which have no rupee sign: "Rs 12,34,567". */
export const formatPaisePlain = (amount: Paise): string => formatPaise(amount).replace("₹", "Rs ");
