import { Badge } from "~/components/admin/list/list-table";
import type { PrivacyRequest } from "~/modules/privacy-requests/privacy-requests.server";
import { REQUEST_STATUS_LABELS } from "~/modules/privacy-requests/request-fields";

/** A privacy request's status in one word; an open request past its due date is "Overdue". */
export function RequestStatusBadge({
  request,
}: {
  request: Pick<PrivacyRequest, "status" | "overdue">;
}) {
  if (request.overdue) return <Badge colours="bg-red-50 text-red-900 ring-red-300">Overdue</Badge>;
  const colours =
    request.status === "completed"
      ? "bg-green-50 text-green-900 ring-green-300"
      : request.status === "refused"
        ? "bg-slate-100 text-slate-800 ring-slate-300"
        : "bg-amber-50 text-amber-900 ring-amber-300";
  return <Badge colours={colours}>{REQUEST_STATUS_LABELS[request.status]}</Badge>;
}
