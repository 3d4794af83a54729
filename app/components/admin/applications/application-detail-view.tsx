import { Link, useNavigation } from "react-router";
import { spamReasonLabel } from "~/components/admin/enquiries/enquiry-parts";
import { formatDateTime, Panel } from "~/components/admin/page";
import { NotesPanel, type RecordActionResult } from "~/components/admin/record/record-panels";
import {
  Field,
  RecordHeader,
  SpamNotice,
  WrittenText,
} from "~/components/admin/record/record-parts";
import { formatPhone, normalisePhone } from "~/lib/phone";
import { telHref } from "~/lib/phone-link";
import type { ApplicationDetail } from "~/modules/applications/application-detail.server";
import { ApplicationDeletePanel, ApplicationStatusPanel, CvPanel } from "./application-panels";
import { ApplicationStatusBadge, postingStatusNote } from "./application-parts";

/* One application: every field, the cover note, the CV, status and history, notes, delete. */

/** Only a web address is a link (the form checked it; an older record is shown as text). */
const isWebAddress = (text: string) => /^https?:\/\/\S+$/i.test(text);

export function ApplicationDetailView({
  detail,
  listSearch,
  result,
}: {
  detail: ApplicationDetail;
  /** The list view the staff member came from, as a query string. */
  listSearch: string;
  result?: RecordActionResult;
}) {
  const { application, history, notes, cv, posting } = detail;
  const busy = useNavigation().state === "submitting";

  return (
    <>
      <RecordHeader
        back={{ to: `/admin/applications${listSearch}`, label: "Back to applications" }}
        title={application.fullName}
        about={application.careerTitle}
        receivedAt={application.submittedAt}
        badge={<ApplicationStatusBadge status={application.status} />}
        result={result}
      />

      {application.spamReason ? (
        <SpamNotice restoreLabel="Not spam: move to the applications" busy={busy}>
          {spamReasonLabel(application.spamReason)}. No e-mail was sent about it, and the posting
          does not count it.
        </SpamNotice>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Panel title="Details">
            <dl className="divide-y divide-slate-100">
              <Field label="Full name">{application.fullName}</Field>
              <Field label="E-mail">
                <a href={`mailto:${application.email}`} className="text-blue-800 underline">
                  {application.email}
                </a>
              </Field>
              <Field label="Phone">
                {normalisePhone(application.phone) ? (
                  <a
                    href={telHref(formatPhone(application.phone))}
                    className="text-blue-800 underline"
                  >
                    {formatPhone(application.phone)}
                  </a>
                ) : (
                  application.phone
                )}
              </Field>
              <Field label="Current location">{application.location}</Field>
              <Field label="Notice period">{application.noticePeriod}</Field>
              <Field label="LinkedIn or portfolio">
                {isWebAddress(application.profileUrl) ? (
                  <a
                    href={application.profileUrl}
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                    className="break-all text-blue-800 underline"
                  >
                    {application.profileUrl}
                  </a>
                ) : (
                  application.profileUrl
                )}
              </Field>
              <Field label="Position">
                {posting ? (
                  <Link
                    to={`/admin/applications?posting=${encodeURIComponent(posting.id)}`}
                    className="text-blue-800 underline"
                  >
                    {application.careerTitle}
                  </Link>
                ) : (
                  application.careerTitle
                )}
                {postingStatusNote(posting?.status ?? "removed")}
              </Field>
              <Field label="Submitted">{formatDateTime(application.submittedAt)}</Field>
              <Field label="Consent">{application.consentText}</Field>
            </dl>
          </Panel>

          <Panel title="Cover note">
            <WrittenText text={application.coverNote} none="No cover note." />
          </Panel>

          <NotesPanel notes={notes} result={result} />
        </div>

        <div className="space-y-6">
          <CvPanel applicationId={application.id} cv={cv} />
          <ApplicationStatusPanel application={application} history={history} />
          <ApplicationDeletePanel />
        </div>
      </div>
    </>
  );
}
