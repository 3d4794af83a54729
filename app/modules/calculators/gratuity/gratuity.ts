/*
 * The gratuity calculator: who qualifies, the years counted, the amount under the law that
 * governs the leaving date (the Code on Social Security, 2020 from 21 November 2025, the Payment
 * of Gratuity Act, 1972 before), the same case under the other law where it differs, and the
 * tax-free part under the Income-tax Act, s.10(10). Pure and browser-safe; amounts in paise.
 */

import { applyFraction } from "../wage-check/fraction";
import {
  type DatedAmount,
  EARLIEST_LEAVING_DATE,
  type Employment,
  GRATUITY_LAWS,
  GRATUITY_RULES,
  type GratuityLaw,
  gratuityLawFor,
  inForceOn,
  type LeavingReason,
} from "./gratuity-rules";
import {
  atLeastYears,
  completedYears,
  type ServicePeriod,
  servicePeriod,
  yearsWithPartAbove,
} from "./service-period";

export type EmployerKind = "covered" | "not-covered" | "government";

export interface GratuityInput {
  joinedOn: string;
  leftOn: string;
  employment: Employment;
  reason: LeavingReason;
  /** Monthly wages last drawn under the Labour Codes' definition (paise). */
  codeWages: number;
  /** Monthly basic pay and DA last drawn (paise), the 1972 Act's wages. */
  basicAndDa: number;
  employer: EmployerKind;
  /** Average monthly salary over the ten months before the month of leaving (paise); not covered only. */
  averageSalary?: number | undefined;
  /** What the employer pays; the statutory amount when not given. */
  amountReceived?: number | undefined;
  /** Gratuity exemption claimed in earlier years (paise). */
  earlierExemption?: number | undefined;
}

export interface LawOutcome {
  law: GratuityLaw;
  eligible: boolean;
  /** Why, in plain words with the section. */
  eligibility: string;
  yearsCounted: number;
  monthlyWages: number;
  /** 15/26 × wages × years, before the ceiling. */
  formulaAmount: number;
  /** After the ceiling; 0 when not eligible. */
  payable: number;
  cappedAtCeiling: boolean;
}

export type ExemptLimb = "government" | "formula" | "ceiling" | "received" | "half-month";

export interface GratuityTax {
  exempt: number;
  taxable: number;
  /** Which of the limits gave the exempt amount. */
  boundBy: ExemptLimb;
  limits: { formula: number; ceilingLeft: number; received: number };
}

export interface GratuityResult {
  service: ServicePeriod;
  applied: LawOutcome;
  /** The other law's answer, when it differs from the applied one. */
  otherLaw: LawOutcome | null;
  amountReceived: number;
  tax: GratuityTax;
}

function eligibilityUnder(
  law: GratuityLaw,
  service: ServicePeriod,
  input: GratuityInput,
): { eligible: boolean; eligibility: string } {
  const waived = law.noMinimumFor.value.includes(input.reason);
  if (waived && (input.reason === "death" || input.reason === "disablement")) {
    return {
      eligible: true,
      eligibility: `No minimum service on death or disablement (${law.noMinimumFor.source}).`,
    };
  }
  const fixedTerm = input.employment === "fixed-term" ? law.fixedTermMinimumYears : null;
  if (fixedTerm) {
    const minimum = fixedTerm.value;
    return atLeastYears(service, minimum)
      ? {
          eligible: true,
          eligibility: `A fixed term employee with at least ${minimum} year of service (${fixedTerm.source}).`,
        }
      : {
          eligible: false,
          eligibility: `A fixed term employee needs ${minimum} year of service (${fixedTerm.source}).`,
        };
  }
  const minimum = law.minimumYears.value;
  return atLeastYears(service, minimum)
    ? {
        eligible: true,
        eligibility: `At least ${minimum} years of continuous service (${law.minimumYears.source}).`,
      }
    : {
        eligible: false,
        eligibility: `Needs ${minimum} years of continuous service (${law.minimumYears.source}).`,
      };
}

function requireInForce(list: readonly DatedAmount[], on: string): DatedAmount {
  const entry = inForceOn(list, on);
  if (!entry)
    throw new Error(`No gratuity limit in force on ${on} (from ${EARLIEST_LEAVING_DATE})`);
  return entry;
}

function outcomeUnder(law: GratuityLaw, service: ServicePeriod, input: GratuityInput): LawOutcome {
  const { eligible, eligibility } = eligibilityUnder(law, service, input);
  const yearsCounted = yearsWithPartAbove(service, GRATUITY_RULES.partYearAboveMonths.value);
  const monthlyWages = law.key === "code-2020" ? input.codeWages : input.basicAndDa;
  const formulaAmount = applyFraction(
    monthlyWages * yearsCounted,
    GRATUITY_RULES.daysWagesPerYear.value,
  );
  const ceiling = requireInForce(GRATUITY_RULES.ceilings, input.leftOn).value;
  const capped = Math.min(formulaAmount, ceiling);
  return {
    law,
    eligible,
    eligibility,
    yearsCounted,
    monthlyWages,
    formulaAmount,
    payable: eligible ? capped : 0,
    cappedAtCeiling: eligible && formulaAmount > ceiling,
  };
}

function taxOn(
  input: GratuityInput,
  applied: LawOutcome,
  service: ServicePeriod,
  received: number,
): GratuityTax {
  const ceilingLeft = Math.max(
    0,
    requireInForce(GRATUITY_RULES.taxExemptLimits, input.leftOn).value -
      Math.max(0, input.earlierExemption ?? 0),
  );
  if (input.employer === "government") {
    return {
      exempt: received,
      taxable: 0,
      boundBy: "government",
      limits: { formula: received, ceilingLeft: received, received },
    };
  }
  const formula =
    input.employer === "covered"
      ? applied.formulaAmount
      : applyFraction(
          (input.averageSalary ?? input.basicAndDa) * completedYears(service),
          GRATUITY_RULES.notCoveredHalfMonth.value,
        );
  const candidates: [ExemptLimb, number][] = [
    [input.employer === "covered" ? "formula" : "half-month", formula],
    ["ceiling", ceilingLeft],
    ["received", received],
  ];
  const [boundBy, exempt] = candidates.reduce((least, next) => (next[1] < least[1] ? next : least));
  return {
    exempt,
    taxable: received - exempt,
    boundBy,
    limits: { formula, ceilingLeft, received },
  };
}

export function calculateGratuity(input: GratuityInput): GratuityResult {
  const service = servicePeriod(input.joinedOn, input.leftOn);
  const law = gratuityLawFor(input.leftOn);
  const applied = outcomeUnder(law, service, input);
  const other = GRATUITY_LAWS.find((candidate) => candidate.key !== law.key);
  const otherOutcome = other ? outcomeUnder(other, service, input) : null;
  const differs =
    otherOutcome !== null &&
    (otherOutcome.eligible !== applied.eligible || otherOutcome.payable !== applied.payable);
  const received = Math.max(0, input.amountReceived ?? applied.payable);
  return {
    service,
    applied,
    otherLaw: differs ? otherOutcome : null,
    amountReceived: received,
    tax: taxOn(input, applied, service, received),
  };
}
