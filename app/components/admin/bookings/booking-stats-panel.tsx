import { Link } from "react-router";
import { shortDay } from "~/components/admin/charts";
import { Panel } from "~/components/admin/page";
import { countOf } from "~/lib/format";
import {
  attendanceRates,
  BOOKING_STATS_WEEKS,
  type BookingStats,
} from "~/modules/bookings/booking-stats";

/*
 * Consultations on the dashboard (issue 25): meetings per week with a bar beside each figure,
 * held and no-show rates of the meetings staff marked, and each consultant's meetings. The
 * figures are tables; the bars only repeat the numbers beside them (hidden from screen readers),
 * so nothing is shown only as a picture.
 */

const cell = "py-1 pr-3";

export function BookingStatsPanel({ stats }: { stats: BookingStats }) {
  const rates = attendanceRates(stats.past);
  const most = Math.max(1, ...stats.weeks.map((week) => week.meetings));
  return (
    <Panel
      title="Consultations"
      className="mt-6"
      actions={
        <Link to="/admin/bookings" className="text-sm font-medium text-blue-800 underline">
          All bookings
        </Link>
      }
    >
      <div className="grid gap-6 xl:grid-cols-3">
        <section aria-labelledby="bookings-per-week" className="min-w-0 xl:col-span-2">
          <h3 id="bookings-per-week" className="mb-2 text-sm font-semibold text-slate-900">
            Meetings per week (last {BOOKING_STATS_WEEKS} weeks, IST)
          </h3>
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
            tabIndex={0}
            className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Meetings per week, by what became of them</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className={cell}>
                    Week of
                  </th>
                  <th scope="col" className={cell}>
                    Meetings
                  </th>
                  <th scope="col" className={cell}>
                    Held
                  </th>
                  <th scope="col" className={cell}>
                    No-show
                  </th>
                  <th scope="col" className={cell}>
                    Cancelled
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.weeks.map((week) => (
                  <tr key={week.weekStart} className="border-b border-slate-100">
                    <th scope="row" className={`${cell} font-normal`}>
                      {shortDay(week.weekStart)}
                    </th>
                    <td className={cell}>
                      <span className="flex items-center gap-2">
                        <span className="w-6 text-right tabular-nums">{week.meetings}</span>
                        <span
                          aria-hidden="true"
                          className="inline-block h-2.5 rounded-sm bg-blue-700"
                          style={{ width: `${(week.meetings / most) * 8}rem` }}
                        />
                      </span>
                    </td>
                    <td className={cell}>{week.held}</td>
                    <td className={cell}>{week.noShow}</td>
                    <td className={cell}>{week.cancelled}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <div className="space-y-6">
          <section aria-labelledby="attendance">
            <h3 id="attendance" className="mb-2 text-sm font-semibold text-slate-900">
              Attendance
            </h3>
            {rates ? (
              <dl className="grid grid-cols-2 gap-3">
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-sm text-slate-700">Held</dt>
                  <dd className="text-2xl font-bold text-slate-900" data-stat="Held rate">
                    {rates.held}%
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-sm text-slate-700">No-show</dt>
                  <dd className="text-2xl font-bold text-slate-900" data-stat="No-show rate">
                    {rates.noShow}%
                  </dd>
                </div>
              </dl>
            ) : null}
            <p className="mt-2 text-sm text-slate-700">
              {rates
                ? `Of ${countOf(rates.marked, "meeting", "meetings")} marked held or no-show.`
                : "No meeting has been marked held or no-show yet."}
              {stats.past.unmarked > 0
                ? ` ${countOf(stats.past.unmarked, "past meeting is", "past meetings are")} still to be marked.`
                : ""}
            </p>
          </section>

          <LoadTable
            id="by-meeting-type"
            heading="By meeting type"
            column="Meeting type"
            rows={stats.meetingTypes.map((load) => ({ key: load.meetingTypeId, ...load }))}
          />
          <section aria-labelledby="by-consultant">
            <h3 id="by-consultant" className="mb-2 text-sm font-semibold text-slate-900">
              By consultant
            </h3>
            {stats.consultants.length === 0 ? (
              <p className="text-sm text-slate-700">No meetings in these weeks.</p>
            ) : (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">
                  Meetings by consultant, last {BOOKING_STATS_WEEKS} weeks
                </caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className={cell}>
                      Consultant
                    </th>
                    <th scope="col" className={cell}>
                      Meetings
                    </th>
                    <th scope="col" className={cell}>
                      Held
                    </th>
                    <th scope="col" className={cell}>
                      No-show
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stats.consultants.map((load) => (
                    <tr key={load.consultantId} className="border-b border-slate-100">
                      <th scope="row" className={`${cell} font-normal`}>
                        {load.name}
                      </th>
                      <td className={cell}>{load.meetings}</td>
                      <td className={cell}>{load.held}</td>
                      <td className={cell}>{load.noShow}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      </div>
    </Panel>
  );
}

/** Meetings, held and no-shows per row (a meeting type), in a table. */
function LoadTable({
  id,
  heading,
  column,
  rows,
}: {
  id: string;
  heading: string;
  column: string;
  rows: Array<{ key: string; name: string; meetings: number; held: number; noShow: number }>;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold text-slate-900">
        {heading}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">No meetings in these weeks.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Meetings by {column.toLowerCase()}, last {BOOKING_STATS_WEEKS} weeks
          </caption>
          <thead>
            <tr className="border-b border-slate-200">
              {[column, "Meetings", "Held", "No-show"].map((label) => (
                <th key={label} scope="col" className={cell}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100">
                <th scope="row" className={`${cell} font-normal`}>
                  {row.name}
                </th>
                <td className={cell}>{row.meetings}</td>
                <td className={cell}>{row.held}</td>
                <td className={cell}>{row.noShow}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
