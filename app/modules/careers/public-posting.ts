import { formatIndiaDate } from "~/lib/india-format";
import { formatSalary } from "~/lib/salary";
import type { Career } from "./career.schema";

/** What the public pages show of a posting (every field spec section 2 lists). */
export interface PublicPosting {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  experience: string;
  salary: string;
  description: string;
  requirements: string[];
  responsibilities: string[];
  benefits: string[];
  postedDate: string;
  /** The last day it takes applications (IST, "2026-11-23"); "" when it has none. */
  closingDate: string;
  /** That day as staff and visitors read dates: "23 Nov 2026" ("" when none). */
  closingDateText: string;
  /**
   * The public applications figure: "at least this many" (5, 10, 25, …), 0 below the first
   * step (nothing shown). See publicApplicationsFigure.
   */
  applicationsAtLeast: number;
}

/** The steps of the public applications figure ("25+ applications"). */
const APPLICATION_FIGURE_STEPS = [5, 10, 25, 50, 100, 250, 500, 1000] as const;

/**
 * The figure a posting shows for its applications: the highest step the count has reached, or
 * 0. A posting's page is stored by the page cache for every visitor, and any change of what it
 * shows must raise the content version, which empties the whole cache (decision 0009): an exact
 * count did that with every application. The steps change a posting's pages at most eight times
 * in its life, and the figure is never more than the count (issue 22).
 */
export function publicApplicationsFigure(count: number): number {
  let figure = 0;
  for (const step of APPLICATION_FIGURE_STEPS) if (count >= step) figure = step;
  return figure;
}

/**
 * The closing date a visitor is told: the day applications close, or closed (once it is behind).
 * A posting staff closed before its closing date shows none: that day no longer means anything.
 */
function closingDateOf(career: Career): Pick<PublicPosting, "closingDate" | "closingDateText"> {
  const meaningful =
    career.closingDate !== "" && (career.status !== "closed" || career.closingDatePassed);
  if (!meaningful) return { closingDate: "", closingDateText: "" };
  // Written on the server: the public pages load no date library.
  return { closingDate: career.closingDate, closingDateText: formatIndiaDate(career.closingDate) };
}

/** A posting as the public pages show it: no status, no staff-only timestamps. */
export const toPublicPosting = (career: Career): PublicPosting => ({
  id: career.id,
  title: career.title,
  department: career.department,
  location: career.location,
  type: career.type,
  experience: career.experience,
  // In the one shape also for postings saved before salaries were checked ("18-24 LPA").
  salary: formatSalary(career.salary),
  description: career.description,
  requirements: career.requirements,
  responsibilities: career.responsibilities,
  benefits: career.benefits,
  postedDate: career.postedDate,
  ...closingDateOf(career),
  applicationsAtLeast: publicApplicationsFigure(career.applications),
});
