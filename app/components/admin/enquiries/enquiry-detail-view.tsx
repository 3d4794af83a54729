import { useNavigation } from "react-router";
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
import { describeSource } from "~/modules/enquiries/enquiry-options";
import type { EnquiryDetail } from "~/modules/leads/enquiry-detail.server";
import { ConsultationPanel } from "./enquiry-consultation";
import {
  EnquiryDeletePanel,
  EnquiryStatusPanel,
  LastStatusChange,
  MailsPanel,
} from "./enquiry-panels";
import {
  companySizeLabel,
  industryLabel,
  StatusBadge,
  serviceLabel,
  spamReasonLabel,
  timelineLabel,
} from "./enquiry-parts";

/* One enquiry: its slot when made by booking, details and message, notes, status, e-mails, and delete. */

export function EnquiryDetailView({
  detail,
  listSearch,
  result,
}: {
  detail: EnquiryDetail;
  /** The list view the visitor came from, as a query string. */
  listSearch: string;
  result?: RecordActionResult;
}) {
  const { enquiry, history, notes, mails } = detail;
  const busy = useNavigation().state === "submitting";

  return (
    <>
      <RecordHeader
        back={{ to: `/admin/enquiries${listSearch}`, label: "Back to enquiries" }}
        title={enquiry.fullName}
        about={enquiry.company}
        receivedAt={enquiry.submittedAt}
        badge={<StatusBadge status={enquiry.status} />}
        result={result}
      />

      {enquiry.spamReason ? (
        <SpamNotice restoreLabel="Not spam: move to the inbox" busy={busy}>
          {spamReasonLabel(enquiry.spamReason)}. No e-mail was sent about it.
        </SpamNotice>
      ) : null}

      {/* One column that may shrink below its content's width, so a long address wraps on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {detail.consultation ? <ConsultationPanel consultation={detail.consultation} /> : null}
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
            <WrittenText text={enquiry.message} none="No message." />
          </Panel>

          <NotesPanel notes={notes} result={result} />
        </div>

        <div className="space-y-6">
          <EnquiryStatusPanel enquiry={enquiry} history={history} />
          <MailsPanel mails={mails} />
          <EnquiryDeletePanel />
        </div>
      </div>
    </>
  );
}
