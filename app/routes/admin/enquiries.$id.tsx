import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClasses, inputClasses } from "~/components/admin/forms";
import { adminMeta, formatDateTime, PageHeader, Panel } from "~/components/admin/page";
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import {
  describeSource,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  enquiryNoteSchema,
  enquiryStatusSchema,
  isEnquiryStatus,
} from "~/modules/enquiries/enquiry.schema";
import {
  addNoteAsStaff,
  changeEnquiryStatus,
  deleteEnquiryAsStaff,
  getEnquiryDetail,
  restoreFromSpam,
} from "~/modules/enquiries/inbox.server";
import { inboxSearch, parseInboxQuery } from "~/modules/enquiries/inbox-query";
import { requireStaff } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/enquiries.$id";
import {
  companySizeLabel,
  industryLabel,
  StatusBadge,
  serviceLabel,
  spamReasonLabel,
  timelineLabel,
} from "./enquiries-parts";

/** The spec's confirmation (section 5). */
const DELETE_CONFIRMATION = {
  title: "Delete enquiry",
  description: "Are you sure you want to delete this enquiry?",
  confirmLabel: "Delete",
};

const MAIL_KINDS: Record<string, string> = {
  enquiry_notification: "Notification to the firm",
  enquiry_acknowledgement: "Acknowledgement to the visitor",
  newsletter_confirmation: "Newsletter confirmation",
};
const MAIL_STATUSES: Record<string, string> = {
  pending: "Waiting to be sent",
  sending: "Being sent",
  sent: "Sent",
  failed: "Failed (gave up)",
  not_sent: "Not sent (e-mail is not configured; written to the log)",
};

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Enquiry from ${loaderData.detail.enquiry.fullName}` : "Enquiry");

/** The list view the visitor came from (its parameters travel with the detail page's URL). */
const listSearchOf = (request: Request) =>
  inboxSearch(parseInboxQuery(new URL(request.url).searchParams));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const detail = await getEnquiryDetail(runtimeFrom(context).db, params.id);
  if (!detail) throw data(null, { status: 404 });
  return { detail, listSearch: listSearchOf(request) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const actor = { id: user.id, name: user.name || user.username };
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = form.get("intent");

  if (intent === "status") {
    const status = enquiryStatusSchema.safeParse(form.get("status"));
    if (!status.success) {
      return data(
        { message: `Error updating status: ${status.error.issues[0]?.message}` },
        { status: 400 },
      );
    }
    const outcome = await changeEnquiryStatus(db, params.id, status.data, actor);
    if (outcome === "missing") throw data(null, { status: 404 });
    const label = ENQUIRY_STATUS_LABELS[status.data];
    return {
      message:
        outcome === "changed" ? `Status changed to ${label}.` : `Status is already ${label}.`,
    };
  }

  if (intent === "note") {
    const note = enquiryNoteSchema.safeParse({ body: form.get("body") ?? "" });
    if (!note.success) {
      return data(
        {
          noteError: note.error.issues[0]?.message ?? "Note is required",
          noteBody: String(form.get("body") ?? ""),
        },
        { status: 400 },
      );
    }
    if (!(await addNoteAsStaff(db, params.id, note.data.body, actor))) {
      throw data(null, { status: 404 });
    }
    return { message: "Note added.", noteAdded: true };
  }

  if (intent === "restore") {
    if (!(await restoreFromSpam(db, params.id, actor))) throw data(null, { status: 404 });
    return { message: "Moved to the inbox." };
  }

  if (intent === "delete") {
    if (!isConfirmed(form)) {
      return { confirmation: confirmationRequest(form, DELETE_CONFIRMATION) };
    }
    if (!(await deleteEnquiryAsStaff(db, params.id, actor))) throw data(null, { status: 404 });
    const back = new URLSearchParams(listSearchOf(request));
    back.set("notice", "deleted");
    throw redirect(`/admin/enquiries?${back}`);
  }

  return data({ message: "Error: unknown request." }, { status: 400 });
}

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

export default function EnquiryDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, listSearch } = loaderData;
  const { enquiry, history, notes, mails } = detail;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const noteForm = useRef<HTMLFormElement>(null);
  const result = actionData as
    | {
        message?: string;
        noteAdded?: boolean;
        noteError?: string;
        noteBody?: string;
        confirmation?: ConfirmationRequest;
      }
    | undefined;

  // An added note leaves an empty box for the next one.
  useEffect(() => {
    if (result?.noteAdded) noteForm.current?.reset();
  }, [result]);

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

      <div className="grid gap-6 lg:grid-cols-3">
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
                {enquiry.phone ? (
                  <a
                    href={`tel:${enquiry.phone.replace(/[^\d+]/g, "")}`}
                    className="text-blue-800 underline"
                  >
                    {enquiry.phone}
                  </a>
                ) : null}
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
                {enquiry.updatedAt ? formatDateTime(enquiry.updatedAt) : null}
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
              <div>
                <label htmlFor="note-body" className="block text-sm font-medium text-slate-800">
                  Add a note
                </label>
                <textarea
                  key={result?.noteError ? "invalid" : "note"}
                  id="note-body"
                  name="body"
                  rows={3}
                  maxLength={5000}
                  defaultValue={result?.noteBody ?? ""}
                  aria-invalid={result?.noteError ? true : undefined}
                  aria-describedby={result?.noteError ? "note-body-error" : undefined}
                  className={inputClasses}
                />
                {result?.noteError ? (
                  <p id="note-body-error" className="mt-1 text-sm font-medium text-red-700">
                    {result.noteError}
                  </p>
                ) : null}
              </div>
              <button type="submit" className={buttonClasses.primary} disabled={busy}>
                Add note
              </button>
            </Form>
          </Panel>
        </div>

        <div className="space-y-6">
          <Panel title="Status">
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="status" />
              <div>
                <label
                  htmlFor="enquiry-status"
                  className="block text-sm font-medium text-slate-800"
                >
                  Status
                </label>
                <select
                  key={enquiry.status}
                  id="enquiry-status"
                  name="status"
                  defaultValue={enquiry.status}
                  className={inputClasses}
                >
                  {ENQUIRY_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {ENQUIRY_STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
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

          <Panel title="E-mails">
            {mails.length === 0 ? (
              <p className="text-sm text-slate-600">No e-mails about this enquiry.</p>
            ) : (
              <ul className="space-y-3 text-sm">
                {mails.map((mail) => (
                  <li key={mail.id}>
                    <p className="font-medium text-slate-900">
                      {MAIL_KINDS[mail.kind] ?? mail.kind}
                    </p>
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

          <Panel title="Delete">
            <p className="mb-3 text-sm text-slate-700">
              Removes the enquiry with its notes and history. This cannot be undone.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <ConfirmSubmit
                {...DELETE_CONFIRMATION}
                className={buttonClasses.danger}
                disabled={busy}
              >
                Delete enquiry
              </ConfirmSubmit>
            </Form>
          </Panel>
        </div>
      </div>
    </>
  );
}
