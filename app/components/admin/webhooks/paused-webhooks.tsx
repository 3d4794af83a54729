import { Link } from "react-router";
import { formatDateTime } from "~/components/admin/page";

/** The dashboard's notice of webhook endpoints paused for failing (none: nothing shown). */
export function PausedWebhooksNotice({
  endpoints,
}: {
  endpoints: { id: string; url: string; pausedAt: string }[];
}) {
  if (endpoints.length === 0) return null;
  return (
    <section
      aria-labelledby="paused-webhooks"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="paused-webhooks" className="font-semibold">
        {endpoints.length === 1
          ? "A webhook endpoint is paused"
          : `${endpoints.length} webhook endpoints are paused`}
      </h2>
      <p className="mt-1 text-sm">
        Every delivery to it failed for a day, so nothing more is sent until it is resumed. Its
        events wait.
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id}>
            <Link to={`/admin/webhooks/${endpoint.id}`} className="break-all font-medium underline">
              {endpoint.url}
            </Link>{" "}
            (paused {formatDateTime(endpoint.pausedAt)})
          </li>
        ))}
      </ul>
    </section>
  );
}
