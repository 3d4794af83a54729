import { Panel } from "~/components/admin/page";
import { ArrowRightIcon, CheckIcon, DownloadIcon, FileIcon } from "~/components/site/icons";
import { resultLines } from "~/modules/library/resource.schema";
import { RESOURCE_TYPE_LABELS, type Resource } from "~/modules/library/resource-types";

/*
 * How the resource's card will look on /resources, drawn with the public page's classes: guides,
 * toolkits and reports as a featured card, whitepapers with their page count, case studies with
 * challenge, solution and results. The public page's own cards are not exported, so this is a
 * faithful copy (to merge with them when they are). Its call to action is text, not a link: in
 * the admin it would lead to a request page that a draft does not have.
 */

type PreviewResource = Pick<
  Resource,
  | "type"
  | "title"
  | "summary"
  | "category"
  | "pageCount"
  | "company"
  | "industry"
  | "challenge"
  | "solution"
  | "results"
>;

const callToAction =
  "mt-6 inline-flex items-center justify-center gap-2 self-start rounded-md bg-blue-700 px-5 py-3 font-semibold text-white";

export function ResourcePreview({ resource }: { resource: PreviewResource }) {
  return (
    <Panel title="Preview" className="bg-slate-50">
      <p className="mb-4 text-sm text-slate-700">
        How the card shows on the Resources page once published (as last saved).
      </p>
      <div className="max-w-md">
        <PreviewCard resource={resource} />
      </div>
    </Panel>
  );
}

function PreviewCard({ resource }: { resource: PreviewResource }) {
  if (resource.type === "whitepaper") {
    return (
      <article className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-6">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-white">
          <FileIcon />
        </span>
        <div className="flex flex-1 flex-col">
          <p className="text-sm text-slate-600">
            {resource.category} · {resource.pageCount} pages
          </p>
          <h3 className="mt-1 text-lg font-semibold text-slate-900">{resource.title}</h3>
          <p className="mt-2 text-slate-600">{resource.summary}</p>
          <p className="mt-4 inline-flex items-center gap-1 font-semibold text-blue-700">
            Request Whitepaper
            <ArrowRightIcon className="h-4 w-4" />
          </p>
        </div>
      </article>
    );
  }
  if (resource.type === "case-study") {
    return (
      <article className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="rounded-full bg-blue-100 px-3 py-1 font-semibold text-blue-900">
            {resource.industry}
          </span>
          <span className="text-slate-600">{resource.pageCount} pages</span>
        </div>
        <h3 className="mt-4 text-xl font-semibold text-slate-900">{resource.company}</h3>
        <dl className="mt-4 space-y-4 text-sm leading-6">
          <div>
            <dt className="font-semibold text-slate-900">Challenge</dt>
            <dd className="text-slate-600">{resource.challenge}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">Solution</dt>
            <dd className="text-slate-600">{resource.solution}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">Results</dt>
            <dd>
              <ul className="mt-1 space-y-2">
                {resultLines(resource.results).map((result) => (
                  <li key={result} className="flex gap-2 text-slate-700">
                    <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
                    {result}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <p className="mt-6 inline-flex items-center gap-1 font-semibold text-blue-700">
          Request the Full Case Study
          <ArrowRightIcon className="h-4 w-4" />
        </p>
      </article>
    );
  }
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="rounded-full bg-blue-100 px-3 py-1 font-semibold text-blue-900">
          {RESOURCE_TYPE_LABELS[resource.type]}
        </span>
        <span className="text-slate-600">{resource.category}</span>
      </div>
      <h3 className="mt-5 text-xl font-semibold text-slate-900">{resource.title}</h3>
      <p className="mt-3 text-slate-600">{resource.summary}</p>
      <p className="mt-5 text-sm text-slate-600">{resource.pageCount} pages</p>
      <p className={callToAction}>
        <DownloadIcon className="h-5 w-5" />
        Download Now
      </p>
    </article>
  );
}
