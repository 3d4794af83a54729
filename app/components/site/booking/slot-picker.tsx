import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { PickerDay, PickerSlot } from "~/modules/bookings/slot-listing";

export type { PickerDay, PickerSlot };

/*
 * The slot picker of the booking page and of the private link's reschedule form. The visitor's
 * days and times come from the loader (pickerDaysOf: words, no date library here). Without
 * JavaScript it is a list: a week of days, each a fieldset of radio buttons, with plain links to
 * the weeks before and after (`?from=`, the other query parameters kept). Once hydrated it is a
 * calendar grid of days (the ARIA grid pattern: one tab stop, arrow keys, Home/End, Enter or
 * Space to choose) and the chosen day's times as radio buttons. Either way the radios are inside
 * the page's one form and post `name` (default "startsAt") and the hidden `timeZone`.
 */

const DAYS_PER_PAGE = 7;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** Calendar arithmetic on "YYYY-MM-DD" (no zone involved). */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const dateOfNumber = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => dateOfNumber(dayNumber(date) + days);
/** 0 Monday … 6 Sunday. */
const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700";

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

const countOfTimes = (count: number) => (count === 1 ? "1 time" : `${count} times`);

function SlotLabel({ slot }: { slot: PickerSlot }) {
  // The IST time below, or just "IST" when the visitor's clock reads the same.
  const sameClock = slot.istTime === `${slot.time} IST`;
  return (
    <span>
      <span className="whitespace-nowrap font-semibold text-navy-950">{slot.time}</span>
      <span className="block text-sm text-stone-600">{sameClock ? "IST" : slot.istTime}</span>
    </span>
  );
}

/** One radio button of a time. */
export function SlotRadio({
  slot,
  name,
  checked,
  defaultChecked,
  onChange,
}: {
  slot: PickerSlot;
  name: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: () => void;
}) {
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-stone-300 bg-card px-3 py-2 motion-safe:transition-colors hover:border-navy-700 has-checked:border-navy-900 has-checked:bg-navy-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-navy-700">
      <input
        type="radio"
        name={name}
        value={slot.startsAt}
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChange}
        className="h-4 w-4 shrink-0 accent-navy-900"
      />
      <SlotLabel slot={slot} />
    </label>
  );
}

/** The grid shows at least this many weeks: the default 30-day window never needs more. */
const GRID_WEEKS = 6;

const slotListClass = "mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4";

interface SlotPickerProps {
  days: PickerDay[];
  /** The visitor's zone (posted as `timeZone`). */
  timeZone: string;
  /** The radios' name; "startsAt" unless told. */
  name?: string;
  /** The slot chosen before (a refused post). */
  selected?: string;
  /** The slot's message ("Choose a time"). */
  error?: string;
  /** The group's name, "Choose a time" unless told. */
  legend?: string;
}

export function SlotPicker({
  days,
  timeZone,
  name = "startsAt",
  selected,
  error,
  legend = "Choose a time",
}: SlotPickerProps) {
  const hydrated = useHydrated();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="min-w-0"
      aria-describedby={error ? errorId : undefined}
      data-slot-picker=""
      id="choose-time"
    >
      <legend className="font-display text-xl font-semibold text-navy-950">{legend}</legend>
      <input type="hidden" name="timeZone" value={timeZone} />
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {/* Both are rendered by the server and CSS shows one: the grid where the browser runs
          scripts, the list where it does not (`noscript:` is @media (scripting: none)). So
          nothing is swapped when the page hydrates, and nothing below the picker moves. The
          list comes second: where a time is preselected, its checked radio is the one that
          stays checked. Once hydrated the list is gone (it was hidden). */}
      <div className="noscript:hidden" data-slot-grid="">
        <DayGrid days={days} name={name} selected={selected} />
      </div>
      {hydrated ? null : (
        <div className="hidden noscript:block" data-slot-list="">
          <DayList days={days} name={name} selected={selected} />
        </div>
      )}
    </fieldset>
  );
}

/** Without JavaScript: a week of days, radios under each day's legend, links to other weeks. */
function DayList({ days, name, selected }: { days: PickerDay[]; name: string; selected?: string }) {
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

/** With JavaScript: a calendar grid of days, and the chosen day's times as radio buttons. */
function DayGrid({
  days,
  name,
  selected: initiallySelected,
}: {
  days: PickerDay[];
  name: string;
  selected?: string;
}) {
  const id = useId();
  const byDate = new Map(days.map((day) => [day.date, day]));
  const firstBookable = days.find((day) => day.slots.length > 0);
  const [selected, setSelected] = useState(
    days.some((day) => day.slots.some((slot) => slot.startsAt === initiallySelected))
      ? initiallySelected
      : undefined,
  );
  const selectedDay = days.find((day) => day.slots.some((slot) => slot.startsAt === selected));
  const [viewed, setViewed] = useState(selectedDay?.date ?? firstBookable?.date ?? "");
  const [focused, setFocused] = useState(viewed);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
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
  const chosen = selectedDay?.slots.find((slot) => slot.startsAt === selected);
  return (
    <div ref={containerRef} className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <div>
        <p id={captionId} className="font-semibold text-navy-950">
          Days with free times
        </p>
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          Use the arrow keys to move between days and Enter to choose one.
        </p>
        <table
          ref={gridRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table of days
          role="grid"
          aria-labelledby={captionId}
          aria-describedby={hintId}
          className="mt-3 w-full table-fixed border-separate border-spacing-1"
        >
          <thead>
            <tr>
              {WEEKDAYS.map((weekday, index) => (
                <th
                  key={weekday}
                  scope="col"
                  abbr={WEEKDAY_NAMES[index]}
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
                  return (
                    <td
                      key={date}
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a day of the ARIA grid pattern
                      role="gridcell"
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      aria-selected={isViewed}
                      aria-disabled={count === 0 ? true : undefined}
                      onClick={() => {
                        setFocused(date);
                        choose(date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      className={`h-12 rounded-control text-center align-middle leading-tight ${focusRing} ${
                        count === 0
                          ? "cursor-default text-stone-500"
                          : isViewed
                            ? "cursor-pointer bg-navy-900 font-semibold text-paper"
                            : "cursor-pointer bg-marigold-100 font-semibold text-navy-950 motion-safe:transition-colors hover:bg-marigold-300"
                      }`}
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
            {/* A fixed height (scrolled within when a day has many times): another day or the
                visitor's zone changes the times, never the position of the fields below. */}
            <div className={`${slotListClass} h-80 content-start overflow-y-auto p-1`}>
              {viewedDay.slots.map((slot) => (
                <SlotRadio
                  key={slot.startsAt}
                  slot={slot}
                  name={name}
                  checked={slot.startsAt === selected}
                  onChange={() => setSelected(slot.startsAt)}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        {selected && selectedDay?.date !== viewed ? (
          // The chosen time on another day still goes with the post.
          <input type="hidden" name={name} value={selected} />
        ) : null}
        <p aria-live="polite" className="mt-4 min-h-10 text-sm text-stone-700">
          {chosen && selectedDay ? (
            <>
              Chosen: <strong>{selectedDay.longLabel}</strong>, {chosen.time}
              {chosen.istTime === `${chosen.time} IST` ? " IST" : ` (${chosen.istTime})`}
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
