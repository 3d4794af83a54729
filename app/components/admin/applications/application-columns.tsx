import { Link } from "react-router";
import { TwoLines } from "~/components/admin/list/list-parts";
import type { ListColumn } from "~/components/admin/list/list-table";
import { formatDateTime } from "~/components/admin/page";
import type { ApplicationSortField } from "~/modules/applications/application-query";
import type { Application } from "~/modules/applications/application-status";
import { ApplicationStatusBadge } from "./application-parts";

/*
 * The applications list's columns (the e-mail and location from 1280 px, where there is room)
 * and the card each application becomes on a phone.
 */

const hrefOf = (application: Application, here: string) =>
  `/admin/applications/${encodeURIComponent(application.id)}${here}`;

export function applicationColumns(here: string): ListColumn<Application, ApplicationSortField>[] {
  return [
    {
      id: "name",
      header: "Name",
      sortField: "fullName",
      className: "min-w-28 font-medium",
      cell: (application) => (
        <Link
          to={hrefOf(application, here)}
          title={application.fullName}
          className="line-clamp-2 break-words text-blue-800 underline"
        >
          {application.fullName}
        </Link>
      ),
    },
    {
      id: "position",
      header: "Position",
      sortField: "careerTitle",
      className: "min-w-36",
      cell: (application) => <TwoLines text={application.careerTitle} />,
    },
    {
      id: "email",
      header: "E-mail",
      showFrom: "xl",
      className: "min-w-40",
      cell: (application) => <TwoLines text={application.email} breakAfterAt />,
    },
    {
      id: "location",
      header: "Location",
      showFrom: "xl",
      className: "min-w-28",
      cell: (application) => <TwoLines text={application.location} />,
    },
    {
      id: "status",
      header: "Status",
      sortField: "status",
      className: "whitespace-nowrap",
      cell: (application) => <ApplicationStatusBadge status={application.status} />,
    },
    {
      id: "submitted",
      header: "Submitted",
      sortField: "submittedAt",
      cell: (application) => (
        <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
      ),
    },
  ];
}

/** One application on a phone: who, its status, the position and when it came. */
export function ApplicationCard({ application, here }: { application: Application; here: string }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <Link
          to={hrefOf(application, here)}
          className="font-semibold break-words text-blue-800 underline [overflow-wrap:anywhere]"
        >
          {application.fullName}
        </Link>
        <ApplicationStatusBadge status={application.status} />
      </div>
      <p className="mt-1 break-words text-slate-900">{application.careerTitle}</p>
      {application.location ? (
        <p className="mt-1 break-words text-slate-700">{application.location}</p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">
        <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
      </p>
    </>
  );
}
