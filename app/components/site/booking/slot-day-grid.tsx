import { useId } from "react";
import { Link } from "react-router";
import type { PackedPickerDay } from "~/modules/bookings/picker-days";
import type { PickerPages } from "~/modules/bookings/picker-span";
import type { PickerDay } from "~/modules/bookings/slot-listing";
import { chosenTimeWords, countOfTimes, timesLegendOf, viewedDateOf } from "./day-grid-model";
import { DayGridTable } from "./slot-grid-table";
import { focusRing, pagerLinkClass, SlotRadios, useSpanHref } from "./slot-picker-parts";

/** JSON inside a `<script>` element: `<` escaped, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * With JavaScript (issue 30, decision 0077): a calendar grid of a span of days, links to the
 * spans before and after, and the viewed day's times as radio buttons, all drawn here on the
 * server. The page loads no React: the island (day-grid-island.ts) moves through the grid by
 * keyboard, shows a chosen day's times, keeps a time chosen (and posted) while the visitor looks
 * at another span, and loads the other spans in place. It draws the times from the span's days
 * packed as the loader sends them (decision 0066), in a JSON data block beside the grid,
 * unpacked by the same function the server used (`unpackPickerDays`).
 */
export function DayGrid({
  days,
  packed,
  pages,
  name,
  selected,
}: {
  days: PickerDay[];
  /** The same days, packed (what the island unpacks). */
  packed: PackedPickerDay[];
  pages: PickerPages;
  name: string;
  selected?: string;
}) {
  const id = useId();
  const spanHref = useSpanHref();
  const viewed = viewedDateOf(days, selected);
  const viewedDay = days.find((day) => day.date === viewed);
  if (!viewed || !viewedDay) return null;
  const chosen = viewedDay.slots.find((slot) => slot.startsAt === selected);
  const captionId = `${id}-caption`;
  const hintId = `${id}-hint`;
  const timesId = `${id}-times`;
  const pageLink = (from: string | undefined, label: "Earlier times" | "Later times") =>
    from ? (
      <Link to={spanHref(from)} data-span-link="" className={`${pagerLinkClass} ${focusRing}`}>
        {label === "Earlier times" ? <span aria-hidden="true">← </span> : null}
        {label}
        {label === "Later times" ? <span aria-hidden="true"> →</span> : null}
      </Link>
    ) : (
      <span />
    );
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
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
        <DayGridTable days={days} viewed={viewed} captionId={captionId} hintId={hintId} />
        <script
          type="application/json"
          data-picker-days=""
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the server's own days, `<` escaped (scriptJson)
          dangerouslySetInnerHTML={{ __html: scriptJson(packed) }}
        />
      </div>
      <div>
        <fieldset className="min-w-0" aria-describedby={timesId} data-day-times="">
          <legend className="font-semibold text-navy-950">{timesLegendOf(viewedDay)}</legend>
          <p id={timesId} className="sr-only">
            {countOfTimes(viewedDay.slots.length)}
          </p>
          {/* Every time in view, the list as tall as the day's times: a fixed-height box
              scrolled within squeezed the buttons (their IST line spilled onto the next row)
              and hid most of a day on a phone. */}
          <SlotRadios slots={viewedDay.slots} name={name} selected={selected} />
        </fieldset>
        {/* What is chosen, said again when it changes (the island writes it). */}
        <p aria-live="polite" data-chosen="" className="mt-4 min-h-10 text-sm text-stone-700">
          {chosen ? (
            <>
              Chosen: <strong>{viewedDay.longLabel}</strong>
              {chosenTimeWords(chosen)}
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
