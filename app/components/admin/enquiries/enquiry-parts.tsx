import { Badge } from "~/components/admin/list/list-table";
import {
  COMPANY_SIZE_LABELS,
  type CompanySize,
  ENQUIRY_STATUS_LABELS,
  type EnquiryStatus,
  INDUSTRY_LABELS,
  type Industry,
  SERVICE_INTEREST_LABELS,
  type ServiceInterest,
  TIMELINE_LABELS,
  type Timeline,
} from "~/modules/enquiries/enquiry.schema";

/* Pieces the inbox's list and detail pages share. */

const STATUS_BADGES: Record<EnquiryStatus, string> = {
  new: "bg-blue-100 text-blue-900 ring-blue-300",
  contacted: "bg-amber-100 text-amber-900 ring-amber-300",
  qualified: "bg-green-100 text-green-900 ring-green-300",
  closed: "bg-slate-200 text-slate-800 ring-slate-300",
};

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return <Badge colours={STATUS_BADGES[status]}>{ENQUIRY_STATUS_LABELS[status]}</Badge>;
}

const labelOf =
  <T extends string>(labels: Record<T, string>) =>
  (value: string): string =>
    value ? (labels[value as T] ?? value) : "";

export const serviceLabel = labelOf<ServiceInterest>(SERVICE_INTEREST_LABELS);
export const companySizeLabel = labelOf<CompanySize>(COMPANY_SIZE_LABELS);
export const industryLabel = labelOf<Industry>(INDUSTRY_LABELS);
export const timelineLabel = labelOf<Timeline>(TIMELINE_LABELS);

/** Why the spam defence held a post back, in words. */
export function spamReasonLabel(reason: string | null): string {
  switch (reason) {
    case "honeypot":
      return "A hidden field people never see was filled in";
    case "too_fast":
      return "Sent within seconds of opening the form";
    case "missing_token":
      return "Sent without opening the form";
    case "invalid_token":
      return "Sent with a forged or damaged form";
    case "replayed_token":
      return "Sent again with a form that had already been used";
    default:
      return reason ?? "";
  }
}
