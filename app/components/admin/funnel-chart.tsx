import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { FunnelMonth } from "~/modules/funnel/funnel.server";
import { FUNNEL_STEPS } from "~/modules/funnel/funnel-query";
import { CHART_HEIGHT, ChartFrame, MARGIN, TICK } from "./charts";

/*
 * The funnel per month as bars (leads, booked, held, qualified, closed), a picture of the table
 * below it (decision on charts: the SVG is presentational, the figures are in the table).
 */

const COLOURS: Record<(typeof FUNNEL_STEPS)[number]["key"], string> = {
  leads: "#1d4ed8",
  booked: "#7c3aed",
  held: "#15803d",
  qualified: "#d97706",
  closed: "#64748b",
};

/** "Nov 2026" for "2026-11". */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)).toLocaleDateString("en-IN", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

export function FunnelChart({ months }: { months: FunnelMonth[] }) {
  const leads = months.reduce((sum, month) => sum + month.leads, 0);
  const booked = months.reduce((sum, month) => sum + month.booked, 0);
  return (
    <ChartFrame
      label={`Bar chart of the funnel per month for the last ${months.length} months: ${leads} leads and ${booked} consultations booked in all. The same figures are in the table below.`}
    >
      {(width) => (
        <BarChart
          width={width}
          height={CHART_HEIGHT}
          data={months}
          accessibilityLayer={false}
          margin={MARGIN}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="month"
            tickFormatter={monthLabel}
            tick={TICK}
            interval="preserveStartEnd"
          />
          <YAxis allowDecimals={false} tick={TICK} />
          <Tooltip labelFormatter={(value) => monthLabel(String(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {FUNNEL_STEPS.map((step) => (
            <Bar
              key={step.key}
              dataKey={step.key}
              name={step.label}
              fill={COLOURS[step.key]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ChartFrame>
  );
}
