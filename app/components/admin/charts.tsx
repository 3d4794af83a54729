import { useEffect, useRef, useState } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDayMonth } from "~/lib/india-format";
import { ENQUIRY_STATUS_LABELS } from "~/modules/enquiries/enquiry-options";
import { labelledPoints } from "./chart-ticks";

/*
 * The dashboard's charts. Each one is a picture of a table that is on the page too (for screen
 * readers, keyboard users and anyone without JavaScript), so the SVG itself is presentational.
 * The x-axis labels its points at one even interval that fits the chart's width (chart-ticks.ts),
 * so the frame measures its own width and draws the chart at that size.
 */

/**
 * Enquiry statuses with the dashboard's colours. Their names are the inbox's (issue 24: one
 * word for a status wherever staff read it, where the spec had the dashboard say "In Progress").
 */
export const DASHBOARD_STATUSES = [
  { key: "new", label: ENQUIRY_STATUS_LABELS.new, color: "#1d4ed8" },
  { key: "contacted", label: ENQUIRY_STATUS_LABELS.contacted, color: "#d97706" },
  { key: "qualified", label: ENQUIRY_STATUS_LABELS.qualified, color: "#15803d" },
  { key: "closed", label: ENQUIRY_STATUS_LABELS.closed, color: "#64748b" },
] as const;

export interface WeekRow {
  weekStart: string;
  new: number;
  contacted: number;
  qualified: number;
  closed: number;
}

/** "9 Mar" for a YYYY-MM-DD day (app/lib/india-format.ts). */
export const shortDay = (day: string) => formatDayMonth(day);

/** The charts' height (the frame's h-64). */
export const CHART_HEIGHT = 256;
/**
 * The charts' margins: the y-axis's numbers need less than its 60 px, and the right one leaves
 * half a label's room, so the latest day's label, centred on the last point, is not cut off.
 */
export const MARGIN = { left: -20, right: 28 };
/** What the y-axis (60 px) and the margins leave of the width for the x-axis. */
const Y_AXIS_PX = 60 + MARGIN.left + MARGIN.right;
export const TICK = { fontSize: 12, fill: "#334155" };
const dayOfTooltip = (value: unknown) => shortDay(String(value));

/** The element's width in pixels, followed as the window changes (0 until measured). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function ChartFrame({
  label,
  children,
}: {
  label: string;
  /** The chart, drawn at the frame's width. */
  children: (width: number) => React.ReactElement;
}) {
  const hydrated = useHydrated();
  const [frame, width] = useWidth<HTMLDivElement>();
  return (
    <div ref={frame} role="img" aria-label={label} className="h-64 w-full">
      {hydrated && width > 0 ? children(width) : null}
    </div>
  );
}

/** The x-axis values to label: see labelledPoints. */
const ticksOf = <T,>(points: readonly T[], width: number) =>
  labelledPoints(points.length, width - Y_AXIS_PX).flatMap((index) =>
    index in points ? [points[index] as T] : [],
  );

export function EnquiriesPerWeekChart({ weeks }: { weeks: WeekRow[] }) {
  const total = weeks.reduce(
    (sum, week) => sum + week.new + week.contacted + week.qualified + week.closed,
    0,
  );
  return (
    <ChartFrame
      label={`Bar chart of enquiries per week for the last ${weeks.length} weeks by status, ${total} in all. The same figures are in the table below.`}
    >
      {(width) => (
        <BarChart
          width={width}
          height={CHART_HEIGHT}
          data={weeks}
          accessibilityLayer={false}
          margin={MARGIN}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="weekStart"
            ticks={ticksOf(
              weeks.map((week) => week.weekStart),
              width,
            )}
            interval={0}
            tickFormatter={shortDay}
            tick={TICK}
          />
          <YAxis allowDecimals={false} tick={TICK} />
          <Tooltip labelFormatter={dayOfTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {DASHBOARD_STATUSES.map((status) => (
            <Bar
              key={status.key}
              dataKey={status.key}
              name={status.label}
              stackId="status"
              fill={status.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ChartFrame>
  );
}

export function VisitsPerDayChart({ days }: { days: { day: string; views: number }[] }) {
  const total = days.reduce((sum, day) => sum + day.views, 0);
  return (
    <>
      <ChartFrame
        label={`Area chart of page views per day for the last ${days.length} days, ${total} in all. The same figures are in the table below.`}
      >
        {(width) => (
          <AreaChart
            width={width}
            height={CHART_HEIGHT}
            data={days}
            accessibilityLayer={false}
            margin={MARGIN}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="day"
              ticks={ticksOf(
                days.map((day) => day.day),
                width,
              )}
              interval={0}
              tickFormatter={shortDay}
              tick={TICK}
              // The first day sits on the plot's left edge: room for its label beside the y-axis.
              padding={{ left: 16 }}
            />
            <YAxis allowDecimals={false} tick={TICK} />
            <Tooltip labelFormatter={dayOfTooltip} />
            <Area
              type="monotone"
              dataKey="views"
              name="Page views"
              stroke="#1d4ed8"
              fill="#bfdbfe"
              isAnimationActive={false}
            />
          </AreaChart>
        )}
      </ChartFrame>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-blue-800">
          Show the page views as a table
        </summary>
        <section
          aria-label="Page views per day, table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls must be reachable by keyboard
          tabIndex={0}
          className="mt-2 max-h-80 overflow-y-auto focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <table className="w-full text-left">
            <caption className="sr-only">Page views per day</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-3">
                  Day
                </th>
                <th scope="col" className="py-1 pr-3">
                  Page views
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {shortDay(day.day)}
                  </th>
                  <td className="py-1 pr-3">{day.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </>
  );
}
