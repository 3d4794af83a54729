import { formatDateTime, Panel } from "~/components/admin/page";
import { DeletePanel, StatusPanel } from "~/components/admin/record/record-panels";
import { formatFileSize } from "~/lib/format";
import type { ApplicationDetail } from "~/modules/applications/application-detail.server";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
} from "~/modules/applications/application-status";
import { statusLabel } from "./application-parts";

/*
 * The application page's own panels: the CV, status with its history, delete (the shared record
 * panels filled in for an application). The notes are the record NotesPanel.
 */

export const DELETE_APPLICATION_CONFIRMATION = {
  title: "Delete application",
  description:
    "Are you sure you want to delete this application? Its CV, notes and history are deleted with it.",
  confirmLabel: "Delete",
};

/** The CV: a download link with the file's name and size (the server named the file). */
export function CvPanel({
  applicationId,
  cv,
}: {
  applicationId: string;
  cv: ApplicationDetail["cv"];
}) {
  return (
    <Panel title="CV">
      {cv ? (
        <p className="text-sm">
          <a
            href={`/admin/applications/${encodeURIComponent(applicationId)}/cv`}
            download={cv.fileName}
            className="font-medium break-all text-blue-800 underline"
          >
            Download {cv.fileName}
          </a>{" "}
          <span className="text-slate-700">({formatFileSize(cv.byteSize)})</span>
        </p>
      ) : (
        <p className="text-sm text-slate-600">No CV is stored with this application.</p>
      )}
    </Panel>
  );
}

/** The status form and the history, oldest first: who changed it ("<name> on <date, time>"). */
export function ApplicationStatusPanel({
  application,
  history,
}: Pick<ApplicationDetail, "application" | "history">) {
  return (
    <StatusPanel
      id="application-status"
      status={application.status}
      options={APPLICATION_STATUSES.map((status) => ({
        value: status,
        label: APPLICATION_STATUS_LABELS[status],
      }))}
    >
      {/* The submission itself, whether or not it wrote a history row (fromStatus null). */}
      <li>
        Received as New on{" "}
        <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
      </li>
      {history
        .filter((change) => change.fromStatus !== null)
        .map((change) => (
          <li key={change.id}>
            {statusLabel(change.fromStatus ?? "")} → {statusLabel(change.toStatus)},{" "}
            {change.by ?? "automatically"} on{" "}
            <time dateTime={change.at}>{formatDateTime(change.at)}</time>
          </li>
        ))}
    </StatusPanel>
  );
}

export function ApplicationDeletePanel() {
  return (
    <DeletePanel
      what="Removes the application with its CV, notes and history. This cannot be undone."
      confirmation={DELETE_APPLICATION_CONFIRMATION}
      label="Delete application"
    />
  );
}
