/**
 * The enquiry form's option lists and labels (spec section 9), the inbox's statuses and sort
 * fields. Free of zod, so the public form can render them without loading the schema library;
 * enquiry.schema.ts re-exports everything here. These labels are the only words for the stored
 * keys: the dashboard, the inbox, an enquiry's page and the CSV export all read them from here.
 */

export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "500+"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const COMPANY_SIZE_LABELS: Record<CompanySize, string> = {
  "1-10": "1-10 employees",
  "11-50": "11-50 employees",
  "51-200": "51-200 employees",
  "201-500": "201-500 employees",
  "500+": "500+ employees",
};

export const INDUSTRIES = [
  "technology",
  "fintech",
  "professional-services",
  "healthcare",
  "manufacturing",
  "other",
] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const INDUSTRY_LABELS: Record<Industry, string> = {
  technology: "Technology",
  fintech: "Fintech",
  "professional-services": "Professional Services",
  healthcare: "Healthcare",
  manufacturing: "Manufacturing",
  other: "Other",
};

export const SERVICE_INTERESTS = [
  "equity",
  "executive",
  "regional",
  "benchmarking",
  "rewards",
  "benefits",
  "multiple",
] as const;
export type ServiceInterest = (typeof SERVICE_INTERESTS)[number];
export const SERVICE_INTEREST_LABELS: Record<ServiceInterest, string> = {
  equity: "Equity Compensation & ESOPs",
  executive: "Executive Compensation",
  regional: "Regional Pay Strategy",
  benchmarking: "Compensation Benchmarking",
  rewards: "Total Rewards & Performance",
  benefits: "Benefits Strategy",
  multiple: "Multiple Services",
};

export const TIMELINES = ["immediate", "short", "medium", "long", "exploring"] as const;
export type Timeline = (typeof TIMELINES)[number];
export const TIMELINE_LABELS: Record<Timeline, string> = {
  immediate: "Immediate (within 1 month)",
  short: "Short term (1-3 months)",
  medium: "Medium term (3-6 months)",
  long: "Long term (6+ months)",
  exploring: "Just exploring",
};

/** An enquiry starts as new; staff may set any status at any time. */
export const ENQUIRY_STATUSES = ["new", "contacted", "qualified", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  closed: "Closed",
};

export const ENQUIRY_SORT_FIELDS = ["submittedAt", "fullName", "company", "status"] as const;
export type EnquirySortField = (typeof ENQUIRY_SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

/** `[{ value, label }]` for a select, in the list's order. */
export function optionsOf<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

export const isEnquiryStatus = (value: unknown): value is EnquiryStatus =>
  typeof value === "string" && (ENQUIRY_STATUSES as readonly string[]).includes(value);

/** A stored key in words, by `labels`; an unknown key (an older record) as it is, "" for none. */
const labelOf =
  <T extends string>(labels: Record<T, string>) =>
  (value: string): string =>
    value ? (labels[value as T] ?? value) : "";

export const enquiryStatusLabel = labelOf<EnquiryStatus>(ENQUIRY_STATUS_LABELS);
export const serviceLabel = labelOf<ServiceInterest>(SERVICE_INTEREST_LABELS);
export const companySizeLabel = labelOf<CompanySize>(COMPANY_SIZE_LABELS);
export const industryLabel = labelOf<Industry>(INDUSTRY_LABELS);
export const timelineLabel = labelOf<Timeline>(TIMELINE_LABELS);

/** Where an enquiry came from, in words: "Contact form", "Job posting (<id>)", ... */
export function describeSource(source: string): string {
  if (source.startsWith("career:")) return `Job posting (${source.slice("career:".length)})`;
  if (source.startsWith("resource:"))
    return `Resource request (${source.slice("resource:".length)})`;
  if (source.startsWith("calculator:")) return `Calculator (${source.slice("calculator:".length)})`;
  if (source === "booking") return "Consultation booking";
  return "Contact form";
}
