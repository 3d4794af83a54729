import { ChoiceFilter, ListFilters, SearchFilter } from "~/components/admin/list/list-filters";
import { ListPager, ListSummary } from "~/components/admin/list/list-pager";
import { type ListColumn, ListTable } from "~/components/admin/list/list-table";
import { AdminErrorBoundary, adminMeta, formatDateTime, PageHeader } from "~/components/admin/page";
import { countOf, plural } from "~/lib/format";
import { listAudit } from "~/modules/audit/audit.server";
import { activityFilterOptions } from "~/modules/dashboard/activity.server";
import { type ActivityEntry, withRecordNames } from "~/modules/dashboard/activity-records.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = () => adminMeta("Activity");

const TYPE_LABELS: Record<string, string> = {
  service: "Services",
  page: "Content",
  career: "Careers",
  settings: "Settings",
  user: "Users",
  enquiry: "Enquiries",
  subscriber: "Subscribers",
  person: "Personal data",
};
const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  reset: "Reset",
  status: "Status changed",
  role: "Role changed",
  enable: "Enabled",
  disable: "Disabled",
  reset_password: "Password reset",
  password: "Password changed",
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  unlock: "Sign-in unlocked",
  sign_out: "Signed out",
  note: "Note added",
  restore: "Restored",
  erase: "Erased",
};
const labelOf = (labels: Record<string, string>, key: string) =>
  labels[key] ?? key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

const PAGE_SIZE = 50;

/*
 * "What" is the entry's own sentence, which already starts with what was done ("Signed in",
 * "Deleted the career posting …"): an action label beside it only said the same thing twice.
 * The action stays a filter. "Record" names the record (never its raw id).
 */
const COLUMNS: ListColumn<ActivityEntry>[] = [
  {
    id: "when",
    header: "When",
    className: "whitespace-nowrap text-slate-700",
    cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
  },
  { id: "who", header: "Who", className: "text-slate-900", cell: (entry) => entry.actorName },
  { id: "what", header: "What", className: "text-slate-900", cell: (entry) => entry.summary },
  {
    id: "record",
    header: "Record",
    className: "text-slate-700",
    cell: (entry) => (
      <>
        {labelOf(TYPE_LABELS, entry.entityType)}
        {entry.record.name ? (
          <span className="block text-xs break-words text-slate-600">{entry.record.name}</span>
        ) : entry.record.gone ? (
          <span className="block text-xs text-slate-600 italic">no longer exists</span>
        ) : null}
      </>
    ),
  },
];

/** "1 entry.", "12 entries match the filters." */
function activitySummary(total: number, filtered: boolean): string {
  const count = countOf(total, "entry", "entries");
  return filtered ? `${count} ${plural(total, "matches", "match")} the filters.` : `${count}.`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const params = new URL(request.url).searchParams;
  const filters = {
    entityType: params.get("type") || undefined,
    actorId: params.get("who") || undefined,
    action: params.get("action") || undefined,
    q: params.get("q")?.slice(0, 100) || undefined,
  };
  const page = Number(params.get("page")) || 1;
  const { db } = runtimeFrom(context);
  const [entries, options] = await Promise.all([
    listAudit(db, { ...filters, page, pageSize: PAGE_SIZE }),
    activityFilterOptions(db),
  ]);
  const log = { ...entries, items: await withRecordNames(db, entries.items) };
  return { log, options, filters };
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { log, options, filters } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (filters.entityType) params.set("type", filters.entityType);
    if (filters.actorId) params.set("who", filters.actorId);
    if (filters.action) params.set("action", filters.action);
    if (filters.q) params.set("q", filters.q);
    params.set("page", String(page));
    return `/admin/activity?${params}`;
  };
  return (
    <>
      <PageHeader
        title="Activity"
        description="Every change made in the admin: who did what to which record, and when."
      />
      <ListFilters
        className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-5"
        submitLabel="Filter"
        reset={filtered ? { to: "/admin/activity", label: "Clear" } : null}
      >
        <ChoiceFilter
          label="Area"
          name="type"
          value={filters.entityType ?? ""}
          options={[
            { value: "", label: "All areas" },
            ...options.entityTypes.map((value) => ({ value, label: labelOf(TYPE_LABELS, value) })),
          ]}
        />
        <ChoiceFilter
          label="Who"
          name="who"
          value={filters.actorId ?? ""}
          options={[
            { value: "", label: "Everyone" },
            ...options.actors.map((actor) => ({ value: actor.id, label: actor.name })),
          ]}
        />
        <ChoiceFilter
          label="Action"
          name="action"
          value={filters.action ?? ""}
          options={[
            { value: "", label: "All actions" },
            ...options.actions.map((value) => ({ value, label: labelOf(ACTION_LABELS, value) })),
          ]}
        />
        <SearchFilter value={filters.q ?? ""} maxLength={100} placeholder="Text or name" />
      </ListFilters>

      <ListSummary>{activitySummary(log.total, filtered)}</ListSummary>
      <ListTable
        caption="Activity log, newest first"
        columns={COLUMNS}
        rows={log.items}
        rowKey={(entry) => entry.id}
        look="compact"
        scrollLabel="Activity log"
        empty={`No activity ${filtered ? "matches these filters" : "yet"}.`}
      />
      <ListPager
        page={log.page}
        pageCount={log.pageCount}
        hrefOf={pageHref}
        label="Pages of the activity log"
        previousLabel="Newer"
        nextLabel="Older"
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
