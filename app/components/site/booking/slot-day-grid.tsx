import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { PickerPages } from "~/modules/bookings/picker-span";
import type { PickerDay, PickerSlot } from "~/modules/bookings/slot-listing";
import { WEEKDAY_LABELS } from "~/modules/bookings/weekdays";
import {
  addDays,
  countOfTimes,
  focusRing,
  pagerLinkClass,
  SlotRadio,
  slotListClass,
  useSpanHref,
  weekdayIndex,
} from "./slot-picker-parts";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/**
 * The grid shows this many weeks at least: a span (SPAN_DAYS, 21 days from any weekday) never
 * needs more, so the grid keeps its height when the times reload in the visitor's zone and the
 * span moves by a day, and from one span to the next.
 */
const GRID_WEEKS = 4;

/** A time chosen on a span of days no longer shown, as it was shown (and in which zone). */
interface Chosen extends PickerSlot {
  longLabel: string;
  timeZone: string;
}

/** Where a key moves the grid's focus from a day (ARIA grid pattern), or undefined. */
function targetOfKey(
  key: string,
  ctrl: boolean,
  date: string,
  first: string,
  last: string,
): string | undefined {
  const weekday = weekdayIndex(date);
  switch (key) {
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowDown":
      return addDays(date, 7);
    case "ArrowUp":
      return addDays(date, -7);
    case "Home":
      return ctrl ? first : addDays(date, -weekday);
    case "End":
      return ctrl ? last : addDays(date, 6 - weekday);
    case "PageDown":
      return addDays(date, 28);
    case "PageUp":
      return addDays(date, -28);
    default:
      return undefined;
  }
}

/**
 * With JavaScript: a calendar grid of a span of days, links to the spans before and after (the
 * page's data reloads in place), and the chosen day's times as radio buttons. A time chosen
 * stays chosen (and posted) while the visitor looks at another span.
 */
