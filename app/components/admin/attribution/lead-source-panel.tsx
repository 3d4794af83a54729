import { Panel } from "~/components/admin/page";
import type { LeadSource, LeadTouch } from "~/modules/attribution/lead-source-cookie.server";

/*
 * Where a lead came from (issue 26): the first and the latest outside arrival of the visit that
 * sent the record, as the lead-source cookie held them. Shown on each record's admin page.
 */

const LABELS: Array<[keyof LeadTouch, string]> = [
  ["source", "Source"],
  ["medium", "Medium"],
  ["campaign", "Campaign"],
  ["term", "Term"],
  ["content", "Content"],
  ["referrer", "Referring site"],
  ["landing", "Landing page"],
  ["date", "Date"],
];

function Touch({ title, touch }: { title: string; touch: LeadTouch }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {LABELS.filter(([field]) => touch[field]).map(([field, label]) => (
          <div key={field} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{touch[field]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A short line for lists: "linkedin / q4-rewards". */
export const touchSummary = (touch: LeadTouch) =>
  [touch.source, touch.campaign].filter(Boolean).join(" / ");

/** A list's cell: the first source and, when it differs, the latest. */
export function LeadSourceCell({ source }: { source: LeadSource | null }) {
  if (!source) return <span className="text-slate-500">Not recorded</span>;
  const first = touchSummary(source.first);
  const latest = touchSummary(source.latest);
  return (
    <span className="text-sm">
      First: {first} ({source.first.date})
      {latest !== first || source.latest.date !== source.first.date ? (
        <>
          <br />
          Latest: {latest} ({source.latest.date})
        </>
      ) : null}
    </span>
  );
}

export function LeadSourcePanel({ source }: { source: LeadSource | null }) {
  return (
    <Panel title="Where they came from">
      {source ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Touch title="First visit" touch={source.first} />
          <Touch title="Latest visit" touch={source.latest} />
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          No source recorded: the visit came with no campaign link and from no other site (or before
          this was recorded).
        </p>
      )}
    </Panel>
  );
}
