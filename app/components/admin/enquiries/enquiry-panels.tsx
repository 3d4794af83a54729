import { formatDateTime, Panel } from "~/components/admin/page";
import { DeletePanel, StatusPanel } from "~/components/admin/record/record-panels";
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  isEnquiryStatus,
} from "~/modules/enquiries/enquiry-options";
import type { EnquiryDetail } from "~/modules/leads/enquiry-detail.server";

/*
 * The enquiry page's own panels: status with its history, the last change, e-mails, delete (the
 * shared record panels filled in for an enquiry). The notes are the record NotesPanel.
 */

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
  booking_booked_visitor: "Booking confirmation to the visitor",
  booking_booked_consultant: "Invitation to the consultant",
  booking_booked_firm: "Booking notification to the firm",
  booking_moved_visitor: "New time to the visitor",
  booking_moved_consultant: "New time to the consultant",
  booking_cancelled_visitor: "Cancellation to the visitor",
  booking_cancelled_consultant: "Cancellation to the consultant",
};
const MAIL_STATUSES: Record<string, string> = {
  pending: "Waiting to be sent",
  sending: "Being sent",
  sent: "Sent",
  failed: "Failed (gave up)",
  not_sent: "Not sent (e-mail is not configured; written to the log)",
};

/** The status form and the status history, received first. */
export function EnquiryStatusPanel({
  enquiry,
  history,
}: Pick<EnquiryDetail, "enquiry" | "history">) {
  return (
    <StatusPanel
      id="enquiry-status"
      status={enquiry.status}
      options={ENQUIRY_STATUSES.map((status) => ({
        value: status,
        label: ENQUIRY_STATUS_LABELS[status],
      }))}
    >
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
    </StatusPanel>
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

export function EnquiryDeletePanel() {
  return (
    <DeletePanel
      what="Removes the enquiry with its notes and history. This cannot be undone."
      confirmation={DELETE_CONFIRMATION}
      label="Delete enquiry"
    />
  );
}
