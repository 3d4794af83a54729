import { z } from "zod";
import { indiaDateKey } from "~/lib/india-format";
import { INVALID_SALARY_MESSAGE, normaliseSalary } from "~/lib/salary";
import { slugify } from "~/lib/slug";

/** The career form's choices (spec section 9). */
export const CAREER_DEPARTMENTS = [
  "Consulting",
  "Analytics",
  "Operations",
  "Business Development",
] as const;
export const CAREER_TYPES = ["Full-time", "Part-time", "Contract", "Internship"] as const;
/** A new posting defaults to draft; only active postings show on the public site. */
export const CAREER_STATUSES = ["draft", "active", "closed"] as const;

export type CareerDepartment = (typeof CAREER_DEPARTMENTS)[number];
export type CareerType = (typeof CAREER_TYPES)[number];
export type CareerStatus = (typeof CAREER_STATUSES)[number];

export const CAREER_STATUS_LABELS: Record<CareerStatus, string> = {
  draft: "Draft",
  active: "Active",
  closed: "Closed",
};

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (label: string, max: number) => text(max).min(1, `${label} is required`);
/** A list of short texts; blank entries (an empty line in the form) are dropped. */
const list = (label: string, maxItems: number) =>
  z
    .array(text(300), `${label} must be a list`)
    .max(maxItems, `At most ${maxItems} ${label.toLowerCase()}`)
    .transform((items) => items.filter((item) => item.length > 0));

/**
 * A posting's title becomes its address (`/careers/<slug>`), so it must give a slug: a title of
 * punctuation only ("!!!") would otherwise become a meaningless fallback id. The check stops at
 * an empty title so that it gets one message ("Title is required"), not two.
 */
const careerTitle = z
  .string()
  .trim()
  .max(120, "Must be at most 120 characters")
  .min(1, { error: "Title is required", abort: true })
  .refine((title) => slugify(title) !== "", "Title must contain letters or digits (A-Z, 0-9).");

/**
 * The salary: empty (not shown) or rupees that can be read, stored in one shape ("₹18–24 LPA",
 * "₹25,000 per month"; app/lib/salary.ts), so every page shows it the same way.
 */
const salaryText = text(80).transform((typed, ctx) => {
  if (typed === "") return "";
  const salary = normaliseSalary(typed);
  if (salary !== undefined) return salary;
  ctx.issues.push({ code: "custom", message: INVALID_SALARY_MESSAGE, input: typed });
  return z.NEVER;
});

/** Today's calendar date in India ("2026-11-23"), the day a closing date is compared with. */
export const indiaToday = (now: Date = new Date()): string => indiaDateKey(now);

/**
 * The closing date: empty (none) or a calendar date as YYYY-MM-DD (what `<input type="date">`
 * sends) that exists. The posting takes applications until the end of that day in India.
 */
const closingDate = z
  .string()
  .trim()
  .refine((value) => {
    if (value === "") return true;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "Enter a real date as YYYY-MM-DD (e.g. 2026-11-23), or leave it empty");

/** Said when an active posting is saved with a closing date already behind it. */
export const CLOSING_DATE_PASSED_MESSAGE =
  "This date has passed: choose a later one, leave it empty, or set the status to Closed.";

export const careerInputSchema = z
  .object({
    title: careerTitle,
    department: z.enum(CAREER_DEPARTMENTS, "Choose a department"),
    location: requiredText("Location", 120),
    type: z.enum(CAREER_TYPES, "Choose an employment type"),
    experience: text(80).default(""),
    salary: salaryText.default(""),
    description: requiredText("Description", 5000),
    requirements: list("Requirements", 30).default([]),
    responsibilities: list("Responsibilities", 30).default([]),
    benefits: list("Benefits", 30).default([]),
    status: z.enum(CAREER_STATUSES, "Choose a status").default("draft"),
    closingDate: closingDate.optional(),
  })
  // An active posting whose closing date has passed would be closed the moment it is saved.
  .superRefine((posting, ctx) => {
    if (posting.status === "active" && posting.closingDate && posting.closingDate < indiaToday()) {
      ctx.issues.push({
        code: "custom",
        path: ["closingDate"],
        message: CLOSING_DATE_PASSED_MESSAGE,
        input: posting.closingDate,
      });
    }
  });

/**
 * A posting's status button on the Careers page (Publish, Close, Reopen): which posting, and the
 * status it asks for.
 */
export const careerStatusChangeSchema = z.object({
  id: z.string().trim().min(1, "Choose a career posting").max(200, "Unknown career posting"),
  status: z.enum(CAREER_STATUSES, "Choose a status"),
});
export type CareerStatusChange = z.output<typeof careerStatusChangeSchema>;

/** What the career form sends (before defaults are applied). */
export type CareerFormInput = z.input<typeof careerInputSchema>;
/** A validated posting as a module function takes it. */
export type CareerInput = z.output<typeof careerInputSchema>;

/**
 * A stored posting with its lists parsed. `status` is what the public site goes by: an active
 * posting whose closing date has passed is "closed", so that it leaves the
 * Careers page and the sitemap and its page takes no more applications, without anyone saving it.
 */
export interface Career extends CareerInput {
  id: string;
  /** The last day (IST, "2026-11-23") it takes applications; "" when it has no closing date. */
  closingDate: string;
  /** True when the closing date is behind (an active posting is then closed). */
  closingDatePassed: boolean;
  /** The date part (YYYY-MM-DD) of the creation time. */
  postedDate: string;
  applications: number;
  createdAt: string;
  updatedAt: string;
}

/** Splits a multi-line text box into list items (one per line, blank lines dropped). */
export function linesToList(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
