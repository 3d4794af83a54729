import { Link } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import { formatIndiaDate } from "~/lib/india-format";
import type { StaffWeek } from "~/modules/bookings/staff-bookings.server";
import { WEEKDAY_LABELS } from "~/modules/bookings/weekdays";
import { BookingStatusBadge, bookingHref } from "./booking-parts";

/*
 * One IST week, Monday to Sunday, a column a day; each booking sits at its IST time on a strip
 * from the day's first hour shown to its last (08:00 to 20:00, widened to fit any booking
 * outside it). In the document each day is a list in time order, so a screen reader hears the
 * bookings in order without the picture.
 */

const HOUR = 60;
/** Tall enough for a booking's name, time and status at a 30-minute slot. */
const PIXELS_PER_HOUR = 64;

function hoursShown(week: StaffWeek) {
  const minutes = week.days.flatMap((day) => day.bookings.map((b) => b.startMinute));
  const first = Math.min(8 * HOUR, ...minutes.map((m) => Math.floor(m / HOUR) * HOUR));
  const last = Math.max(20 * HOUR, ...minutes.map((m) => Math.ceil((m + 30) / HOUR) * HOUR));
  return { first, last };
}

/**
 * Side by side when meetings of one day overlap (two consultants at one time): each booking's
 * lane is how many earlier ones are still running when it starts.
 */
function lanesOf(starts: number[]) {
  const lanes = starts.map(
    (start, index) => starts.slice(0, index).filter((earlier) => earlier + 30 > start).length,
  );
  return { lanes, count: Math.max(1, ...lanes.map((lane) => lane + 1)) };
}

export function BookingWeek({
  week,
  hrefOfWeek,
  here,
}: {
  week: StaffWeek;
  hrefOfWeek: (monday: string) => string;
  here: string;
}) {
  const { first, last } = hoursShown(week);
  const height = ((last - first) / HOUR) * PIXELS_PER_HOUR;
  const sunday = week.days[6]?.date ?? week.monday;
  const total = week.days.reduce((sum, day) => sum + day.bookings.length, 0);
  return (
    <section aria-labelledby="week-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="week-title" className="text-lg font-semibold text-slate-900">
          Week of {formatIndiaDate(week.monday)} to {formatIndiaDate(sunday)} (IST)
        </h2>
        <nav aria-label="Weeks" className="flex gap-2">
          <Link to={hrefOfWeek(week.previous)} className={buttonClasses.secondary}>
            Previous week
          </Link>
          <Link to={hrefOfWeek(week.next)} className={buttonClasses.secondary}>
            Next week
          </Link>
        </nav>
      </div>
      {total === 0 ? (
        <Panel className="mb-4">
          <p className="text-slate-700">
            No bookings this week. Visitors' bookings will appear here at their time in IST.
          </p>
        </Panel>
      ) : null}
      <section
        aria-label="Week"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a week wider than the screen scrolls sideways and must be reachable by keyboard
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <div className="grid min-w-[56rem] grid-cols-7 divide-x divide-slate-200">
          {week.days.map((day, index) => {
            const { lanes, count } = lanesOf(day.bookings.map((b) => b.startMinute));
            return (
              <div key={day.date} data-date={day.date}>
                <h3 className="border-b border-slate-200 bg-slate-50 px-2 py-2 text-sm font-semibold text-slate-900">
                  {WEEKDAY_LABELS[index]}
                  <span className="block font-normal text-slate-700">
                    {formatIndiaDate(day.date)}
                  </span>
                </h3>
                <ol className="relative" style={{ height }}>
                  {day.bookings.map((booking, position) => (
                    <li
                      key={booking.id}
                      className="absolute overflow-hidden rounded-md border border-blue-200 bg-blue-50 p-1 text-xs"
                      style={{
                        top: ((booking.startMinute - first) / HOUR) * PIXELS_PER_HOUR,
                        minHeight: PIXELS_PER_HOUR / 2,
                        left: `${((lanes[position] ?? 0) * 100) / count}%`,
                        width: `${100 / count}%`,
                      }}
                    >
                      <Link
                        to={bookingHref(booking.id, here)}
                        className="font-semibold text-blue-800 underline"
                      >
                        {booking.time} {booking.visitorName}
                      </Link>
                      <span className="block truncate text-slate-700">
                        {booking.consultantName}
                      </span>
                      <BookingStatusBadge status={booking.status} />
                    </li>
                  ))}
                </ol>
              </div>
            );
          })}
        </div>
      </section>
    </section>
  );
}
