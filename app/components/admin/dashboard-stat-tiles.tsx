import { Link } from "react-router";
import { countOf } from "~/lib/format";
import { DASHBOARD_DAYS } from "~/modules/dashboard/dashboard.constants";
import type { Dashboard } from "~/modules/dashboard/dashboard.server";

/** The dashboard's counters, each a link to the list it counts. */
export function DashboardStatTiles({ counts }: { counts: Dashboard["counts"] }) {
  const stats = [
    { label: "Services", value: counts.services, to: "/admin/services" },
    { label: "New Enquiries", value: counts.newEnquiries, to: "/admin/enquiries?status=new" },
    { label: "Content Pages", value: counts.contentPages, to: "/admin/content" },
    { label: "Career Openings", value: counts.activeCareers, to: "/admin/careers" },
    {
      label: "New Applications",
      value: counts.newApplications,
      to: "/admin/applications?status=new",
      note: `${countOf(counts.newApplications, "application", "applications")} to review`,
    },
    {
      label: "New Subscribers",
      value: counts.newSubscribers,
      to: "/admin/subscribers",
      note: `last ${DASHBOARD_DAYS} days`,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 2xl:grid-cols-6">
      {stats.map((stat) => (
        <li key={stat.label}>
          <Link
            to={stat.to}
            className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            <span className="block text-sm font-medium text-slate-700">{stat.label}</span>
            <span className="mt-1 block text-3xl font-bold text-slate-900" data-stat={stat.label}>
              {stat.value}
            </span>
            {stat.note ? <span className="text-xs text-slate-600">{stat.note}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
