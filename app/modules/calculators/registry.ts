import { ctcCalculator } from "./ctc-to-in-hand/ctc-calculator";
import type { Calculator } from "./shared/calculator-model";

/*
 * Each calculator's module by its slug, for what serves every calculator alike (the PDF of a
 * breakdown). A page imports its own calculator directly, so the browser loads only that one.
 */

// biome-ignore lint/suspicious/noExplicitAny: each calculator has its own input type
export const CALCULATOR_MODULES: Readonly<Record<string, Calculator<any>>> = {
  [ctcCalculator.slug]: ctcCalculator,
};
