import { useSearchParams } from "react-router";
import type { PickerSlot } from "~/modules/bookings/slot-listing";
import { istLineOf } from "./day-grid-model";

/* What the slot picker's two forms (slot-day-grid.tsx, slot-day-list.tsx) share. */

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

export const slotListClass = "mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4";

function SlotLabel({ slot }: { slot: PickerSlot }) {
  // The IST time below, or just "IST" when the visitor's clock reads the same. Sized so that
  // "12:30 pm IST" fits a two-column button on a 360 px phone; on a narrower one it wraps, and
  // the button grows with it (min-w-0: the text never pushes past the button's edge). The two
  // lines are styled by their place in `.slot-time` (app.css): no class on each of ~90. The
  // day grid's island draws the same markup (day-grid-island.ts).
  return (
    <span>
      <span>{slot.time}</span>
      <span>{istLineOf(slot)}</span>
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
  defaultChecked,
}: {
  slot: PickerSlot;
  name: string;
  defaultChecked?: boolean;
}) {
  return (
    <label className="slot-time">
      <input type="radio" name={name} value={slot.startsAt} defaultChecked={defaultChecked} />
      <SlotLabel slot={slot} />
    </label>
  );
}

/** A day's times as radio buttons, in the grid the day list and the day grid both show. */
export function SlotRadios({
  slots,
  name,
  selected,
}: {
  slots: PickerSlot[];
  name: string;
  selected: string | undefined;
}) {
  return (
    <div className={slotListClass}>
      {slots.map((slot) => (
        <SlotRadio
          key={slot.startsAt}
          slot={slot}
          name={name}
          defaultChecked={slot.startsAt === selected}
        />
      ))}
    </div>
  );
}
