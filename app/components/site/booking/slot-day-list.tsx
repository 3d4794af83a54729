import { Link, useSearchParams } from "react-router";
import type { PickerDay } from "~/modules/bookings/slot-listing";
import {
  addDays,
  dateOfNumber,
  dayNumber,
  focusRing,
  SlotRadio,
  slotListClass,
} from "./slot-picker-parts";

const DAYS_PER_PAGE = 7;

/** Without JavaScript: a week of days, radios under each day's legend, links to other weeks. */
export function DayList({
  days,
  name,
  selected,
}: {
  days: PickerDay[];
  name: string;
  selected?: string;
}) {
  const [searchParams] = useSearchParams();
  const bookable = days.filter((day) => day.slots.length > 0);
  const first = bookable[0]?.date;
  const last = bookable.at(-1)?.date;
  if (!first || !last) return null;
  const selectedDay = days.find((day) => day.slots.some((slot) => slot.startsAt === selected));
  const asked = searchParams.get("from") ?? "";
  const start =
    /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= first && asked <= last
      ? asked
      : (selectedDay?.date ?? first);
  const end = addDays(start, DAYS_PER_PAGE - 1);
  const shown = bookable.filter((day) => day.date >= start && day.date <= end);
  const hrefFrom = (from: string) => {
    const params = new URLSearchParams(searchParams);
    params.set("from", from);
    return `?${params.toString()}#choose-time`;
  };
  const back = addDays(start, -DAYS_PER_PAGE);
  const earlier = start > first ? dateOfNumber(Math.max(dayNumber(back), dayNumber(first))) : null;
  const later = end < last ? addDays(end, 1) : null;
  const weekLinks = (
    <>
      {earlier ? (
        <Link to={hrefFrom(earlier)} className={`${linkClass} ${focusRing}`}>
          <span aria-hidden="true">← </span>Earlier times
        </Link>
      ) : (
        <span />
      )}
      {later ? (
        <Link to={hrefFrom(later)} className={`${linkClass} ${focusRing}`}>
          Later times<span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </>
  );
  const pagerClass = "flex flex-wrap justify-between gap-3";
  return (
    <div className="mt-4 space-y-6">
      <nav aria-label="Weeks" className={pagerClass}>
        {weekLinks}
      </nav>
      {shown.map((day) => (
        <fieldset key={day.date} className="min-w-0">
          <legend className="font-semibold text-navy-950">{day.longLabel}</legend>
          <div className={slotListClass}>
            {day.slots.map((slot) => (
              <SlotRadio
                key={slot.startsAt}
                slot={slot}
                name={name}
                defaultChecked={slot.startsAt === selected}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {selectedDay && !shown.includes(selectedDay) ? (
        // A chosen time on another week still goes with the post.
        <input type="hidden" name={name} value={selected} />
      ) : null}
      {/* The same links below the list; the landmark is the one above. */}
      <div className={pagerClass}>{weekLinks}</div>
    </div>
  );
}

const linkClass =
  "inline-flex min-h-11 items-center font-semibold text-navy-700 underline decoration-marigold-400 decoration-2 underline-offset-4 hover:text-navy-950";
