import { Link } from "react-router";
import { Badge, type ListColumn } from "~/components/admin/list/list-table";
import { formatDateTime } from "~/components/admin/page";
import { formatFileSize } from "~/lib/format";
import type { AdminResource } from "~/modules/library/resource-admin.server";
import {
  LIBRARY_STATUS_LABELS,
  LIBRARY_STATUSES,
  type LibraryStatus,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPES,
} from "~/modules/library/resource-types";

/* The admin's resource list: its columns, its cards on a phone and its filter choices. */

export const STATUS_BADGES: Record<LibraryStatus, string> = {
  draft: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  published: "bg-green-100 text-green-900 ring-green-300",
};

export const TYPE_FILTER_OPTIONS = [
  { value: "all", label: "All types" },
  ...RESOURCE_TYPES.map((type) => ({ value: type, label: RESOURCE_TYPE_LABELS[type] })),
];
export const STATUS_FILTER_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...LIBRARY_STATUSES.map((status) => ({ value: status, label: LIBRARY_STATUS_LABELS[status] })),
];

const editHref = (resource: AdminResource) => `/admin/resources/${resource.slug}`;

function StatusBadge({ status }: { status: LibraryStatus }) {
  return <Badge colours={STATUS_BADGES[status]}>{LIBRARY_STATUS_LABELS[status]}</Badge>;
}

/**
 * Issue 24: a seeded sample staff have not saved yet. The launch checklist stays open while one
 * is published; saving it makes it the firm's own and takes the badge away.
 */
export function SampleBadge({ sample }: { sample: boolean }) {
  if (!sample) return null;
  return (
    <Badge colours="bg-orange-100 text-orange-950 ring-orange-300">
      Sample<span className="sr-only"> written at installation, not yet reviewed</span>
    </Badge>
  );
}

/** Marks a resource whose edits wait in a draft (issue 29). */
function DraftMark({ resource }: { resource: AdminResource }) {
  if (!resource.hasDraft) return null;
  return <Badge colours="bg-amber-100 text-amber-950 ring-amber-300">Unpublished draft</Badge>;
}

/** The status with the sample and draft badges beside it. */
function StatusCell({ resource }: { resource: AdminResource }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge status={resource.status} />
      <SampleBadge sample={resource.sample} />
      <DraftMark resource={resource} />
    </span>
  );
}

function FileCell({ resource }: { resource: AdminResource }) {
  if (!resource.file) return <span className="text-slate-700">No file</span>;
  return (
    <span className="break-all">
      {resource.file.fileName}{" "}
      <span className="whitespace-nowrap text-slate-700">
        ({formatFileSize(resource.file.byteSize)})
      </span>
    </span>
  );
}

export const RESOURCE_COLUMNS: ListColumn<AdminResource>[] = [
  {
    id: "title",
    header: "Title",
    className: "font-medium",
    cell: (resource) => (
      <Link to={editHref(resource)} className="text-blue-800 underline hover:text-blue-950">
        {resource.title}
      </Link>
    ),
  },
  { id: "type", header: "Type", cell: (resource) => RESOURCE_TYPE_LABELS[resource.type] },
  { id: "status", header: "Status", cell: (resource) => <StatusCell resource={resource} /> },
  { id: "category", header: "Category", cell: (resource) => resource.category },
  { id: "file", header: "File", cell: (resource) => <FileCell resource={resource} /> },
  {
    id: "updated",
    header: "Updated",
    className: "whitespace-nowrap",
    cell: (resource) => (
      <time dateTime={resource.updatedAt}>{formatDateTime(resource.updatedAt)}</time>
    ),
  },
];

/** One resource as a card, for the list on a phone. */
export function ResourceCard(resource: AdminResource) {
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium">
        <Link to={editHref(resource)} className="text-blue-800 underline hover:text-blue-950">
          {resource.title}
        </Link>
      </p>
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        {RESOURCE_TYPE_LABELS[resource.type]} · {resource.category}
        <StatusBadge status={resource.status} />
        <SampleBadge sample={resource.sample} />
        <DraftMark resource={resource} />
      </p>
      <p className="text-slate-700">
        <FileCell resource={resource} />
      </p>
      <p className="text-slate-700">
        Updated <time dateTime={resource.updatedAt}>{formatDateTime(resource.updatedAt)}</time>
      </p>
    </div>
  );
}
