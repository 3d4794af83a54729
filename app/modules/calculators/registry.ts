import { ctcCalculator } from "./ctc-to-in-hand/ctc-calculator";
import { esopCalculator } from "./esop/esop-calculator";
import { gratuityCalculator } from "./gratuity/gratuity-calculator";
import type { Calculator } from "./shared/calculator-model";
import { wageCheckCalculator } from "./wage-check/wage-check-calculator";

/*
 * Each calculator's module by its slug, for what serves every calculator alike (the PDF of a
 * breakdown). A page imports its own calculator directly, so the browser loads only that one.
 */

// biome-ignore lint/suspicious/noExplicitAny: each calculator has its own input type
export const CALCULATOR_MODULES: Readonly<Record<string, Calculator<any>>> = {
  [ctcCalculator.slug]: ctcCalculator,
  [wageCheckCalculator.slug]: wageCheckCalculator,
  [gratuityCalculator.slug]: gratuityCalculator,
  [esopCalculator.slug]: esopCalculator,
};
