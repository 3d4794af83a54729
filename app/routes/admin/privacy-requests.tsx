import { Link } from "react-router";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDate,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { RequestStatusBadge as StatusBadge } from "~/components/admin/privacy/request-status-badge";
import { countOf } from "~/lib/format";
import { listPrivacyRequests } from "~/modules/privacy-requests/privacy-requests.server";
import {
  REQUEST_KIND_SHORT,
  REQUEST_LIST_FILTERS,
  type RequestListFilter,
} from "~/modules/privacy-requests/request-fields";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/privacy-requests";

/*
 * Privacy requests (issue 27, decision 0062): the verified requests to see, correct or erase
 * data or name a nominee, open ones soonest due first, each with its due date (30 days from
 * verification, as the notice promises; Rules 2025 r.14(3) allows at most ninety).
 */

export const meta: Route.MetaFunction = () => adminMeta("Privacy requests");

const FILTER_LABELS: Record<RequestListFilter, string> = {
  open: "Open",
  overdue: "Overdue",
  closed: "Closed",
  all: "All",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const url = new URL(request.url);
  const asked = url.searchParams.get("show") ?? "open";
  const filter: RequestListFilter = (REQUEST_LIST_FILTERS as string[]).includes(asked)
    ? (asked as RequestListFilter)
    : "open";
  const page = Number(url.searchParams.get("page") ?? "1");
  const requests = await listPrivacyRequests(runtimeFrom(context).db, {
    filter,
    page: Number.isSafeInteger(page) ? page : 1,
  });
  return { filter, requests };
}

export default function PrivacyRequests({ loaderData }: Route.ComponentProps) {
  const { filter, requests } = loaderData;
  const link = (changes: { show?: string; page?: number }) =>
    `?${new URLSearchParams({ show: changes.show ?? filter, page: String(changes.page ?? 1) })}`;
  return (
    <>
      <PageHeader
        title="Privacy requests"
        description="Requests to see, correct or erase data, or to name a nominee, confirmed with the code mailed to the address. Each is due 30 days after it was confirmed."
      />
      <nav aria-label="Show" className="mb-4 flex flex-wrap gap-2 text-sm">
        {REQUEST_LIST_FILTERS.map((name) => (
          <Link
            key={name}
            to={link({ show: name })}
            aria-current={name === filter ? "page" : undefined}
            className={`rounded-md border px-3 py-1.5 font-medium ${name === filter ? "border-blue-700 bg-blue-50 text-blue-900" : "border-slate-300 text-slate-800"}`}
          >
            {FILTER_LABELS[name]}
          </Link>
        ))}
      </nav>
      <Panel title={`${FILTER_LABELS[filter]} requests`}>
        <p className="mb-3 text-sm text-slate-700">
          {countOf(requests.total, "request", "requests")}
        </p>
        {requests.items.length === 0 ? (
          <p className="text-sm text-slate-700">No requests here.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Privacy requests</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-2 pr-3">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Request
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Confirmed
                  </th>
                  <th scope="col" className="py-2">
                    Due
                  </th>
                </tr>
              </thead>
              <tbody>
                {requests.items.map((row) => (
                  <tr key={row.id} className="border-b border-slate-200 align-top">
                    <td className="break-all py-2 pr-3">
                      <Link
                        className="text-blue-700 underline"
                        to={`/admin/privacy-requests/${row.id}`}
                      >
                        {row.email}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{REQUEST_KIND_SHORT[row.kind]}</td>
                    <td className="py-2 pr-3">
                      <StatusBadge request={row} />
                    </td>
                    <td className="whitespace-nowrap py-2 pr-3">{formatDate(row.verifiedAt)}</td>
                    <td className="whitespace-nowrap py-2">{formatDate(row.dueAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {requests.pageCount > 1 ? (
          <nav aria-label="Pages" className="mt-4 flex gap-3 text-sm">
            {requests.page > 1 ? (
              <Link className="text-blue-700 underline" to={link({ page: requests.page - 1 })}>
                Previous page
              </Link>
            ) : null}
            <span>
              Page {requests.page} of {requests.pageCount}
            </span>
            {requests.page < requests.pageCount ? (
              <Link className="text-blue-700 underline" to={link({ page: requests.page + 1 })}>
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Panel>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
