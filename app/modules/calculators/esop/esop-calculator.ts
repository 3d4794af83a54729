import { groupIndian } from "~/lib/rupees";
import {
  type Breakdown,
  type BreakdownRow,
  type Calculator,
  type InputsRead,
  queryText,
  readAmount,
  readChoice,
  readFlag,
} from "../shared/calculator-model";
import { formatPaise, rupees } from "../shared/money";
import {
  calculateEsop,
  type EsopInput,
  type EsopResult,
  FREQUENCY_MONTHS,
  type VestingFrequency,
} from "./esop";
import { CAPITAL_GAINS_RATES, capitalGainsRatesOn, ESOP_RULES } from "./esop-rules";

/*
 * The ESOP calculator's inputs as a URL query (a GET form), read without zod so the page's script
 * runs it too, and its result as the framework's Breakdown.
 */

export const ESOP_SLUG = "esop";

export const ESOP_FIELDS = {
  granted: "options",
  grantedOn: "granted",
  cliffMonths: "cliff",
  vestingMonths: "vesting",
  frequency: "every",
  exercisePrice: "price",
  exercisedOn: "exercised",
  fmvAtExercise: "fmv",
  listing: "listing",
  slabRate: "rate",
  eligibleStartup: "startup",
  soldOn: "sold",
  salePrice: "sale_price",
  leftOn: "left",
  companyShares: "company_shares",
  poolShares: "pool_shares",
  round1: "round1",
  round2: "round2",
  round3: "round3",
} as const;

export type EsopField = (typeof ESOP_FIELDS)[keyof typeof ESOP_FIELDS];

export const ESOP_EXAMPLE: Record<EsopField, string> = {
  options: "4000",
  granted: "2022-04-01",
  cliff: "12",
  vesting: "48",
  every: "monthly",
  price: "10",
  exercised: "2026-04-15",
  fmv: "250",
  listing: "unlisted",
  rate: "31.2",
  startup: "yes",
  sold: "2028-06-30",
  sale_price: "600",
  left: "",
  company_shares: "1000000",
  pool_shares: "100000",
  round1: "20",
  round2: "15",
  round3: "",
};

export const FREQUENCY_LABELS: Record<VestingFrequency, string> = {
  monthly: "Every month",
  quarterly: "Every quarter",
  annual: "Every year",
};

const FREQUENCIES = Object.keys(FREQUENCY_MONTHS) as VestingFrequency[];
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (text: string) =>
  ISO.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

