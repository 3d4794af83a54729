import { Form, Link, useNavigation } from "react-router";
import { NotesPanel } from "~/components/admin/enquiries/enquiry-panels";
import { spamReasonLabel } from "~/components/admin/enquiries/enquiry-parts";
import { buttonClasses } from "~/components/admin/forms";
import { formatDateTime, PageHeader, Panel } from "~/components/admin/page";
import { ConfirmationPanel } from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { formatPhone, normalisePhone } from "~/lib/phone";
import { telHref } from "~/lib/phone-link";
import type { ApplicationDetail } from "~/modules/applications/application-detail.server";
import {
  type ApplicationActionResult,
  CvPanel,
  DeletePanel,
  StatusPanel,
} from "./application-panels";
import { ApplicationStatusBadge, postingStatusNote } from "./application-parts";

export type { ApplicationActionResult } from "./application-panels";

/* One application: every field, the cover note, the CV, status and history, notes, delete. */

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">
        {children || <span className="text-slate-600">Not given</span>}
      </dd>
    </div>
  );
}

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
  result?: ApplicationActionResult;
}) {
  const { application, history, notes, cv, posting } = detail;
  const busy = useNavigation().state === "submitting";

  return (
    <>
      <p className="mb-4">
        <Link
          to={`/admin/applications${listSearch}`}
          className="text-sm font-medium text-blue-800 underline"
        >
          ← Back to applications
        </Link>
      </p>
      <PageHeader
        title={application.fullName}
        description={
          <>
            {application.careerTitle} · received{" "}
            <time dateTime={application.submittedAt}>
              {formatDateTime(application.submittedAt)}
            </time>
          </>
        }
        actions={<ApplicationStatusBadge status={application.status} />}
      />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel request={result?.confirmation} />

      {application.spamReason ? (
        <section
          aria-labelledby="spam-heading"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5"
        >
          <h2 id="spam-heading" className="font-semibold text-amber-950">
            Held back as spam
          </h2>
          <p className="mt-1 text-sm text-amber-950">
            {spamReasonLabel(application.spamReason)}. No e-mail was sent about it, and the posting
            does not count it.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="restore" />
            <button type="submit" className={buttonClasses.primary} disabled={busy}>
              Not spam: move to the applications
            </button>
          </Form>
        </section>
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
            {application.coverNote ? (
              <p className="text-sm whitespace-pre-wrap break-words text-slate-900">
                {application.coverNote}
              </p>
            ) : (
              <p className="text-sm text-slate-600">No cover note.</p>
            )}
          </Panel>

          <NotesPanel notes={notes} result={result} />
        </div>

        <div className="space-y-6">
          <CvPanel applicationId={application.id} cv={cv} />
          <StatusPanel application={application} history={history} />
          <DeletePanel />
        </div>
      </div>
    </>
  );
}
