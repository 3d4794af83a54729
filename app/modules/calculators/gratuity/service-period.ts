/*
 * Length of service between two calendar dates (ISO yyyy-mm-dd), in whole years, months and days,
 * the way a service certificate counts it: from the day of joining to the day of leaving, both
 * included. Pure date arithmetic on UTC days, browser-safe.
 */

export interface ServicePeriod {
  years: number;
  months: number;
  days: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date's parts, or undefined when it is not a real calendar date. */
export function parseIsoDate(
  text: string,
): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return undefined;
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Service from `joinedOn` to `leftOn`, both days worked: 1 April 2020 to 31 March 2025 is five
 * years exactly. Throws if a date is not a date or leaving comes before joining.
 */
export function servicePeriod(joinedOn: string, leftOn: string): ServicePeriod {
  const start = parseIsoDate(joinedOn);
  const last = parseIsoDate(leftOn);
  if (!start || !last) throw new Error("servicePeriod needs two ISO dates");
  if (leftOn < joinedOn) throw new Error("servicePeriod: leaving before joining");
  // The day after the last day worked, so that both ends count.
  const end = new Date(Date.UTC(last.year, last.month - 1, last.day + 1));
  let years = end.getUTCFullYear() - start.year;
  let months = end.getUTCMonth() + 1 - start.month;
  let days = end.getUTCDate() - start.day;
  if (days < 0) {
    months -= 1;
    const borrowYear = end.getUTCMonth() === 0 ? end.getUTCFullYear() - 1 : end.getUTCFullYear();
    const borrowMonth = end.getUTCMonth() === 0 ? 12 : end.getUTCMonth();
    days += daysInMonth(borrowYear, borrowMonth);
  }
  if (months < 0) {
    years -= 1;
    months += 12;
  }
  return { years, months, days };
}

/** Whole years of a period, ignoring the part year. */
export function completedYears(period: ServicePeriod): number {
  return period.years;
}

/** True when the period is at least `years` whole years. */
export function atLeastYears(period: ServicePeriod, years: number): boolean {
  return period.years >= years;
}

/** Whole years, plus one when the part year is more than `months` months. */
export function yearsWithPartAbove(period: ServicePeriod, months: number): number {
  const partAbove = period.months > months || (period.months === months && period.days > 0);
  return period.years + (partAbove ? 1 : 0);
}