export function readEsopInputs(query: URLSearchParams): InputsRead<EsopInput> {
  const F = ESOP_FIELDS;
  const errors: Record<string, string> = {};
  const amount = (name: string, label: string, max: number, fallback?: number) => {
    const value = readAmount(query, name, label, { max, fallback });
    if (typeof value === "string") {
      errors[name] = value;
      return 0;
    }
    return value;
  };
  const whole = (name: string, label: string, min: number, max: number) => {
    const value = amount(name, label, max);
    if (errors[name]) return 0;
    if (!Number.isInteger(value)) errors[name] = `${label} must be a whole number`;
    else if (value < min) errors[name] = `${label} must be at least ${min}`;
    return value;
  };
  const date = (name: string, label: string, required: boolean) => {
    const raw = queryText(query, name);
    if (raw === "") {
      if (required) errors[name] = `${label} is required`;
      return undefined;
    }
    if (!validDate(raw)) errors[name] = `${label} must be a date, such as 2024-04-01`;
    return raw;
  };
  const granted = whole(F.granted, "Options granted", 1, 10_00_00_000);
  const grantedOn = date(F.grantedOn, "Grant date", true) ?? "";
  const minimumCliff = ESOP_RULES.minimumVestingMonths.value;
  const cliffMonths = whole(F.cliffMonths, "Cliff", minimumCliff, 120);
  if (errors[F.cliffMonths]?.includes("at least"))
    errors[F.cliffMonths] =
      `Cliff must be at least ${minimumCliff} months: options vest no sooner than a year after grant`;
  const vestingMonths = whole(F.vestingMonths, "Vesting period", 1, 120);
  if (!errors[F.vestingMonths] && !errors[F.cliffMonths] && vestingMonths < cliffMonths)
    errors[F.vestingMonths] = "Vesting period must be at least as long as the cliff";
  const frequencyRead = readChoice(query, F.frequency, "Vesting frequency", FREQUENCIES, "monthly");
  if (typeof frequencyRead === "object") errors[F.frequency] = frequencyRead.error;
  const listingRead = readChoice(
    query,
    F.listing,
    "Listing",
    ["listed", "unlisted"] as const,
    "unlisted",
  );
  if (typeof listingRead === "object") errors[F.listing] = listingRead.error;
  const exercisePrice = amount(F.exercisePrice, "Exercise price", 10_00_000, 0);
  const exercisedOn = date(F.exercisedOn, "Exercise date", true) ?? "";
  const fmv = amount(F.fmvAtExercise, "Fair market value at exercise", 10_00_000);
  const slabRate = amount(F.slabRate, "Your tax rate", 50);
  const soldOn = date(F.soldOn, "Sale date", false);
  const salePriceText = queryText(query, F.salePrice);
  const salePrice = salePriceText === "" ? undefined : amount(F.salePrice, "Sale price", 10_00_000);
  if (soldOn && salePrice === undefined && !errors[F.salePrice])
    errors[F.salePrice] = "Sale price is required with a sale date";
  if (!soldOn && salePrice !== undefined && !errors[F.soldOn])
    errors[F.soldOn] = "Sale date is required with a sale price";
  const leftOn = date(F.leftOn, "Date of leaving", false);
  const companyText = queryText(query, F.companyShares);
  const companyShares =
    companyText === "" ? undefined : whole(F.companyShares, "Company's shares", 1, 1e12);
  const poolText = queryText(query, F.poolShares);
  const poolShares = poolText === "" ? undefined : whole(F.poolShares, "ESOP pool", 0, 1e12);
  if (
    companyShares !== undefined &&
    !errors[F.companyShares] &&
    !errors[F.granted] &&
    granted > companyShares
  )
    errors[F.companyShares] = "Company's shares must be at least the options granted";
  if (
    companyShares !== undefined &&
    poolShares !== undefined &&
    poolShares > companyShares &&
    !errors[F.poolShares]
  )
    errors[F.poolShares] = "ESOP pool must be at most the company's shares";
  const rounds: number[] = [];
  for (const [name, label] of [
    [F.round1, "Round 1 dilution"],
    [F.round2, "Round 2 dilution"],
    [F.round3, "Round 3 dilution"],
  ] as const) {
    if (queryText(query, name) === "") continue;
    const value = amount(name, label, 99);
    if (!errors[name]) rounds.push(Math.round(value * 100));
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      granted,
      grantedOn,
      cliffMonths,
      vestingMonths,
      frequency: frequencyRead as VestingFrequency,
      exercisePrice: rupees(exercisePrice),
      exercisedOn,
      fmvAtExercise: rupees(fmv),
      listed: listingRead === "listed",
      slabRate: Math.round(slabRate * 100),
      eligibleStartup: readFlag(query, F.eligibleStartup),
      soldOn,
      salePrice: salePrice === undefined ? undefined : rupees(salePrice),
      leftOn,
      companyShares,
      poolShares,
      rounds,
    },
  };
}

const percentWords = (points: number) => `${(points / 100).toString()}%`;
const shareWords = (share: number | null) =>
  share === null ? "—" : `${(Math.round(share * 1_000_000) / 10_000).toString()}%`;
const count = (value: number) => groupIndian(value);

const TRIGGER_WORDS = {
  "48-months": "48 months after the end of the assessment year",
  sale: "the sale of the shares",
  leaving: "leaving the employer",
} as const;

