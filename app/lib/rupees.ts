/*
 * Amounts written the Indian way (decision 0029), for public pages, staff and e-mails alike:
 *
 *   formatRupees(1200000)                                             → "₹12,00,000"
 *   formatSalaryRange({ min: 1800000, max: 2400000, period: "year" }) → "₹18–24 LPA"
 *
 * Kept apart from the date formats (india-format.ts), which need a time-zone library that public
 * pages have no use for.
 */

/**
 * A number with Indian digit grouping (lakh and crore): 12345678 → "1,23,45,678", at most two
 * decimals, no trailing zeros. Written
 * out rather than left to Intl's "en-IN" data, which a browser with reduced locale data lacks,
 * and a page rendered on the server must read the same after hydration.
 */
export function groupIndian(value: number): string {
  const negative = value < 0;
  const [whole = "0", fraction] = Math.abs(value)
    .toFixed(2)
    .replace(/\.?0+$/, "")
    .split(".");
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  const grouped = rest ? `${rest},${lastThree}` : lastThree;
  return `${negative ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** An amount in whole rupees: 1200000 → "₹12,00,000" (paise are rounded off). */
export function formatRupees(amount: number): string {
  const text = groupIndian(Math.round(amount));
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** One lakh is 1,00,000 rupees. */
export const LAKH = 100_000;

/** Rupees as lakhs, at most two decimals and no trailing zeros: 450000 → "4.5". */
export function formatLakhs(amount: number): string {
  return groupIndian(Math.round((amount / LAKH) * 100) / 100);
}

export type SalaryPeriod = "year" | "month";

/** A salary or salary range in rupees (min = max for a single figure). */
export interface SalaryRange {
  min: number;
  max: number;
  period: SalaryPeriod;
}

/**
 * A salary as the site writes it: a yearly one in lakhs per annum ("₹12 LPA", "₹18–24 LPA"), a
 * monthly one (a stipend) in rupees ("₹25,000 per month", "₹25,000–40,000 per month").
 */
export function formatSalaryRange({ min, max, period }: SalaryRange): string {
  if (period === "year") {
    const low = formatLakhs(min);
    const high = formatLakhs(max);
    return low === high ? `₹${low} LPA` : `₹${low}–${high} LPA`;
  }
  return min === max
    ? `${formatRupees(min)} per month`
    : `${formatRupees(min)}–${groupIndian(max)} per month`;
}
