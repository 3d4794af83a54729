import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClasses, fieldsFor, SelectField, TextAreaField } from "~/components/admin/forms";
import { formatDateTime, Panel } from "~/components/admin/page";
import { type ConfirmationRequest, ConfirmSubmit } from "~/components/ui/confirm-dialog";
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  enquiryNoteSchema,
  isEnquiryStatus,
} from "~/modules/enquiries/enquiry.schema";
import type { EnquiryDetail } from "~/modules/enquiries/inbox.server";

/* The enquiry page's panels that act on it: notes, status with its history, e-mails, delete. */

/** The spec's confirmation (section 5). */
export const DELETE_CONFIRMATION = {
  title: "Delete enquiry",
  description: "Are you sure you want to delete this enquiry?",
  confirmLabel: "Delete",
};

const MAIL_KINDS: Record<string, string> = {
  enquiry_notification: "Notification to the firm",
  enquiry_acknowledgement: "Acknowledgement to the visitor",
  newsletter_confirmation: "Newsletter confirmation",
  resource_download: "Download link to the visitor",
};
const MAIL_STATUSES: Record<string, string> = {
  pending: "Waiting to be sent",
  sending: "Being sent",
  sent: "Sent",
  failed: "Failed (gave up)",
  not_sent: "Not sent (e-mail is not configured; written to the log)",
};

/** What the enquiry page's action answers (see routes/admin/enquiries.$id.tsx). */
export interface EnquiryActionResult {
  message?: string;
  noteAdded?: boolean;
  noteError?: string;
  noteBody?: string;
  confirmation?: ConfirmationRequest;
}

const useBusy = () => useNavigation().state === "submitting";

/** The notes, oldest first, and the form that adds one (emptied once it is added). */
export function NotesPanel({
  notes,
  result,
}: {
  notes: EnquiryDetail["notes"];
  result?: EnquiryActionResult;
}) {
  const busy = useBusy();
  const noteForm = useRef<HTMLFormElement>(null);
  // An added note leaves an empty box for the next one.
  useEffect(() => {
    if (result?.noteAdded) noteForm.current?.reset();
  }, [result]);
  const noteError = result?.noteError;
  const field = fieldsFor(enquiryNoteSchema, {
    values: { body: result?.noteBody ?? "" },
    errors: { body: noteError },
  });
  return (
    <Panel title="Internal notes">
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ol className="space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-sm whitespace-pre-wrap text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {note.by}, <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" ref={noteForm} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="note" />
        {/* The server says when a note is empty, as it always has; no required mark. */}
        <TextAreaField
          key={noteError ? "invalid" : "note"}
          id="note-body"
          label="Add a note"
          rows={3}
          {...field("body")}
          required={undefined}
        />
        <button type="submit" className={buttonClasses.primary} disabled={busy}>
          Add note
        </button>
      </Form>
    </Panel>
  );
}

/** The status form and the status history, received first. */
export function StatusPanel({ enquiry, history }: Pick<EnquiryDetail, "enquiry" | "history">) {
  const busy = useBusy();
  return (
    <Panel title="Status">
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="status" />
        <SelectField
          key={enquiry.status}
          id="enquiry-status"
          label="Status"
          name="status"
          defaultValue={enquiry.status}
          options={ENQUIRY_STATUSES.map((status) => ({
            value: status,
            label: ENQUIRY_STATUS_LABELS[status],
          }))}
        />
        <button type="submit" className={buttonClasses.primary} disabled={busy}>
          Update status
        </button>
      </Form>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">History</h3>
      <ol className="mt-2 space-y-2 text-sm text-slate-800">
        <li>
          Received as New,{" "}
          <time dateTime={enquiry.submittedAt}>{formatDateTime(enquiry.submittedAt)}</time>
        </li>
        {history.map((change) => (
          <li key={change.id}>
            {change.fromStatus && isEnquiryStatus(change.fromStatus)
              ? ENQUIRY_STATUS_LABELS[change.fromStatus]
              : "—"}{" "}
            →{" "}
            {isEnquiryStatus(change.toStatus)
              ? ENQUIRY_STATUS_LABELS[change.toStatus]
              : change.toStatus}{" "}
            by {change.by}, <time dateTime={change.at}>{formatDateTime(change.at)}</time>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/**
 * "Asha Rao on 3 Mar 2026, 10:15" for the enquiry's details. An enquiry still New never changed;
 * one with another status but no recorded change (set outside the inbox) says so rather than
 * guess a name.
 */
export function LastStatusChange({
  enquiry,
  lastStatusChange,
}: Pick<EnquiryDetail, "enquiry" | "lastStatusChange">) {
  if (lastStatusChange) {
    return (
      <>
        {lastStatusChange.by} on{" "}
        <time dateTime={lastStatusChange.at}>{formatDateTime(lastStatusChange.at)}</time>
      </>
    );
  }
  return (
    <span className="text-slate-600">
      {enquiry.status === "new" ? "Never changed" : "Not recorded"}
    </span>
  );
}

export function MailsPanel({ mails }: Pick<EnquiryDetail, "mails">) {
  return (
    <Panel title="E-mails">
      {mails.length === 0 ? (
        <p className="text-sm text-slate-600">No e-mails about this enquiry.</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {mails.map((mail) => (
            <li key={mail.id}>
              <p className="font-medium text-slate-900">{MAIL_KINDS[mail.kind] ?? mail.kind}</p>
              <p className="break-all text-slate-700">To {mail.to}</p>
              <p className="text-slate-700">
                {MAIL_STATUSES[mail.status] ?? mail.status}
                {mail.attempts > 1 ? ` after ${mail.attempts} attempts` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function DeletePanel() {
  const busy = useBusy();
  return (
    <Panel title="Delete">
      <p className="mb-3 text-sm text-slate-700">
        Removes the enquiry with its notes and history. This cannot be undone.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <ConfirmSubmit {...DELETE_CONFIRMATION} className={buttonClasses.danger} disabled={busy}>
          Delete enquiry
        </ConfirmSubmit>
      </Form>
    </Panel>
  );
}
