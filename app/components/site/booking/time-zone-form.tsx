import { useId } from "react";
import { Form } from "react-router";

/*
 * The visitor's zone on the slot pages. The server cannot know it: without JavaScript times show
 * in IST, and this small GET form ("Show times in") reloads the page with `?tz=Area/City`. With
 * JavaScript /book's island asks the browser for its own zone and shows the page's times in it,
 * unless the visitor chose a zone in the form (the URL has `tz` then; booking-island.ts).
 */

export interface ZoneOption {
  value: string;
  label: string;
}

export function TimeZoneForm({
  timeZone,
  zones,
  className = "",
  keep = {},
}: {
  timeZone: string;
  zones: ZoneOption[];
  className?: string;
  /** Other query parameters the page keeps (/book's meeting type and service, decision 0050). */
  keep?: Record<string, string>;
}) {
  const id = useId();
  return (
    <Form
      method="get"
      preventScrollReset
      className={`flex flex-wrap items-end gap-3 ${className}`}
      aria-label="Time zone"
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold text-navy-950">
          Show times in
        </label>
        {/* A key per zone: the select shows the zone of the page it is on after a reload. */}
        <select
          key={timeZone}
          id={id}
          name="tz"
          defaultValue={timeZone}
          className="min-h-11 max-w-full rounded-control border border-stone-300 bg-card px-3 py-2 text-navy-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700"
        >
          {zones.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-control border border-stone-300 bg-card px-4 py-2 font-semibold text-navy-950 hover:border-navy-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700"
      >
        Show times
      </button>
    </Form>
  );
}
