import { rupees } from "../shared/money";
import type { CtcInput } from "./ctc-to-in-hand";

/*
 * The CTC tests' offer: ₹15 lakh in Karnataka, basic 50% of CTC, HRA 40% of basic, PF on the
 * whole basic and gratuity in the CTC, no old-regime claims; amounts in the overrides are rupees.
 */
export function exampleInput(overrides: Partial<Record<keyof CtcInput, unknown>> = {}): CtcInput {
  const base = {
    ctc: 15_00_000,
    basicPercent: 50,
    hraPercent: 40,
    variablePay: 0,
    otherBenefits: 0,
    pf: "basic",
    gratuityInCtc: true,
    state: "KA",
    metro: false,
    rentMonthly: 0,
    investments80C: 0,
    healthInsuranceSelf: 0,
    healthInsuranceParents: 0,
    parentsSenior: false,
    homeLoanInterest: 0,
    ...overrides,
  } as Record<string, unknown>;
  const money = [
    "ctc",
    "variablePay",
    "otherBenefits",
    "rentMonthly",
    "investments80C",
    "healthInsuranceSelf",
    "healthInsuranceParents",
    "homeLoanInterest",
  ];
  for (const key of money) base[key] = rupees(base[key] as number);
  return base as unknown as CtcInput;
}
