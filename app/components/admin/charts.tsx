import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import type * as Drawings from "./chart-drawings";
import { shortDay, type WeekRow } from "./chart-style";

/*
 * The dashboard's charts. Each one is a picture of a table that is on the page too (for screen
 * readers, keyboard users and anyone without JavaScript), so the SVG itself is presentational.
 * The x-axis labels its points at one even interval that fits the chart's width (chart-ticks.ts),
 * so the frame measures its own width and draws the chart at that size. The drawings and
 * Recharts come in a chunk of their own (chart-drawings.tsx), loaded once the page has hydrated:
 * the page is ready without its 400 KB.
 */

export { DASHBOARD_STATUSES, shortDay } from "./chart-style";

/** One of chart-drawings.tsx's drawings, its chunk loaded when a frame first renders it. */
export function lazyDrawing<Name extends keyof typeof Drawings>(name: Name) {
  return lazy(() => import("./chart-drawings").then((module) => ({ default: module[name] })));
}

const EnquiriesBars = lazyDrawing("EnquiriesBars");
const VisitsArea = lazyDrawing("VisitsArea");

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

/**
 * Where a drawing that could not be loaded (a dropped connection, a deploy that replaced its
 * chunk) says so in place of the chart, and the console says why, instead of the error taking
 * the whole page down with it. The figures stay in the table below the frame.
 */
class DrawingFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error("A chart could not be drawn:", error);
  }
  override render() {
    return this.state.failed ? (
      <p className="flex h-full items-center justify-center text-sm text-slate-700">
        The chart could not be loaded. The same figures are in the table below.
      </p>
    ) : (
      this.props.children
    );
  }
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
      {hydrated && width > 0 ? (
        <DrawingFailure>
          <Suspense fallback={null}>{children(width)}</Suspense>
        </DrawingFailure>
      ) : null}
    </div>
  );
}

export function EnquiriesPerWeekChart({ weeks }: { weeks: WeekRow[] }) {
  const total = weeks.reduce(
    (sum, week) => sum + week.new + week.contacted + week.qualified + week.closed,
    0,
  );
  return (
    <ChartFrame
      label={`Bar chart of enquiries per week for the last ${weeks.length} weeks by status, ${total} in all. The same figures are in the table below.`}
    >
      {(width) => <EnquiriesBars weeks={weeks} width={width} />}
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
        {(width) => <VisitsArea days={days} width={width} />}
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
