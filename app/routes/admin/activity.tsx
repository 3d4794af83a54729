import { Form, Link } from "react-router";
import { buttonClasses, SelectField, TextField } from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Pager,
  Panel,
} from "~/components/admin/page";
import { listAudit } from "~/modules/audit/audit.server";
import { activityFilterOptions } from "~/modules/dashboard/activity.server";
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
  sign_out: "Signed out",
  note: "Note added",
  restore: "Restored",
  erase: "Erased",
};
const labelOf = (labels: Record<string, string>, key: string) =>
  labels[key] ?? key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

const PAGE_SIZE = 50;

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
  const [log, options] = await Promise.all([
    listAudit(db, { ...filters, page, pageSize: PAGE_SIZE }),
    activityFilterOptions(db),
  ]);
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
      <Panel className="mb-6">
        <Form method="get" className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <SelectField
            label="Area"
            name="type"
            defaultValue={filters.entityType ?? ""}
            options={[
              { value: "", label: "All areas" },
              ...options.entityTypes.map((value) => ({
                value,
                label: labelOf(TYPE_LABELS, value),
              })),
            ]}
          />
          <SelectField
            label="Who"
            name="who"
            defaultValue={filters.actorId ?? ""}
            options={[
              { value: "", label: "Everyone" },
              ...options.actors.map((actor) => ({ value: actor.id, label: actor.name })),
            ]}
          />
          <SelectField
            label="Action"
            name="action"
            defaultValue={filters.action ?? ""}
            options={[
              { value: "", label: "All actions" },
              ...options.actions.map((value) => ({ value, label: labelOf(ACTION_LABELS, value) })),
            ]}
          />
          <TextField
            label="Search"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={filters.q ?? ""}
            placeholder="Text, name or record id"
          />
          <div className="flex gap-2">
            <button type="submit" className={buttonClasses.primary}>
              Filter
            </button>
            {filtered ? (
              <Link to="/admin/activity" className={buttonClasses.secondary}>
                Clear
              </Link>
            ) : null}
          </div>
        </Form>
      </Panel>

      <p className="mb-3 text-sm text-slate-700" aria-live="polite">
        {log.total} {log.total === 1 ? "entry" : "entries"}
        {filtered ? " match the filters" : ""}.
      </p>
      {log.items.length === 0 ? (
        <Panel>
          <p className="text-slate-700">
            No activity {filtered ? "matches these filters" : "yet"}.
          </p>
        </Panel>
      ) : (
        <section
          aria-label="Activity log"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Activity log, newest first</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  When
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Who
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  What
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Record
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.items.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </td>
                  <td className="px-4 py-2 text-slate-900">{entry.actorName}</td>
                  <td className="px-4 py-2 text-slate-900">
                    <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                      {labelOf(ACTION_LABELS, entry.action)}
                    </span>
                    {entry.summary}
                  </td>
                  <td className="px-4 py-2 text-slate-700">
                    {labelOf(TYPE_LABELS, entry.entityType)}
                    {entry.entityId ? (
                      <span className="block font-mono text-xs break-all text-slate-600">
                        {entry.entityId}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <Pager
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
