import { useId } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { PickerDay, PickerSlot } from "~/modules/bookings/slot-listing";
import { DayGrid } from "./slot-day-grid";
import { DayList } from "./slot-day-list";

export { SlotRadio } from "./slot-picker-parts";
export type { PickerDay, PickerSlot };

/*
 * The slot picker of the booking page and of the private link's reschedule form. The visitor's
 * days and times come from the loader (pickerDaysOf: words, no date library here). Without
 * JavaScript it is a list: a week of days, each a fieldset of radio buttons, with plain links to
 * the weeks before and after (`?from=`, the other query parameters kept; slot-day-list.tsx).
 * Where scripts run it is a calendar grid of days (the ARIA grid pattern: one tab stop, arrow
 * keys, Home/End, Enter or Space to choose) and the chosen day's times as radio buttons
 * (slot-day-grid.tsx). Either way the radios are inside the page's one form and post `name`
 * (default "startsAt") and the hidden `timeZone`.
 */

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
