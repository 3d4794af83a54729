import { Badge } from "~/components/admin/list/list-table";
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from "~/modules/enquiries/enquiry-options";

/* Pieces the inbox's list and detail pages share. */

// The words for the stored keys, from the one place the dashboard and the CSV export read too.
export {
  companySizeLabel,
  industryLabel,
  serviceLabel,
  timelineLabel,
} from "~/modules/enquiries/enquiry-options";

const STATUS_BADGES: Record<EnquiryStatus, string> = {
  new: "bg-blue-100 text-blue-900 ring-blue-300",
  contacted: "bg-amber-100 text-amber-900 ring-amber-300",
  qualified: "bg-green-100 text-green-900 ring-green-300",
  closed: "bg-slate-200 text-slate-800 ring-slate-300",
};

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return <Badge colours={STATUS_BADGES[status]}>{ENQUIRY_STATUS_LABELS[status]}</Badge>;
}

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
