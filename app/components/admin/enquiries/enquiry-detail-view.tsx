import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { formatDateTime, PageHeader, Panel } from "~/components/admin/page";
import { ConfirmationPanel } from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { formatPhone, normalisePhone } from "~/lib/phone";
import { telHref } from "~/lib/phone-link";
import { describeSource } from "~/modules/enquiries/enquiry.schema";
import type { EnquiryDetail } from "~/modules/enquiries/inbox.server";
import {
  DeletePanel,
  type EnquiryActionResult,
  LastStatusChange,
  MailsPanel,
  NotesPanel,
  StatusPanel,
} from "./enquiry-panels";
import {
  companySizeLabel,
  industryLabel,
  StatusBadge,
  serviceLabel,
  spamReasonLabel,
  timelineLabel,
} from "./enquiry-parts";

export type { EnquiryActionResult } from "./enquiry-panels";

/* One enquiry: its details and message, notes, status, e-mails, and delete. */

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

export function EnquiryDetailView({
  detail,
  listSearch,
  result,
}: {
  detail: EnquiryDetail;
  /** The list view the visitor came from, as a query string. */
  listSearch: string;
  result?: EnquiryActionResult;
}) {
  const { enquiry, history, notes, mails } = detail;
  const busy = useNavigation().state === "submitting";

  return (
    <>
      <p className="mb-4">
        <Link
          to={`/admin/enquiries${listSearch}`}
          className="text-sm font-medium text-blue-800 underline"
        >
          ← Back to enquiries
        </Link>
      </p>
      <PageHeader
        title={enquiry.fullName}
        description={
          <>
            {enquiry.company} · received{" "}
            <time dateTime={enquiry.submittedAt}>{formatDateTime(enquiry.submittedAt)}</time>
          </>
        }
        actions={<StatusBadge status={enquiry.status} />}
      />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel request={result?.confirmation} />

      {enquiry.spamReason ? (
        <section
          aria-labelledby="spam-heading"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5"
        >
          <h2 id="spam-heading" className="font-semibold text-amber-950">
            Held back as spam
          </h2>
          <p className="mt-1 text-sm text-amber-950">
            {spamReasonLabel(enquiry.spamReason)}. No e-mail was sent about it.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="restore" />
            <button type="submit" className={buttonClasses.primary} disabled={busy}>
              Not spam: move to the inbox
            </button>
          </Form>
        </section>
      ) : null}

      {/* One column that may shrink below its content's width, so a long address wraps on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Panel title="Details">
            <dl className="divide-y divide-slate-100">
              <Field label="Name">{enquiry.fullName}</Field>
              <Field label="First name">{enquiry.firstName}</Field>
              <Field label="Last name">{enquiry.lastName}</Field>
              <Field label="E-mail">
                <a href={`mailto:${enquiry.email}`} className="text-blue-800 underline">
                  {enquiry.email}
                </a>
              </Field>
              <Field label="Phone">
                {/* A number saved before numbers were checked may be any text: shown, not linked. */}
                {normalisePhone(enquiry.phone) ? (
                  <a href={telHref(formatPhone(enquiry.phone))} className="text-blue-800 underline">
                    {formatPhone(enquiry.phone)}
                  </a>
                ) : (
                  enquiry.phone
                )}
              </Field>
              <Field label="Company">{enquiry.company}</Field>
              <Field label="Job title">{enquiry.title}</Field>
              <Field label="Company size">{companySizeLabel(enquiry.companySize)}</Field>
              <Field label="Industry">{industryLabel(enquiry.industry)}</Field>
              <Field label="Service interest">{serviceLabel(enquiry.service)}</Field>
              <Field label="Timeline">{timelineLabel(enquiry.timeline)}</Field>
              <Field label="Newsletter">{enquiry.newsletter ? "Yes" : "No"}</Field>
              <Field label="Source">{describeSource(enquiry.source)}</Field>
              <Field label="Submitted">{formatDateTime(enquiry.submittedAt)}</Field>
              <Field label="Last status change">
                <LastStatusChange enquiry={enquiry} lastStatusChange={detail.lastStatusChange} />
              </Field>
            </dl>
          </Panel>

          <Panel title="Message">
            {enquiry.message ? (
              <p className="text-sm whitespace-pre-wrap text-slate-900">{enquiry.message}</p>
            ) : (
              <p className="text-sm text-slate-600">No message.</p>
            )}
          </Panel>

          <NotesPanel notes={notes} result={result} />
        </div>

        <div className="space-y-6">
          <StatusPanel enquiry={enquiry} history={history} />
          <MailsPanel mails={mails} />
          <DeletePanel />
        </div>
      </div>
    </>
  );
}
