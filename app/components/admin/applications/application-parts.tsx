import { Badge } from "~/components/admin/list/list-table";
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
} from "~/modules/applications/application-status";

/* Pieces the applications list and the application page share. */

const STATUS_BADGES: Record<ApplicationStatus, string> = {
  new: "bg-blue-100 text-blue-900 ring-blue-300",
  reviewing: "bg-amber-100 text-amber-900 ring-amber-300",
  interview: "bg-violet-100 text-violet-900 ring-violet-300",
  offer: "bg-teal-100 text-teal-900 ring-teal-300",
  hired: "bg-green-100 text-green-900 ring-green-300",
  rejected: "bg-slate-200 text-slate-800 ring-slate-300",
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge colours={STATUS_BADGES[status]}>{APPLICATION_STATUS_LABELS[status]}</Badge>;
}

/** A status as stored, in words (a value from before a rename shows as it is). */
export const statusLabel = (status: string): string =>
  APPLICATION_STATUS_LABELS[status as ApplicationStatus] ?? status;

/** "(closed)", "(draft)" or "(removed)" after a posting's title; nothing for an active one. */
export const postingStatusNote = (status: string) => (status === "active" ? "" : ` (${status})`);