export function esopBreakdown(input: EsopInput, result: EsopResult): Breakdown {
  const { sale } = result;
  const rates = input.soldOn ? capitalGainsRatesOn(input.soldOn) : CAPITAL_GAINS_RATES.at(-1);
  const exerciseRows: BreakdownRow[] = [
    { label: "Options vested and exercised", text: count(result.vestedAtExercise) },
    { label: "Exercise price paid", amount: result.exerciseCost },
    { label: "Perquisite: (value less price) × shares", amount: result.perquisite, strong: true },
    {
      label: `Tax on it at your rate of ${percentWords(input.slabRate)}`,
      amount: result.perquisiteTax,
      strong: true,
    },
  ];
  if (result.deferral) {
    exerciseRows.push(
      {
        label: "Tax deferred until",
        text: `${result.deferral.trigger.on} (${TRIGGER_WORDS[result.deferral.trigger.event]})`,
      },
      { label: "Employer deducts the tax by", text: result.deferral.deductBy },
    );
  }
  const saleRows: BreakdownRow[] = sale
    ? [
        { label: "Sale proceeds", amount: sale.proceeds },
        { label: "Cost: value at exercise (s.49(2AA))", amount: sale.proceeds - sale.gain },
        { label: sale.gain >= 0 ? "Capital gain" : "Capital loss", amount: sale.gain },
        {
          label: "Held",
          text: sale.longTerm ? "Long-term" : `Short-term (long-term from ${sale.longTermFrom})`,
        },
        ...(sale.exemption > 0 ? [{ label: "Exempt (s.112A)", amount: sale.exemption }] : []),
        {
          label: `Tax at ${sale.atSlab ? "your rate of " : ""}${percentWords(sale.rate)}`,
          amount: sale.taxBeforeCess,
        },
        ...(sale.atSlab ? [] : [{ label: "Health and education cess (4%)", amount: sale.cess }]),
        { label: "Capital gains tax", amount: sale.tax, strong: true },
      ]
    : [];
  const hasDilution = result.dilution.some((step) => step.grantShare !== null);
  return {
    title: "ESOP value",
    headline:
      sale && result.netGain !== null
        ? `${count(result.vestedAtExercise)} shares sold for ${formatPaise(sale.proceeds)} leave ${formatPaise(result.netGain)} after the exercise price and ${formatPaise(result.perquisiteTax + sale.tax)} of tax.`
        : `Exercising ${count(result.vestedAtExercise)} vested options costs ${formatPaise(result.exerciseCost)} and ${formatPaise(result.perquisiteTax)} of tax on a perquisite of ${formatPaise(result.perquisite)}.`,
    highlights: [
      { label: "Perquisite tax at exercise", amount: result.perquisiteTax },
      ...(sale ? [{ label: "Capital gains tax at sale", amount: sale.tax }] : []),
      ...(result.netGain !== null
        ? [{ label: "Left after price and taxes", amount: result.netGain }]
        : []),
      ...(sale ? [] : [{ label: "Exercise price to pay", amount: result.exerciseCost }]),
    ],
    sections: [
      {
        heading: "Vesting",
        columns: ["Options vesting", "Vested in all"],
        grid: result.schedule.map((event) => ({
          label: event.on,
          values: [count(event.vests), count(event.cumulative)],
        })),
      },
      { heading: `At exercise on ${input.exercisedOn}`, rows: exerciseRows },
      ...(sale ? [{ heading: `At sale on ${input.soldOn}`, rows: saleRows }] : []),
      ...(hasDilution
        ? [
            {
              heading: "Dilution across funding rounds",
              columns: ["Your grant", "ESOP pool"],
              grid: result.dilution.map((step) => ({
                label: step.round === 0 ? "Today" : `After round ${step.round}`,
                values: [shareWords(step.grantShare), shareWords(step.poolShare)],
              })),
            },
          ]
        : []),
    ],
    inputs: [
      { label: "Options granted", value: count(input.granted) },
      { label: "Grant date", value: input.grantedOn },
      {
        label: "Vesting",
        value: `${input.cliffMonths}-month cliff, then ${FREQUENCY_LABELS[input.frequency].toLowerCase()} to ${input.vestingMonths} months`,
      },
      { label: "Exercise price a share", value: formatPaise(input.exercisePrice) },
      { label: "Exercise date", value: input.exercisedOn },
      { label: "Fair market value at exercise", value: formatPaise(input.fmvAtExercise) },
      { label: "Shares", value: input.listed ? "Listed" : "Unlisted" },
      { label: "Your tax rate", value: percentWords(input.slabRate) },
      { label: "Eligible start-up (s.80-IAC)", value: input.eligibleStartup ? "Yes" : "No" },
      ...(input.soldOn ? [{ label: "Sale date", value: input.soldOn }] : []),
      ...(input.salePrice !== undefined
        ? [{ label: "Sale price a share", value: formatPaise(input.salePrice) }]
        : []),
      ...(input.leftOn ? [{ label: "Date of leaving", value: input.leftOn }] : []),
      ...input.rounds.map((points, index) => ({
        label: `Round ${index + 1} dilution`,
        value: percentWords(points),
      })),
    ],
    sources: [
      { rule: "Perquisite at exercise", source: ESOP_RULES.perquisite.source },
      { rule: "Fair market value", source: ESOP_RULES.fairMarketValue.source },
      { rule: "Start-up deferral", source: ESOP_RULES.startupDeferral.source },
      { rule: "Cost of the shares", source: ESOP_RULES.costOfAcquisition.source },
      { rule: "Holding period", source: ESOP_RULES.holdingFrom.source },
      ...(rates
        ? input.listed
          ? [
              { rule: "Long-term after", source: rates.listed.longTermAfterMonths.source },
              { rule: "Short-term rate", source: rates.listed.shortTermRate.source },
              { rule: "Long-term rate", source: rates.listed.longTermRate.source },
              { rule: "Yearly exemption", source: rates.listed.longTermExemption.source },
            ]
          : [
              { rule: "Long-term after", source: rates.unlisted.longTermAfterMonths.source },
              { rule: "Short-term rate", source: rates.unlisted.shortTermAtSlab.source },
              { rule: "Long-term rate", source: rates.unlisted.longTermRate.source },
            ]
        : []),
      { rule: "Cess", source: ESOP_RULES.cess.source },
      { rule: "Vesting no sooner than a year", source: ESOP_RULES.minimumVestingMonths.source },
      { rule: "The Income-tax Act, 2025", source: ESOP_RULES.newLaw.source },
    ],
  };
}

export const esopCalculator: Calculator<EsopInput> = {
  slug: ESOP_SLUG,
  name: "ESOP value calculator",
  readInputs: readEsopInputs,
  breakdown(input) {
    const outcome = calculateEsop(input);
    return outcome.ok ? { ok: true, breakdown: esopBreakdown(input, outcome.result) } : outcome;
  },
};
