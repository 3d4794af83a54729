import { Link } from "react-router";
import { type PickerPages, WEEK_DAYS } from "~/modules/bookings/picker-span";
import type { PickerDay } from "~/modules/bookings/slot-listing";
import { addDays } from "./day-grid-model";
import { focusRing, pagerLinkClass, SlotRadios, useSpanHref } from "./slot-picker-parts";

/**
 * Without JavaScript: a week of days (the first WEEK_DAYS of the span the loader sent), radios
 * under each day's legend, links to the weeks before and after.
 */
export function DayList({
  days,
  pages,
  name,
  selected,
}: {
  days: PickerDay[];
  pages: PickerPages;
  name: string;
  selected?: string;
}) {
  const spanHref = useSpanHref();
  const bookable = days.filter((day) => day.slots.length > 0);
  const start = bookable[0]?.date;
  if (!start) return null;
  const selectedDay = days.find((day) => day.slots.some((slot) => slot.startsAt === selected));
  const end = addDays(start, WEEK_DAYS - 1);
  const shown = bookable.filter((day) => day.date <= end);
  const hrefFrom = (from: string) => spanHref(from, "#choose-time");
  const earlier = pages.earlierWeek;
  // The next week with times: in this span, or the span after it.
  const later = bookable.find((day) => day.date > end)?.date ?? pages.later;
  const weekLinks = (
    <>
      {earlier ? (
        <Link to={hrefFrom(earlier)} className={`${pagerLinkClass} ${focusRing}`}>
          <span aria-hidden="true">← </span>Earlier times
        </Link>
      ) : (
        <span />
      )}
      {later ? (
        <Link to={hrefFrom(later)} className={`${pagerLinkClass} ${focusRing}`}>
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
          <SlotRadios slots={day.slots} name={name} selected={selected} />
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
