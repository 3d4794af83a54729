import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { formatDateTime, PageHeader } from "~/components/admin/page";
import { ConfirmationPanel } from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import type { RecordActionResult } from "./record-panels";

/*
 * The parts of a record's page (an enquiry, an application) around its panels: the way back to
 * the list, the heading with when it was received, the action's message, a spam notice, and the
 * details' rows.
 */

/** The top of a record's page: back to the list (as it was left), the heading and the answers. */
export function RecordHeader({
  back,
  title,
  about,
  receivedAt,
  badge,
  result,
}: {
  back: { to: string; label: string };
  title: string;
  /** What it is about, before "· received …" (the company, the position). */
  about: React.ReactNode;
  receivedAt: string;
  badge: React.ReactNode;
  result?: RecordActionResult;
}) {
  return (
    <>
      <p className="mb-4">
        <Link to={back.to} className="text-sm font-medium text-blue-800 underline">
          ← {back.label}
        </Link>
      </p>
      <PageHeader
        title={title}
        description={
          <>
            {about} · received <time dateTime={receivedAt}>{formatDateTime(receivedAt)}</time>
          </>
        }
        actions={badge}
      />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel request={result?.confirmation} />
    </>
  );
}

/** Why the spam defence held the record back, and the button that moves it among the others. */
export function SpamNotice({
  children,
  restoreLabel,
  busy,
}: {
  children: React.ReactNode;
  restoreLabel: string;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="spam-heading"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="spam-heading" className="font-semibold text-amber-950">
        Held back as spam
      </h2>
      <p className="mt-1 text-sm text-amber-950">{children}</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="restore" />
        <button type="submit" className={buttonClasses.primary} disabled={busy}>
          {restoreLabel}
        </button>
      </Form>
    </section>
  );
}

/** One row of a record's details; an empty value says "Not given". */
export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">
        {children || <span className="text-slate-600">Not given</span>}
      </dd>
    </div>
  );
}

/** A long text the person wrote (a message, a cover note), or the sentence saying there is none. */
export function WrittenText({ text, none }: { text: string; none: string }) {
  return text ? (
    <p className="text-sm whitespace-pre-wrap break-words text-slate-900">{text}</p>
  ) : (
    <p className="text-sm text-slate-600">{none}</p>
  );
}
