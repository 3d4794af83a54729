import { Link } from "react-router";
import { BookingStatsPanel } from "~/components/admin/bookings/booking-stats-panel";
import { BreachClockNotice } from "~/components/admin/breaches/breach-clock";
import {
  DASHBOARD_STATUSES,
  EnquiriesPerWeekChart,
  shortDay,
  VisitsPerDayChart,
} from "~/components/admin/charts";
import { DashboardStatTiles } from "~/components/admin/dashboard-stat-tiles";
import { LaunchChecklistPanel, TestMailForm } from "~/components/admin/launch-checklist";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { OverdueRequestsNotice } from "~/components/admin/privacy/overdue-requests-notice";
import { PausedWebhooksNotice } from "~/components/admin/webhooks/paused-webhooks";
import { countOf } from "~/lib/format";
import { getBookingStats } from "~/modules/bookings/booking-stats.server";
import { openBreachClocks } from "~/modules/breaches/breaches.server";
import {
  DASHBOARD_DAYS,
  DASHBOARD_WEEKS,
  waitingTime,
} from "~/modules/dashboard/dashboard.constants";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { getLaunchChecklist } from "~/modules/launch/launch-checklist.server";
import { overduePrivacyRequests } from "~/modules/privacy-requests/privacy-requests.server";
import { pausedEndpoints } from "~/modules/webhooks/webhook-admin.server";
import { requireStaff } from "~/web/guards.server";
import { launchChecklistAction, mailSetupOf } from "~/web/launch-action.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db, config } = runtimeFrom(context);
  const [dashboard, launch, bookingStats, pausedWebhooks, overdueRequests, breachClocks] =
    await Promise.all([
      getDashboard(db),
      getLaunchChecklist(db, mailSetupOf(config)),
      getBookingStats(db),
      pausedEndpoints(db),
      overduePrivacyRequests(db),
      // Issue 27: open breaches and their 72-hour clock to the Board's report (decision 0063).
      openBreachClocks(db),
    ]);
  const staff = { name: user.name, role: user.role };
  return {
    dashboard,
    launch,
    bookingStats,
    pausedWebhooks,
    overdueRequests,
    breachClocks,
    user: staff,
  };
}

/** The launch checklist's buttons: dismiss an item, send a test mail (admins only). */
export const action = (args: Route.ActionArgs) => launchChecklistAction(args);

