import {
  type InputsRead,
  queryText,
  readAmount,
  readChoice,
  readFlag,
} from "../shared/calculator-model";
import { rupees } from "../shared/money";
import { type EsopInput, FREQUENCY_MONTHS, type VestingFrequency } from "./esop";
import { ESOP_RULES } from "./esop-rules";

/*
 * The ESOP calculator's inputs as a URL query (a GET form): the fields' names, the example a page
 * without a query shows, and the reading of a query into an input with one message per field,
 * without zod, so the page's script runs it too.
 */

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
