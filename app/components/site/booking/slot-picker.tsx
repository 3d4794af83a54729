import { useId } from "react";
import { type PackedPickerDay, packPickerDays } from "~/modules/bookings/picker-days";
import type { PickerPages } from "~/modules/bookings/picker-span";
import type { PickerDay, PickerSlot } from "~/modules/bookings/slot-listing";
import { DayGrid } from "./slot-day-grid";
import { DayList } from "./slot-day-list";

export { SlotRadio } from "./slot-picker-parts";
export type { PickerDay, PickerPages, PickerSlot };

/*
 * The slot picker of the booking page and of the private link's reschedule form. The visitor's
 * days and times come from the loader, a span of them at a time (loadPickerDays: words, no date
 * library here). Without JavaScript it is a list: a week of days, each a fieldset of radio
 * buttons, with plain links to the weeks before and after (`?from=`, the other query parameters
 * kept; slot-day-list.tsx). Where scripts run it is a calendar grid of the span's days (the ARIA
 * grid pattern: one tab stop, arrow keys, Home/End, Enter or Space to choose), links to the spans
 * before and after (the same `?from=`, loaded in place), and the chosen day's times as radio
 * buttons (slot-day-grid.tsx, enhanced by the island day-grid-island.ts; decision 0077). Either
 * way the radios are inside the page's one form and post `name` (default "startsAt") and the
 * hidden `timeZone`.
 */

interface SlotPickerProps {
  days: PickerDay[];
  /** The same days packed (decision 0066), when the loader sent them so; else packed here. */
  packed?: PackedPickerDay[];
  /** Where the spans before and after these days start. */
  pages?: PickerPages;
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
  packed,
  pages = {},
  timeZone,
  name = "startsAt",
  selected,
  error,
  legend = "Choose a time",
}: SlotPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="min-w-0"
      aria-describedby={error ? errorId : undefined}
      data-slot-picker=""
      data-zone-swap=""
      id="choose-time"
    >
      <legend className="font-display text-xl font-semibold text-navy-950">{legend}</legend>
      <input type="hidden" name="timeZone" value={timeZone} />
      {error ? (
        <p id={errorId} data-picker-error="" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {/* The server renders both. The grid is hidden where the browser runs no scripts
          (`noscript:` is @media (scripting: none)); the list is inside <noscript>, so a browser
          that runs scripts never parses it (its radios would be a second group of the same
          name). So nothing is swapped when the island starts, and nothing below the picker
          moves. */}
      <div className="noscript:hidden" data-slot-grid="">
        <DayGrid
          days={days}
          packed={packed ?? packPickerDays(days)}
          pages={pages}
          name={name}
          selected={selected}
        />
      </div>
      <noscript>
        <div data-slot-list="">
          <DayList days={days} pages={pages} name={name} selected={selected} />
        </div>
      </noscript>
    </fieldset>
  );
}