export default function DashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { dashboard, user, launch } = loaderData;
  const { counts, enquiries, outbox, analytics } = dashboard;
  const quickActions = [
    { label: "View enquiries", to: "/admin/enquiries" },
    { label: "Funnel by source and campaign", to: "/admin/funnel" },
    { label: "Edit services", to: "/admin/services" },
    { label: "Edit page content", to: "/admin/content" },
    { label: "Add a job posting", to: "/admin/careers?new=1" },
    ...(user.role === "admin"
      ? [
          { label: "Manage users", to: "/admin/users" },
          { label: "Site settings", to: "/admin/settings" },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />

      {actionData?.message ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mb-6 rounded-md px-4 py-3 text-sm ${actionData.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <LaunchChecklistPanel checklist={launch} canChange={user.role === "admin"} />
      <BreachClockNotice clocks={loaderData.breachClocks} />
      <PausedWebhooksNotice endpoints={loaderData.pausedWebhooks} />
      <OverdueRequestsNotice overdue={loaderData.overdueRequests} />

      <DashboardStatTiles counts={counts} />

      <div className="mt-6 grid items-start gap-6 xl:grid-cols-3">
        <Panel title="Enquiries per week" className="xl:col-span-2">
          <p className="mb-3 text-sm text-slate-700">
            The last {DASHBOARD_WEEKS} weeks, by current status.
          </p>
          <EnquiriesPerWeekChart weeks={dashboard.enquiriesPerWeek} />
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-blue-800">
              Show the figures as a table
            </summary>
            <section
              aria-label="Enquiries per week, table"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
              tabIndex={0}
              className="mt-2 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <table className="w-full text-left">
                <caption className="sr-only">Enquiries per week by status</caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-1 pr-3">
                      Week of
                    </th>
                    {DASHBOARD_STATUSES.map((status) => (
                      <th key={status.key} scope="col" className="py-1 pr-3">
                        {status.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {dashboard.enquiriesPerWeek.map((week) => (
                    <tr key={week.weekStart} className="border-b border-slate-100">
                      <th scope="row" className="py-1 pr-3 font-normal">
                        {shortDay(week.weekStart)}
                      </th>
                      {DASHBOARD_STATUSES.map((status) => (
                        <td key={status.key} className="py-1 pr-3">
                          {week[status.key]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </details>
        </Panel>

        <div className="space-y-6">
          <Panel title="Enquiries by status">
            <dl className="grid grid-cols-2 gap-3">
              {DASHBOARD_STATUSES.map((status) => (
                <div key={status.key} className="rounded-lg bg-slate-50 p-3">
                  <dt className="flex items-center gap-2 text-sm text-slate-700">
                    <span
                      aria-hidden="true"
                      className="inline-block h-2.5 w-2.5 rounded-full"
                      style={{ backgroundColor: status.color }}
                    />
                    {status.label}
                  </dt>
                  <dd className="text-2xl font-bold text-slate-900">{enquiries[status.key]}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-slate-700">
              {countOf(enquiries.total, "enquiry", "enquiries")} in all.
            </p>
          </Panel>

          <Panel
            title="E-mail delivery"
            actions={user.role === "admin" ? <TestMailForm /> : undefined}
          >
            {outbox.queued === 0 && outbox.failed === 0 ? (
              <p className="text-sm text-green-800">All e-mails have been sent.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                <li className={outbox.queued ? "text-amber-900" : "text-slate-700"}>
                  <strong data-stat="Mails queued">{outbox.queued}</strong> queued (waiting to be
                  sent or retried)
                  {outbox.oldestWaitingMs !== null && outbox.oldestQueuedAt ? (
                    <>
                      {", the oldest for "}
                      <time dateTime={outbox.oldestQueuedAt}>
                        {waitingTime(outbox.oldestWaitingMs)}
                      </time>
                    </>
                  ) : null}
                </li>
                <li className={outbox.retrying ? "text-amber-900" : "text-slate-700"}>
                  <strong data-stat="Mails retrying">{outbox.retrying}</strong> retrying (the last
                  attempt failed)
                </li>
                <li className={outbox.failed ? "font-semibold text-red-800" : "text-slate-700"}>
                  <strong data-stat="Mails failed">{outbox.failed}</strong> failed (gave up after
                  retries)
                </li>
              </ul>
            )}
          </Panel>

          <Panel title="Quick actions">
            <ul className="grid gap-2">
              {quickActions.map((action) => (
                <li key={action.to}>
                  <Link
                    to={action.to}
                    className="block rounded-md border border-slate-200 px-3 py-2 text-sm font-medium text-blue-800 hover:bg-blue-50"
                  >
                    {action.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      </div>

      <div className="mt-6 grid items-start gap-6 xl:grid-cols-3">
        <Panel title="Visits per day" className="xl:col-span-2">
          {analytics.enabled ? (
            <p className="mb-3 text-sm text-slate-700">
              {countOf(analytics.totalViews, "page view", "page views")} in the last{" "}
              {DASHBOARD_DAYS} days. Counted without cookies or personal data.
            </p>
          ) : (
            <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Analytics are switched off in Settings: no visits are being counted.
            </p>
          )}
          <VisitsPerDayChart days={analytics.viewsPerDay} />
        </Panel>
        <div className="space-y-6">
          <Panel title="Top pages">
            {analytics.topPages.length === 0 ? (
              <p className="text-sm text-slate-700">No page views counted yet.</p>
            ) : (
              <ol className="space-y-1 text-sm">
                {analytics.topPages.map((page) => (
                  <li key={page.path} className="flex justify-between gap-3">
                    <span className="truncate font-mono text-slate-800">{page.path}</span>
                    <span className="font-semibold text-slate-900">{page.views}</span>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
          <Panel title="Referring sites">
            {analytics.topReferrers.length === 0 ? (
              <p className="text-sm text-slate-700">No visits from other sites counted yet.</p>
            ) : (
              <ol className="space-y-1 text-sm">
                {analytics.topReferrers.map((referrer) => (
                  <li key={referrer.host} className="flex justify-between gap-3">
                    <span className="truncate text-slate-800">{referrer.host}</span>
                    <span className="font-semibold text-slate-900">{referrer.views}</span>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        </div>
      </div>

      <BookingStatsPanel stats={loaderData.bookingStats} />

      <Panel
        title="Recent activity"
        className="mt-6"
        actions={
          <Link to="/admin/activity" className="text-sm font-medium text-blue-800 underline">
            All activity
          </Link>
        }
      >
        {dashboard.recentActivity.length === 0 ? (
          <p className="text-sm text-slate-700">Nothing has been changed yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {dashboard.recentActivity.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                <span className="text-slate-800">{entry.summary}</span>
                <span className="text-slate-600">
                  {entry.actorName} ·{" "}
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
