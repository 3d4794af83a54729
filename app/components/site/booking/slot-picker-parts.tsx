import { useSearchParams } from "react-router";
import type { PickerSlot } from "~/modules/bookings/slot-listing";

/* What the slot picker's two forms (slot-day-grid.tsx, slot-day-list.tsx) share. */

/** Calendar arithmetic on "YYYY-MM-DD" (no zone involved). */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
export const dateOfNumber = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOfNumber(dayNumber(date) + days);
/** 0 Monday … 6 Sunday. */
export const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700";

/**
 * The `?from=` address of another span of days, the page's other query parameters kept (the
 * visitor's zone), back at the picker.
 */
export function useSpanHref() {
  const [searchParams] = useSearchParams();
  return (from: string, hash = "") => {
    const params = new URLSearchParams(searchParams);
    params.set("from", from);
    return `?${params.toString()}${hash}`;
  };
}

export const pagerLinkClass =
  "inline-flex min-h-11 items-center font-semibold text-navy-700 underline decoration-marigold-400 decoration-2 underline-offset-4 hover:text-navy-950";

export const countOfTimes = (count: number) => (count === 1 ? "1 time" : `${count} times`);

export const slotListClass = "mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4";

function SlotLabel({ slot }: { slot: PickerSlot }) {
  // The IST time below, or just "IST" when the visitor's clock reads the same. Sized so that
  // "12:30 pm IST" fits a two-column button on a 360 px phone; on a narrower one it wraps, and
  // the button grows with it (min-w-0: the text never pushes past the button's edge). The two
  // lines are styled by their place in `.slot-time` (app.css): no class on each of ~90.
  const sameClock = slot.istTime === `${slot.time} IST`;
  return (
    <span>
      <span>{slot.time}</span>
      <span>{sameClock ? "IST" : slot.istTime}</span>
    </span>
  );
}

/**
 * One radio button of a time. Its look is a class of app.css (`slot-time`): /book shows about
 * ninety of them, and the same utilities written on each made 40 KB of its HTML (issue 25).
 */
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
    <label className="slot-time">
      <input
        type="radio"
        name={name}
        value={slot.startsAt}
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChange}
      />
      <SlotLabel slot={slot} />
    </label>
  );
}
