import type { PickerDay } from "~/modules/bookings/slot-listing";
import { WEEKDAY_LABELS } from "~/modules/bookings/weekdays";
import { countOfTimes, gridWeeks } from "./day-grid-model";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/**
 * The day grid's table (the WAI-ARIA grid pattern on a table of days): whole weeks around the
 * span's days, each day a cell with its count of free times for a screen reader, the viewed day
 * selected and the tab stop. Markup only: the island (day-grid-island.ts) moves the tab stop
 * and the selection, and the cells' look follows `aria-selected` and `aria-disabled` (app.css).
 */
export function DayGridTable({
  days,
  viewed,
  captionId,
  hintId,
}: {
  days: PickerDay[];
  /** The day whose times are shown (and the grid's one tab stop). */
  viewed: string;
  captionId: string;
  hintId: string;
}) {
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  if (!first || !last) return null;
  const byDate = new Map(days.map((day) => [day.date, day]));
  return (
    <table
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table of days
      role="grid"
      aria-labelledby={captionId}
      aria-describedby={hintId}
      className="mt-1 w-full table-fixed border-separate border-spacing-1"
    >
      <thead>
        <tr>
          {WEEKDAYS.map((weekday, index) => (
            <th
              key={weekday}
              scope="col"
              abbr={WEEKDAY_LABELS[index]}
              className="pb-1 text-center text-xs font-semibold text-stone-600"
            >
              {weekday}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {gridWeeks(first, last).map((week) => (
          <tr key={week[0]}>
            {week.map((date) => {
              const day = byDate.get(date);
              if (!day) return <td key={date} />;
              const count = day.slots.length;
              const [, dayOfMonth = "", month = ""] = day.label.split(" ");
              const showMonth = date === first || dayOfMonth === "1";
              // A <td> of a table with role=grid is a gridcell already (html-aria), and
              // gridcells take aria-selected: an explicit role="gridcell" is redundant, which
              // HTML checkers report.
              return (
                // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a gridcell by its table's role (Biome takes a <td> for a plain cell)
                <td
                  key={date}
                  data-date={date}
                  tabIndex={date === viewed ? 0 : -1}
                  aria-selected={date === viewed}
                  aria-disabled={count === 0 ? true : undefined}
                  className="day-cell"
                >
                  {showMonth ? (
                    <span aria-hidden="true" className="block text-[0.65rem] uppercase">
                      {month}
                    </span>
                  ) : null}
                  <span aria-hidden="true">{dayOfMonth}</span>
                  <span className="sr-only">
                    {day.longLabel}, {count === 0 ? "no free times" : `${countOfTimes(count)} free`}
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
