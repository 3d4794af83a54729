/*
 * The ESOP calculator: the vesting schedule, what exercising the vested options costs and the
 * perquisite tax it brings (with the deferral for eligible start-ups), the capital gains tax at
 * sale, what is left, and how funding rounds dilute the grant and the pool. Pure and
 * browser-safe; amounts in paise, rates in basis points, dates ISO (yyyy-mm-dd).
 */

import { applyFraction, basisPoints } from "../wage-check/fraction";
import { capitalGainsRatesOn, ESOP_RULES } from "./esop-rules";

export type VestingFrequency = "monthly" | "quarterly" | "annual";

export const FREQUENCY_MONTHS: Record<VestingFrequency, number> = {
  monthly: 1,
  quarterly: 3,
  annual: 12,
};

export interface EsopInput {
  granted: number;
  grantedOn: string;
  cliffMonths: number;
  vestingMonths: number;
  frequency: VestingFrequency;
  /** Per share, paise. */
  exercisePrice: number;
  exercisedOn: string;
  /** Fair market value per share on the exercise date (paise). */
  fmvAtExercise: number;
  listed: boolean;
  /** The visitor's marginal rate on salary, surcharge and cess included (basis points). */
  slabRate: number;
  eligibleStartup: boolean;
  /** Sale: both or neither. */
  soldOn?: string | undefined;
  salePrice?: number | undefined;
  /** When the visitor leaves the employer, if known (for the start-up deferral). */
  leftOn?: string | undefined;
  /** Fully diluted shares of the company today and the ESOP pool (for dilution); optional. */
  companyShares?: number | undefined;
  poolShares?: number | undefined;
  /** Each funding round's new shares as a share of the company after it (basis points). */
  rounds: number[];
}

export interface VestingEvent {
  on: string;
  vests: number;
  cumulative: number;
}

export interface DeferralResult {
  /** The end of the 48 months after the assessment year. */
  fortyEightMonthsEnd: string;
  /** The earliest of the three events. */
  trigger: { on: string; event: "48-months" | "sale" | "leaving" };
  /** The last day for the employer to deduct the tax. */
  deductBy: string;
}

export interface SaleResult {
  proceeds: number;
  gain: number;
  longTerm: boolean;
  /** The first day a sale is long-term. */
  longTermFrom: string;
  /** The rate applied (basis points) and whether it is the slab rate. */
  rate: number;
  atSlab: boolean;
  exemption: number;
  taxBeforeCess: number;
  cess: number;
  tax: number;
}

export interface DilutionStep {
  round: number;
  grantShare: number | null;
  poolShare: number | null;
}

export interface EsopResult {
  schedule: VestingEvent[];
  vestedAtExercise: number;
  exerciseCost: number;
  perquisite: number;
  perquisiteTax: number;
  deferral: DeferralResult | null;
  sale: SaleResult | null;
  /** Proceeds less the exercise cost and both taxes; null without a sale. */
  netGain: number | null;
  /** The grant's and the pool's share of the company, today and after each round (fractions 0–1). */
  dilution: DilutionStep[];
}

export type EsopOutcome = { ok: true; result: EsopResult } | { ok: false; error: string };

/** An ISO date `months` months later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The vesting events: the cliff's share at the cliff, then one share per period to the end. */
export function vestingSchedule(input: EsopInput): VestingEvent[] {
  const step = FREQUENCY_MONTHS[input.frequency];
  const events: VestingEvent[] = [];
  let cumulative = 0;
  const vestAt = (month: number) => {
    const at = Math.min(month, input.vestingMonths);
    const total = Math.floor((input.granted * at) / input.vestingMonths);
    if (total > cumulative) {
      events.push({
        on: addMonths(input.grantedOn, at),
        vests: total - cumulative,
        cumulative: total,
      });
      cumulative = total;
    }
  };
  vestAt(input.cliffMonths);
  for (let month = input.cliffMonths + step; month < input.vestingMonths + step; month += step) {
    vestAt(month);
  }
  return events;
}

/** The financial year's end (31 March) for a date, ISO. */
function financialYearEnd(iso: string): string {
  const year = Number(iso.slice(0, 4));
  return iso.slice(5) <= "03-31" ? `${year}-03-31` : `${year + 1}-03-31`;
}

