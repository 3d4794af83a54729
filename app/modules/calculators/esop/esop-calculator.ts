import type { Calculator } from "../shared/calculator-model";
import { calculateEsop, type EsopInput } from "./esop";
import { esopBreakdown } from "./esop-breakdown";
import { readEsopInputs } from "./esop-query";

/*
 * The ESOP calculator as the calculators' frame knows it: its inputs read from the address
 * (esop-query.ts), the calculation (esop.ts) and its breakdown (esop-breakdown.ts).
 */

export const ESOP_SLUG = "esop";

export const esopCalculator: Calculator<EsopInput> = {
  slug: ESOP_SLUG,
  name: "ESOP value calculator",
  readInputs: readEsopInputs,
  breakdown(input) {
    const outcome = calculateEsop(input);
    return outcome.ok ? { ok: true, breakdown: esopBreakdown(input, outcome.result) } : outcome;
  },
};
