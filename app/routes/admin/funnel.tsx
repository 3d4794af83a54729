import { Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { FunnelChart, monthLabel } from "~/components/admin/funnel-chart";
import { ChoiceFilter, ListFilters } from "~/components/admin/list/list-filters";
import { AdminErrorBoundary, adminMeta, PageHeader, Panel } from "~/components/admin/page";
import { funnelReport } from "~/modules/funnel/funnel.server";
import { FUNNEL_STEPS, funnelSearch, parseFunnelQuery } from "~/modules/funnel/funnel-query";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/funnel";

export const meta: Route.MetaFunction = () => adminMeta("Funnel");

/* Issue 26: visits, leads, consultations booked and held, qualified and closed, per month. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const query = parseFunnelQuery(new URL(request.url).searchParams);
  return { query, report: await funnelReport(runtimeFrom(context).db, query) };
}

const cell = "py-1 pr-3 text-right tabular-nums";

function FigureTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { id: string; name: string; visits?: number; figures: number[] }[];
}) {
  const withVisits = rows.some((row) => row.visits !== undefined);
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 pr-3">
              {first}
            </th>
            {withVisits ? (
              <th scope="col" className={cell}>
                Visits
              </th>
            ) : null}
            {FUNNEL_STEPS.map((step) => (
              <th key={step.key} scope="col" className={cell}>
                {step.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 font-medium">
                {row.name}
              </th>
              {withVisits ? <td className={cell}>{row.visits}</td> : null}
              {row.figures.map((figure, index) => (
                <td key={FUNNEL_STEPS[index]?.key} className={cell}>
                  {figure}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function Funnel({ loaderData }: Route.ComponentProps) {
  const { query, report } = loaderData;
  const by = query.by === "source" ? "source" : "campaign";
  const months = [...report.months].reverse();
  return (
    <>
      <p className="mb-4">
        <Link to="/admin/dashboard" className="text-sm font-medium text-blue-800 underline">
          ← Back to the dashboard
        </Link>
      </p>
      <PageHeader
        title="Funnel"
        description={`Per month (India time), by the ${by} of each record's ${query.touch} visit. Qualified and closed count the month's leads by their status today.`}
        actions={
          <a
            href={`/admin/funnel/export.csv${funnelSearch(query)}`}
            className={buttonClasses.secondary}
            download
          >
            Export CSV
          </a>
        }
      />
      <ListFilters
        label="Funnel view"
        className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
        reset={{ to: "/admin/funnel", label: "Reset" }}
      >
        <ChoiceFilter
          id="funnel-by"
          label="Split by"
          name="by"
          value={query.by}
          options={[
            { value: "source", label: "Source" },
            { value: "campaign", label: "Campaign" },
          ]}
        />
        <ChoiceFilter
          id="funnel-touch"
          label="Visit"
          name="touch"
          value={query.touch}
          options={[
            { value: "first", label: "First visit" },
            { value: "latest", label: "Latest visit" },
          ]}
        />
        <ChoiceFilter
          id="funnel-months"
          label="Months"
          name="months"
          value={String(query.months)}
          options={[3, 6, 12, 24].map((n) => ({ value: String(n), label: `Last ${n} months` }))}
        />
      </ListFilters>
      <div className="space-y-6">
        <Panel title="Per month">
          <p className="mb-3 text-sm text-slate-700">
            Visits are the site's cookieless page-view counts: they keep a count per page and day
            and nothing about where a visitor came from, so they cannot be split by source or
            campaign and are shown only as each month's total.
          </p>
          <FunnelChart months={report.months} />
          <div className="mt-4">
            <FigureTable
              caption="The funnel per month, all sources"
              first="Month"
              rows={months.map((month) => ({
                id: month.month,
                name: monthLabel(month.month),
                visits: month.visits,
                figures: FUNNEL_STEPS.map((step) => month[step.key]),
              }))}
            />
          </div>
        </Panel>
        <Panel title={`Per month and ${by}`}>
          {report.rows.length === 0 ? (
            <p className="text-sm text-slate-700">No leads or bookings in these months.</p>
          ) : (
            <FigureTable
              caption={`The funnel per month and ${by}`}
              first={`Month and ${by}`}
              rows={report.rows.map((row) => ({
                id: `${row.month}-${row.key}`,
                name: `${monthLabel(row.month)} · ${row.key}`,
                figures: FUNNEL_STEPS.map((step) => row[step.key]),
              }))}
            />
          )}
        </Panel>
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
