import { formatSalaryRange, LAKH, type SalaryRange } from "./rupees";

/*
 * A job posting's salary, typed by staff as text ("18-24 LPA", "INR 12,00,000 per annum",
 * "Rs. 25,000 per month"), read into rupees and stored in one shape ("₹18–24 LPA",
 * "₹25,000 per month"), so every place that shows it (careers, the posting, its JobPosting
 * structured data, the admin) reads the same (decision 0029).
 */

const CRORE = 100 * LAKH;
/** Above this a figure is a typing mistake (₹100 crore a year), not a salary. */
const MAX_RUPEES = 100 * CRORE;

/**
 * The salary in `text` when it can be read without guessing: one amount or a range, in rupees
 * (₹, INR or Rs) or with a lakh/LPA or crore unit, yearly unless a month is named. Anything else
 * ("Competitive", "12-18", an hourly rate, a range that goes down) gives undefined.
 */
export function parseSalaryText(text: string): SalaryRange | undefined {
  const normalised = text
    .toLowerCase()
    .replace(/,/g, "")
    .replace(/[–—]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
  if (!normalised) return undefined;
  const hasCurrency = /₹|\binr\b|\brs\.?(?=\s|\d|$)/.test(normalised);
  const unitMatch = /\b(lpa|lakhs?|lacs?|l|crores?|cr)\b/.exec(normalised);
  const numbers = [...normalised.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
  if (numbers.length === 0 || numbers.length > 2) return undefined;
  if (!hasCurrency && !unitMatch) return undefined;
  if (/hour|\/\s*hr|\bweek/.test(normalised)) return undefined;
  const unit = unitMatch?.[1] ?? "";
  const multiplier = /^(crores?|cr)$/.test(unit) ? CRORE : unit ? LAKH : 1;
  const period = /month|\/\s*mo|\bpm\b|p\.m\./.test(normalised) ? "month" : "year";
  const [low = 0, high = low] = numbers.map((n) => Math.round(n * multiplier));
  if (low <= 0 || high < low || high > MAX_RUPEES) return undefined;
  return { min: low, max: high, period };
}

/** The stored shape of a typed salary ("₹18–24 LPA"), or undefined when it cannot be read. */
export function normaliseSalary(text: string): string | undefined {
  const range = parseSalaryText(text);
  return range && formatSalaryRange(range);
}

/**
 * A stored salary as it is shown: in the one shape when it can be read (postings saved before
 * salaries were checked: "18-24 LPA"), as it was otherwise, never lost.
 */
export function formatSalary(stored: string): string {
  return normaliseSalary(stored) ?? stored.trim();
}

/** The message under a salary that cannot be read. */
export const INVALID_SALARY_MESSAGE =
  "Enter the salary in rupees, such as ₹18–24 LPA, 12 LPA or ₹25,000 per month, or leave it empty";
