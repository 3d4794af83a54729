import { Form, useNavigation } from "react-router";
import { buttonClasses, SelectField } from "~/components/admin/forms";
import { formatDateTime, Panel } from "~/components/admin/page";
import { type ConfirmationRequest, ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { formatFileSize } from "~/lib/format";
import type { ApplicationDetail } from "~/modules/applications/application-detail.server";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
} from "~/modules/applications/application-status";
import { statusLabel } from "./application-parts";

/*
 * The application page's panels that act on it: CV, status with its history, delete. The notes
 * are the inbox's NotesPanel (the same note rules: applicationNoteSchema is the inbox's schema).
 */

export const DELETE_APPLICATION_CONFIRMATION = {
  title: "Delete application",
  description:
    "Are you sure you want to delete this application? Its CV, notes and history are deleted with it.",
  confirmLabel: "Delete",
};

/**
 * What the application page's action answers (see routes/admin/applications.$id.tsx); the note
 * fields are those the inbox's NotesPanel reads.
 */
export interface ApplicationActionResult {
  message?: string;
  noteAdded?: boolean;
  noteError?: string;
  noteBody?: string;
  confirmation?: ConfirmationRequest;
}

const useBusy = () => useNavigation().state === "submitting";

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
export function StatusPanel({
  application,
  history,
}: Pick<ApplicationDetail, "application" | "history">) {
  const busy = useBusy();
  return (
    <Panel title="Status">
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="status" />
        <SelectField
          key={application.status}
          id="application-status"
          label="Status"
          name="status"
          defaultValue={application.status}
          options={APPLICATION_STATUSES.map((status) => ({
            value: status,
            label: APPLICATION_STATUS_LABELS[status],
          }))}
        />
        <button type="submit" className={buttonClasses.primary} disabled={busy}>
          Update status
        </button>
      </Form>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">History</h3>
      <ol className="mt-2 space-y-2 text-sm text-slate-800">
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
      </ol>
    </Panel>
  );
}

export function DeletePanel() {
  const busy = useBusy();
  return (
    <Panel title="Delete">
      <p className="mb-3 text-sm text-slate-700">
        Removes the application with its CV, notes and history. This cannot be undone.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <ConfirmSubmit
          {...DELETE_APPLICATION_CONFIRMATION}
          className={buttonClasses.danger}
          disabled={busy}
        >
          Delete application
        </ConfirmSubmit>
      </Form>
    </Panel>
  );
}
