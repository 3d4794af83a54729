import { tz } from "@date-fns/tz";
import { format } from "date-fns";

/*
 * How dates, times and amounts are written for staff and in e-mails: the Indian way, in India
 * Standard Time, whatever the time zone of the server or of the browser (decision 0029).
 *
 *   formatIndiaDateTime("2026-11-23T10:15:00Z")  → "23 Nov 2026, 3:45 pm IST"
 *   formatIndiaDate("2026-11-23T20:00:00Z")      → "24 Nov 2026"
 *   formatRupees(1200000)                        → "₹12,00,000"
 *   formatSalaryRange({ min: 1800000, max: 2400000, period: "year" }) → "₹18–24 LPA"
 *
 * Admin pages render these on the server and again in the browser, so the text must not depend
 * on the runtime's locale data: date-fns builds it from a fixed pattern with English month names
 * and a lowercase am/pm, and @date-fns/tz computes the IST wall clock. India has had one offset
 * (+05:30) and no daylight saving since 1945, so "IST" is always the right name.
 */

export const INDIA_TIME_ZONE = "Asia/Kolkata";
const inIndia = tz(INDIA_TIME_ZONE);

/** A calendar date without a time ("2026-11-23"): it is the same day everywhere. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A stored ISO instant or a Date; a calendar date is taken as that day, not shifted. */
function toDate(at: string | Date): Date | undefined {
  if (at instanceof Date) return Number.isNaN(at.getTime()) ? undefined : at;
  const calendar = CALENDAR_DATE.exec(at);
  // Noon UTC is the same calendar day in India (UTC+05:30).
  const date = calendar ? new Date(`${at}T12:00:00Z`) : new Date(at);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A moment as staff in India read it: "23 Nov 2026, 3:45 pm IST". Unreadable text is shown as is. */
export function formatIndiaDateTime(at: string | Date): string {
  const date = toDate(at);
  if (!date) return String(at);
  return `${format(date, "d MMM yyyy, h:mm aaa", { in: inIndia })} IST`;
}

/** The day of a moment in India, or a calendar date: "23 Nov 2026". */
export function formatIndiaDate(at: string | Date): string {
  const date = toDate(at);
  if (!date) return String(at);
  return format(date, "d MMM yyyy", { in: inIndia });
}

/** A day without its year, for chart axes: "9 Mar". */
export function formatDayMonth(at: string | Date): string {
  const date = toDate(at);
  if (!date) return String(at);
  return format(date, "d MMM", { in: inIndia });
}

/** Today's date in India as a sortable key, for file names: "2026-03-02". */
export function indiaDateKey(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd", { in: inIndia });
}

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
