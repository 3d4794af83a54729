import { Link } from "react-router";
import { formatDate } from "~/components/admin/page";
import type { PrivacyRequest } from "~/modules/privacy-requests/privacy-requests.server";
import { REQUEST_KIND_SHORT } from "~/modules/privacy-requests/request-fields";

/**
 * The dashboard's notice of privacy requests past their due date (decision 0062; none: nothing
 * shown): the soonest due first, with a link to all of them.
 */
export function OverdueRequestsNotice({
  overdue,
}: {
  overdue: { count: number; items: PrivacyRequest[] };
}) {
  if (overdue.count === 0) return null;
  return (
    <section
      aria-labelledby="overdue-privacy-requests"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="overdue-privacy-requests" className="font-semibold">
        {overdue.count === 1
          ? "A privacy request is overdue"
          : `${overdue.count} privacy requests are overdue`}
      </h2>
      <p className="mt-1 text-sm">
        The person was promised an answer within 30 days of confirming the request.
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {overdue.items.map((request) => (
          <li key={request.id}>
            <Link
              to={`/admin/privacy-requests/${request.id}`}
              className="break-all font-medium underline"
            >
              {REQUEST_KIND_SHORT[request.kind]}: {request.email}
            </Link>{" "}
            (due {formatDate(request.dueAt)})
          </li>
        ))}
      </ul>
      {overdue.count > overdue.items.length ? (
        <p className="mt-2 text-sm">
          <Link to="/admin/privacy-requests?show=overdue" className="font-medium underline">
            All overdue requests
          </Link>
        </p>
      ) : null}
    </section>
  );
}
