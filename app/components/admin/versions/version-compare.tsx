import { Form, Link, useNavigation } from "react-router";
import { buttonClasses, SelectField } from "~/components/admin/forms";
import { PageHeader, Panel } from "~/components/admin/page";
import { formatIndiaDate, formatIndiaDateTime } from "~/lib/india-format";
import type { FieldDiff } from "~/modules/versions/diff";

/*
 * An item's history (issue 29, decision 0060): its versions (who, when, what made them), each
 * with "Restore as draft", and a comparison of two, field by field. Removed text is struck
 * through, added text underlined, each also named for screen readers; the text is rendered as
 * text (escaped), never as HTML. Plain forms: it works without JavaScript.
 */

export interface VersionRow {
  number: number;
  note: string;
  createdAt: string;
  actorName: string;
}

export function VersionList({
  versions,
  restoreLabel = "Restore as draft",
}: {
  versions: VersionRow[];
  /** The restore button's words (the privacy notice publishes a version again, decision 0075). */
  restoreLabel?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (versions.length === 0) {
    return (
      <Panel title="Versions" className="mb-6">
        <p className="text-sm text-slate-800">No version yet: one is kept at every publish.</p>
      </Panel>
    );
  }
  return (
    <Panel title="Versions" className="mb-6">
      <ol className="divide-y divide-slate-100">
        {versions.map((version) => (
          <li key={version.number} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 flex-1 text-sm text-slate-900">
              <p className="font-semibold">
                Version {version.number}: {version.note}
              </p>
              <p className="text-slate-700">
                <time dateTime={version.createdAt}>{formatIndiaDateTime(version.createdAt)}</time>{" "}
                by {version.actorName}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="version" value={version.number} />
              <button
                type="submit"
                name="intent"
                value="restore"
                className={buttonClasses.secondary}
                disabled={busy}
              >
                {restoreLabel}
                <span className="sr-only"> (version {version.number})</span>
              </button>
            </Form>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

export function CompareForm({
  versions,
  from,
  to,
}: {
  versions: VersionRow[];
  from?: number;
  to?: number;
}) {
  const options = versions.map((version) => ({
    value: String(version.number),
    label: `Version ${version.number} (${formatIndiaDate(version.createdAt)})`,
  }));
  return (
    <Form method="get" className="grid max-w-full gap-3 sm:flex sm:flex-wrap sm:items-end">
      <SelectField
        label="Compare"
        name="from"
        options={options}
        defaultValue={String(from ?? "")}
      />
      <SelectField label="With" name="to" options={options} defaultValue={String(to ?? "")} />
      <button type="submit" className={buttonClasses.secondary}>
        Compare
      </button>
    </Form>
  );
}

export function VersionDiff({ diff, from, to }: { diff: FieldDiff[]; from: number; to: number }) {
  const changed = diff.filter((field) => field.changed);
  const same = diff.filter((field) => !field.changed);
  return (
    <Panel title={`Version ${from} → version ${to}`} className="mb-6">
      {changed.length === 0 ? (
        <p className="text-sm text-slate-800">The two versions are the same.</p>
      ) : (
        <dl className="space-y-5">
          {changed.map((field) => (
            <div key={field.field}>
              <dt className="text-sm font-semibold text-slate-900">{field.label}</dt>
              <dd className="mt-1">
                {/* A long text scrolls in its box: focusable and named, so a keyboard can
                    scroll it too (axe: scrollable-region-focusable). */}
                <section
                  aria-label={`Changes to ${field.label}`}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard
                  tabIndex={0}
                  className="max-h-[32rem] overflow-auto rounded-md border border-slate-200 bg-white p-3 font-mono text-sm leading-6 whitespace-pre-wrap break-words text-slate-900"
                >
                  {field.parts.map((part, index) =>
                    part.kind === "same" ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed per render
                      <span key={index}>{part.text}</span>
                    ) : part.kind === "removed" ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed per render
                      <del key={index} className="bg-red-100 text-red-900">
                        <span className="sr-only">[removed: </span>
                        {part.text}
                        <span className="sr-only">]</span>
                      </del>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed per render
                      <ins key={index} className="bg-green-100 text-green-900">
                        <span className="sr-only">[added: </span>
                        {part.text}
                        <span className="sr-only">]</span>
                      </ins>
                    ),
                  )}
                </section>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {same.length > 0 ? (
        <p className="mt-4 text-sm text-slate-700">
          Unchanged: {same.map((field) => field.label).join(", ")}.
        </p>
      ) : null}
    </Panel>
  );
}

/** A history page: its header, the comparison chosen, and the versions with their restore. */
export function VersionHistory({
  title,
  backHref,
  backLabel,
  message,
  versions,
  from,
  to,
  diff,
  description = "Every publish keeps a version. Restoring one makes it the draft; publish it to make it live.",
  restoreLabel,
}: {
  title: string;
  backHref: string;
  backLabel: string;
  message?: string;
  versions: VersionRow[];
  from?: number;
  to?: number;
  diff?: FieldDiff[];
  description?: string;
  restoreLabel?: string;
}) {
  return (
    <>
      <PageHeader
        title={`History: ${title}`}
        description={description}
        actions={
          <Link to={backHref} className={buttonClasses.secondary}>
            {backLabel}
          </Link>
        }
      />
      {message ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {message}
        </p>
      ) : null}
      {versions.length > 1 ? (
        <div className="mb-6">
          <CompareForm versions={versions} from={from} to={to} />
        </div>
      ) : null}
      {diff && from !== undefined && to !== undefined ? (
        <VersionDiff diff={diff} from={from} to={to} />
      ) : null}
      <VersionList versions={versions} restoreLabel={restoreLabel} />
    </>
  );
}
