import { useEffect, useId } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { isIndiaTime } from "~/modules/bookings/india-zone";

/*
 * The visitor's zone on the slot pages. The server cannot know it: without JavaScript times show
 * in IST, and this small GET form ("Show times in") reloads the page with `?tz=Area/City`. With
 * JavaScript the browser's own zone is asked for once the page is hydrated, and the page reloads
 * its data with it, unless the visitor chose a zone in the form (the URL has `tz` then).
 */

export interface ZoneOption {
  value: string;
  label: string;
}

/** Reloads the page's data in the browser's zone when the URL names none and it differs. */
export function useVisitorTimeZone(shownZone: string) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const chosen = searchParams.get("tz");
  useEffect(() => {
    if (chosen) return;
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      zone = undefined;
    }
    // A browser in India may say "Asia/Calcutta": the page in IST is already in its zone.
    if (!zone || zone === shownZone || (isIndiaTime(zone) && isIndiaTime(shownZone))) return;
    const params = new URLSearchParams(window.location.search);
    params.set("tz", zone);
    void navigate(`?${params.toString()}${window.location.hash}`, {
      replace: true,
      preventScrollReset: true,
    });
  }, [chosen, shownZone, navigate]);
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
