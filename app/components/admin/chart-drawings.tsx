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
import type { FunnelMonth } from "~/modules/funnel/funnel.server";
import { FUNNEL_STEPS } from "~/modules/funnel/funnel-query";
import {
  CHART_HEIGHT,
  DASHBOARD_STATUSES,
  MARGIN,
  monthLabel,
  shortDay,
  TICK,
  type WeekRow,
  Y_AXIS_PX,
} from "./chart-style";
import { labelledPoints } from "./chart-ticks";

/*
 * The charts as Recharts draws them, at a width their frame measured. This module is the only
 * one that imports Recharts (about 400 KB of script): the frames load it after the page has
 * hydrated (charts.tsx), so the dashboard, where staff land after signing in, is ready without it.
 */

const dayOfTooltip = (value: unknown) => shortDay(String(value));

/** The x-axis values to label: see labelledPoints. */
const ticksOf = <T,>(points: readonly T[], width: number) =>
  labelledPoints(points.length, width - Y_AXIS_PX).flatMap((index) =>
    index in points ? [points[index] as T] : [],
  );

export function EnquiriesBars({ weeks, width }: { weeks: WeekRow[]; width: number }) {
  return (
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
  );
}

export function VisitsArea({
  days,
  width,
}: {
  days: { day: string; views: number }[];
  width: number;
}) {
  return (
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
  );
}

const FUNNEL_COLOURS: Record<(typeof FUNNEL_STEPS)[number]["key"], string> = {
  leads: "#1d4ed8",
  booked: "#7c3aed",
  held: "#15803d",
  qualified: "#d97706",
  closed: "#64748b",
};

/** The funnel per month as bars (leads, booked, held, qualified, closed). */
export function FunnelBars({ months, width }: { months: FunnelMonth[]; width: number }) {
  return (
    <BarChart
      width={width}
      height={CHART_HEIGHT}
      data={months}
      accessibilityLayer={false}
      margin={MARGIN}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="month" tickFormatter={monthLabel} tick={TICK} interval="preserveStartEnd" />
      <YAxis allowDecimals={false} tick={TICK} />
      <Tooltip labelFormatter={(value) => monthLabel(String(value))} />
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      {FUNNEL_STEPS.map((step) => (
        <Bar
          key={step.key}
          dataKey={step.key}
          name={step.label}
          fill={FUNNEL_COLOURS[step.key]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
