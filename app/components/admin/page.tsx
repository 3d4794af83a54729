import { useId } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** The document head of an admin page: its title, and no indexing by search engines. */
export const adminMeta = (title: string) => [
  { title: `${title} · Staff admin` },
  { name: "robots", content: "noindex, nofollow" },
];

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A white panel with an optional heading. */
export function Panel({
  title,
  children,
  className = "",
  headingLevel = 2,
  actions,
}: {
  title?: string;
  children: React.ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
  actions?: React.ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = useId();
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}
    >
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title ? (
            <Heading id={headingId} className="text-lg font-semibold text-slate-900">
              {title}
            </Heading>
          ) : null}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/**
 * Dates as staff in India read them, in IST: "23 Nov 2026, 3:45 pm IST" and "23 Nov 2026". One
 * implementation for the admin and the e-mails (app/lib/india-format.ts); the admin views import
 * these names.
 */
export {
  formatIndiaDate as formatDate,
  formatIndiaDateTime as formatDateTime,
} from "~/lib/india-format";

/**
 * Shown inside the admin layout when a page cannot be shown: no permission (403), a record that
 * does not exist (404), or an unexpected failure (never with details).
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 403
      ? "You do not have permission to see this page"
      : status === 404
        ? "Page Not Found"
        : "Something went wrong";
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{`${title} · Staff admin`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">
        {status === 403
          ? "This part of the admin is for admins only."
          : status === 404
            ? "The page or record you asked for does not exist."
            : "Please try again in a moment."}
      </p>
      <Link to="/admin/dashboard" className="mt-6 inline-block font-medium text-blue-800 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