export function DayGrid({
  days,
  pages,
  timeZone,
  name,
  selected: initiallySelected,
}: {
  days: PickerDay[];
  pages: PickerPages;
  timeZone: string;
  name: string;
  selected?: string;
}) {
  const id = useId();
  const spanHref = useSpanHref();
  const byDate = new Map(days.map((day) => [day.date, day]));
  const firstBookable = days.find((day) => day.slots.length > 0);
  const [selected, setSelected] = useState(
    days.some((day) => day.slots.some((slot) => slot.startsAt === initiallySelected))
      ? initiallySelected
      : undefined,
  );
  const [remembered, setRemembered] = useState<Chosen>();
  const selectedDay = days.find((day) => day.slots.some((slot) => slot.startsAt === selected));
  // The choice as shown: from these days, or as it was shown on another span in this zone (a
  // choice made in another zone is let go: its words would name the wrong clock).
  const chosen: Chosen | undefined = selectedDay
    ? (() => {
        const slot = selectedDay.slots.find((s) => s.startsAt === selected);
        return slot && { ...slot, longLabel: selectedDay.longLabel, timeZone };
      })()
    : remembered?.startsAt === selected && remembered?.timeZone === timeZone
      ? remembered
      : undefined;
  const [viewedState, setViewed] = useState(selectedDay?.date ?? firstBookable?.date ?? "");
  const [focusedState, setFocused] = useState(viewedState);
  // Another span arrived (paged, or the zone changed): start from its first day with times.
  const viewed = byDate.get(viewedState)?.slots.length
    ? viewedState
    : (selectedDay?.date ?? firstBookable?.date ?? "");
  const focused = byDate.has(focusedState) ? focusedState : viewed;
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const paging = useRef(false);
  const containerRef = useRef<HTMLDivElement>(null);

  // A radio of the same name elsewhere in the form (the nearest free times) takes the choice.
  useEffect(() => {
    const form = containerRef.current?.closest("form");
    if (!form) return;
    const onChange = (event: Event) => {
      const target = event.target;
      if (
        target instanceof HTMLInputElement &&
        target.name === name &&
        target.type === "radio" &&
        !containerRef.current?.contains(target)
      ) {
        setSelected(undefined);
      }
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, [name]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const first = days[0]?.date;
  const last = days.at(-1)?.date;

  // After paging, the link pressed may be gone (no span further on): the grid takes the focus
  // then, rather than the page's start.
  useEffect(() => {
    if (!paging.current || !first) return;
    paging.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) {
      gridRef.current?.querySelector<HTMLElement>('td[tabindex="0"]')?.focus();
    }
  }, [first]);

  if (!first || !last || !firstBookable) return null;

  // Whole weeks, Monday to Sunday, around the bookable range.
  const gridStart = addDays(first, -weekdayIndex(first));
  const gridEnd = addDays(last, 6 - weekdayIndex(last));
  const weeks: string[][] = [];
  for (let date = gridStart; date <= gridEnd; date = addDays(date, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(date, index)));
  }
  // At least GRID_WEEKS rows (blank ones after the last week), so that the grid keeps its height
  // when the page reloads its times in the visitor's zone and the range moves by a day.
  while (weeks.length < GRID_WEEKS) {
    const after = addDays(weeks.at(-1)?.[0] ?? gridStart, 7);
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(after, index)));
  }

  const clamp = (date: string) => (date < first ? first : date > last ? last : date);
  const focusDay = (date: string) => {
    moveFocus.current = true;
    setFocused(clamp(date));
  };
  const choose = (date: string) => {
    if (!byDate.get(date)?.slots.length) return;
    setViewed(date);
    setFocused(date);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, date: string) => {
    const target = targetOfKey(event.key, event.ctrlKey, date, first, last);
    if (target) {
      event.preventDefault();
      focusDay(target);
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(date);
    }
  };

  const viewedDay = byDate.get(viewed);
  const captionId = `${id}-caption`;
  const hintId = `${id}-hint`;
  const timesId = `${id}-times`;
  const pageLink = (from: string | undefined, label: "Earlier times" | "Later times") =>
    from ? (
      <Link
        to={spanHref(from)}
        preventScrollReset
        onClick={() => {
          paging.current = true;
        }}
        className={`${pagerLinkClass} ${focusRing}`}
      >
        {label === "Earlier times" ? <span aria-hidden="true">← </span> : null}
        {label}
        {label === "Later times" ? <span aria-hidden="true"> →</span> : null}
      </Link>
    ) : (
      <span />
    );
  return (
    <div ref={containerRef} className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <div>
        <p id={captionId} className="font-semibold text-navy-950">
          Days with free times
        </p>
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          Use the arrow keys to move between days and Enter to choose one.
        </p>
        {/* Above the grid, as a calendar's month links are: Tab still goes from the grid to the
            chosen day's times. Always there (a line's height even when empty), so nothing moves
            when a span has no link on one side. */}
        <nav aria-label="More days" className="mt-2 flex min-h-11 justify-between gap-3">
          {pageLink(pages.earlier, "Earlier times")}
          {pageLink(pages.later, "Later times")}
        </nav>
        <table
          ref={gridRef}
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
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((date) => {
                  const day = byDate.get(date);
                  if (!day) return <td key={date} />;
                  const count = day.slots.length;
                  const isViewed = date === viewed;
                  const [, dayOfMonth = "", month = ""] = day.label.split(" ");
                  const showMonth = date === first || dayOfMonth === "1";
                  // A <td> of a table with role=grid is a gridcell already (html-aria), and
                  // gridcells take aria-selected: an explicit role="gridcell" is redundant,
                  // which HTML checkers report.
                  return (
                    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a gridcell by its table's role (Biome takes a <td> for a plain cell)
                    <td
                      key={date}
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      aria-selected={isViewed}
                      aria-disabled={count === 0 ? true : undefined}
                      onClick={() => {
                        setFocused(date);
                        choose(date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      // Its look follows aria-selected and aria-disabled (app.css).
                      className="day-cell"
                    >
                      {showMonth ? (
                        <span aria-hidden="true" className="block text-[0.65rem] uppercase">
                          {month}
                        </span>
                      ) : null}
                      <span aria-hidden="true">{dayOfMonth}</span>
                      <span className="sr-only">
                        {day.longLabel},{" "}
                        {count === 0 ? "no free times" : `${countOfTimes(count)} free`}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        {viewedDay ? (
          <fieldset className="min-w-0" aria-describedby={timesId}>
            <legend className="font-semibold text-navy-950">Times on {viewedDay.longLabel}</legend>
            <p id={timesId} className="sr-only">
              {countOfTimes(viewedDay.slots.length)}
            </p>
            {/* Every time in view, the list as tall as the day's times: a fixed-height box
                scrolled within squeezed the buttons (their IST line spilled onto the next row)
                and hid most of a day on a phone. A change of day is the visitor's own doing;
                the reload in their zone comes right after the page loads. */}
            <div className={slotListClass}>
              {viewedDay.slots.map((slot) => (
                <SlotRadio
                  key={slot.startsAt}
                  slot={slot}
                  name={name}
                  checked={slot.startsAt === selected}
                  onChange={() => {
                    setSelected(slot.startsAt);
                    setRemembered({ ...slot, longLabel: viewedDay.longLabel, timeZone });
                  }}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        {chosen && selectedDay?.date !== viewed ? (
          // The chosen time on another day (or another span) still goes with the post.
          <input type="hidden" name={name} value={chosen.startsAt} />
        ) : null}
        <p aria-live="polite" className="mt-4 min-h-10 text-sm text-stone-700">
          {chosen ? (
            <>
              Chosen: <strong>{chosen.longLabel}</strong>, {chosen.time}
              {chosen.istTime === `${chosen.time} IST` ? " IST" : ` (${chosen.istTime})`}
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
