/*
 * Integer arithmetic on paise for the calculators (wage check, gratuity, ESOP): an amount times a
 * fraction, rounded half up, so no figure drifts through floating point. Browser-safe.
 */

import type { Fraction } from "./wage-rules";

/** a / b rounded to the nearest integer, halves away from zero. b must be positive. */
export function divideRounded(a: number, b: number): number {
  const quotient = Math.trunc(a / b);
  const remainder = a - quotient * b;
  if (Math.abs(remainder) * 2 >= b) return quotient + Math.sign(a);
  return quotient;
}

/** amount × fraction, rounded to the nearest paisa. */
export function applyFraction(amount: number, fraction: Fraction): number {
  return divideRounded(amount * fraction.numerator, fraction.denominator);
}

/** Paise rounded to the nearest whole rupee (in paise), fifty paise up. */
export function roundToRupee(paise: number): number {
  return divideRounded(paise, 100) * 100;
}

/** A percentage written in basis points (12.5% = 1250) as a fraction. */
export function basisPoints(points: number): Fraction {
  return { numerator: points, denominator: 10_000 };
}

/** Rupees (as typed, possibly with paise) to integer paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