function deferralFor(input: EsopInput): DeferralResult | null {
  const rule = ESOP_RULES.startupDeferral.value;
  if (!input.eligibleStartup || input.exercisedOn < rule.fromAllotment) return null;
  // The assessment year follows the financial year of allotment and ends a year after it.
  const assessmentYearEnd = addMonths(financialYearEnd(input.exercisedOn), 12);
  const fortyEightMonthsEnd = addMonths(assessmentYearEnd, rule.monthsAfterAssessmentYear);
  const events: DeferralResult["trigger"][] = [{ on: fortyEightMonthsEnd, event: "48-months" }];
  if (input.soldOn) events.push({ on: input.soldOn, event: "sale" });
  if (input.leftOn) events.push({ on: input.leftOn, event: "leaving" });
  const trigger = events.reduce((first, next) => (next.on < first.on ? next : first));
  return { fortyEightMonthsEnd, trigger, deductBy: addDays(trigger.on, rule.deductWithinDays) };
}

function saleFor(input: EsopInput, shares: number): SaleResult | { error: string } | null {
  if (!input.soldOn || input.salePrice === undefined) return null;
  const rates = capitalGainsRatesOn(input.soldOn);
  if (!rates)
    return {
      error: "The sale date must be on or after 23 July 2024, when the current rates began.",
    };
  const proceeds = shares * input.salePrice;
  const gain = shares * (input.salePrice - input.fmvAtExercise);
  const months = input.listed
    ? rates.listed.longTermAfterMonths.value
    : rates.unlisted.longTermAfterMonths.value;
  // Held "more than" the period: long-term from the day after the same date `months` later.
  const longTermFrom = addDays(addMonths(input.exercisedOn, months), 1);
  const longTerm = input.soldOn >= longTermFrom;
  let rate: number;
  let atSlab = false;
  let exemption = 0;
  if (input.listed) {
    rate = longTerm ? rates.listed.longTermRate.value : rates.listed.shortTermRate.value;
    if (longTerm) exemption = Math.min(Math.max(0, gain), rates.listed.longTermExemption.value);
  } else if (longTerm) {
    rate = rates.unlisted.longTermRate.value;
  } else {
    rate = input.slabRate;
    atSlab = true;
  }
  const taxable = Math.max(0, gain - exemption);
  const taxBeforeCess = applyFraction(taxable, basisPoints(rate));
  // The slab rate the visitor gives already includes cess.
  const cess = atSlab ? 0 : applyFraction(taxBeforeCess, basisPoints(ESOP_RULES.cess.value));
  return {
    proceeds,
    gain,
    longTerm,
    longTermFrom,
    rate,
    atSlab,
    exemption,
    taxBeforeCess,
    cess,
    tax: taxBeforeCess + cess,
  };
}

function dilutionOf(input: EsopInput): DilutionStep[] {
  const company = input.companyShares && input.companyShares > 0 ? input.companyShares : null;
  let grantShare = company ? input.granted / company : null;
  let poolShare = company && input.poolShares !== undefined ? input.poolShares / company : null;
  const steps: DilutionStep[] = [{ round: 0, grantShare, poolShare }];
  input.rounds.forEach((points, index) => {
    const kept = 1 - points / 10_000;
    grantShare = grantShare === null ? null : grantShare * kept;
    poolShare = poolShare === null ? null : poolShare * kept;
    steps.push({ round: index + 1, grantShare, poolShare });
  });
  return steps;
}

export function calculateEsop(input: EsopInput): EsopOutcome {
  if (input.exercisedOn < input.grantedOn)
    return { ok: false, error: "The exercise date must be on or after the grant date." };
  if (input.soldOn && input.soldOn < input.exercisedOn)
    return { ok: false, error: "The sale date must be on or after the exercise date." };
  const schedule = vestingSchedule(input);
  const vestedAtExercise = schedule
    .filter((event) => event.on <= input.exercisedOn)
    .reduce((total, event) => total + event.vests, 0);
  if (vestedAtExercise === 0)
    return {
      ok: false,
      error: `No options have vested by the exercise date: the first vest is on ${schedule[0]?.on ?? "a later date"}.`,
    };
  const exerciseCost = vestedAtExercise * input.exercisePrice;
  const perquisite = vestedAtExercise * Math.max(0, input.fmvAtExercise - input.exercisePrice);
  const perquisiteTax = applyFraction(perquisite, basisPoints(input.slabRate));
  const sale = saleFor(input, vestedAtExercise);
  if (sale && "error" in sale) return { ok: false, error: sale.error };
  return {
    ok: true,
    result: {
      schedule,
      vestedAtExercise,
      exerciseCost,
      perquisite,
      perquisiteTax,
      deferral: deferralFor(input),
      sale,
      netGain: sale ? sale.proceeds - exerciseCost - perquisiteTax - sale.tax : null,
      dilution: dilutionOf(input),
    },
  };
}
