import type { Paise } from "./money";

/*
 * What every calculator gives the shared framework (docs/decisions/0052-calculators.md and
 * CONTRIBUTING "Adding a calculator"). A calculator is a pure module: it reads its inputs from a
 * URL query (`readInputs`), computes with rules that are data with their sources, and describes
 * the result as a `Breakdown`, which the page, the printable view, the PDF and the e-mail all
 * draw. No zod and no server code here: the page's script runs the same functions in the browser.
 */

/** One line of a breakdown: a label and an amount (or a text), with an optional note. */
export interface BreakdownRow {
  label: string;
  /** An amount in paise, shown as rupees. */
  amount?: Paise;
  /** A value that is not money ("Yes", "8 years", "12%"). */
  text?: string;
  note?: string;
  /** A total or the answer: drawn in bold. */
  strong?: boolean;
}

/** A table of the breakdown, with its columns when it compares (e.g. "New regime", "Old regime"). */
export interface BreakdownSection {
  heading: string;
  /** Column headings after the label column; absent for a one-value table. */
  columns?: string[];
  /** Rows of a one-value table. */
  rows?: BreakdownRow[];
  /** Rows of a table with columns: one value per column. */
  grid?: { label: string; values: Array<Paise | string>; strong?: boolean; note?: string }[];
}

/** A rule the result relied on, and where it is written. */
export interface RuleSource {
  rule: string;
  source: string;
}

export interface Breakdown {
  /** "CTC to in-hand, FY 2025-26". */
  title: string;
  /** The answer in a sentence: "Take-home ₹1,02,345 a month under the new regime." */
  headline: string;
  /** The main figures, shown large. */
  highlights: { label: string; amount: Paise; note?: string }[];
  sections: BreakdownSection[];
  /** The inputs as the visitor gave them, in words, for the PDF and the e-mail. */
  inputs: { label: string; value: string }[];
  sources: RuleSource[];
}

/** The result of reading a calculator's query: its inputs, or a message per field. */
export type InputsRead<Input> =
  | { ok: true; input: Input }
  | { ok: false; errors: Record<string, string> };

/** A calculator as the framework uses it. */
export interface Calculator<Input> {
  /** In the address (/tools/<slug>) and the lead's source (`calculator:<slug>`). */
  slug: string;
  /** "CTC to in-hand salary calculator". */
  name: string;
  /** Reads the inputs from a query (what a GET form sends; all strings). */
  readInputs(query: URLSearchParams): InputsRead<Input>;
  /**
   * The breakdown of a result, for the page, the PDF and the mail; or why inputs that read well
   * do not fit together (a message for the whole form).
   */
  breakdown(input: Input): BreakdownOutcome;
}

export type BreakdownOutcome = { ok: true; breakdown: Breakdown } | { ok: false; error: string };

/** A query's value as typed ("" when absent). */
export const queryText = (query: URLSearchParams, name: string) => (query.get(name) ?? "").trim();

/**
 * A number field of a query: digits with optional commas and one decimal point ("12,00,000").
 * Returns the number or a message; an empty field takes `fallback` when one is given.
 */
export function readAmount(
  query: URLSearchParams,
  name: string,
  label: string,
  options: { min?: number; max: number; fallback?: number },
): number | string {
  const raw = queryText(query, name).replace(/[,\s₹]/g, "");
  if (raw === "") {
    return options.fallback ?? `${label} is required`;
  }
  if (!/^\d+(\.\d{1,2})?$/.test(raw)) return `${label} must be a number, such as 1200000`;
  const value = Number(raw);
  const min = options.min ?? 0;
  if (value < min) return `${label} must be at least ${min}`;
  if (value > options.max) return `${label} must be at most ${options.max}`;
  return value;
}

/** A choice field of a query: one of `choices`, `fallback` when empty, else a message. */
export function readChoice<T extends string>(
  query: URLSearchParams,
  name: string,
  label: string,
  choices: readonly T[],
  fallback: T,
): T | { error: string } {
  const raw = queryText(query, name);
  if (raw === "") return fallback;
  return (choices as readonly string[]).includes(raw)
    ? (raw as T)
    : { error: `Choose a valid ${label.toLowerCase()}` };
}

/** A checkbox of a query: present with any value other than "0"/"false"/"no". */
export function readFlag(query: URLSearchParams, name: string): boolean {
  const raw = queryText(query, name).toLowerCase();
  return raw !== "" && raw !== "0" && raw !== "false" && raw !== "no";
}
