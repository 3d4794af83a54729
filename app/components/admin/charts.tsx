import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useHydrated } from "~/components/ui/use-hydrated";

/*
 * The dashboard's charts. Each one is a picture of a table that is on the page too (for screen
 * readers, keyboard users and anyone without JavaScript), so the SVG itself is presentational.
 */

/** Enquiry statuses with the dashboard's labels: "contacted" reads "In Progress" (spec 4). */
export const DASHBOARD_STATUSES = [
  { key: "new", label: "New", color: "#1d4ed8" },
  { key: "contacted", label: "In Progress", color: "#d97706" },
  { key: "qualified", label: "Qualified", color: "#15803d" },
  { key: "closed", label: "Closed", color: "#64748b" },
] as const;

export interface WeekRow {
  weekStart: string;
  new: number;
  contacted: number;
  qualified: number;
  closed: number;
}

/** "9 Mar" for a YYYY-MM-DD day. */
export const shortDay = (day: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

function ChartFrame({ label, children }: { label: string; children: React.ReactElement }) {
  const hydrated = useHydrated();
  return (
    <div role="img" aria-label={label} className="h-64 w-full">
      {hydrated ? (
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}

export function EnquiriesPerWeekChart({ weeks }: { weeks: WeekRow[] }) {
  const total = weeks.reduce(
    (sum, week) => sum + week.new + week.contacted + week.qualified + week.closed,
    0,
  );
  const data = weeks.map((week) => ({ ...week, label: shortDay(week.weekStart) }));
  return (
    <ChartFrame
      label={`Bar chart of enquiries per week for the last ${weeks.length} weeks by status, ${total} in all. The same figures are in the table below.`}
    >
      <BarChart data={data} accessibilityLayer={false} margin={{ left: -20, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 12, fill: "#334155" }}
          interval="preserveStartEnd"
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#334155" }} />
        <Tooltip />
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
    </ChartFrame>
  );
}

export function VisitsPerDayChart({ days }: { days: { day: string; views: number }[] }) {
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const data = days.map((day) => ({ ...day, label: shortDay(day.day) }));
  return (
    <ChartFrame
      label={`Area chart of page views per day for the last ${days.length} days, ${total} in all.`}
    >
      <AreaChart data={data} accessibilityLayer={false} margin={{ left: -20, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 12, fill: "#334155" }}
          interval="preserveStartEnd"
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#334155" }} />
        <Tooltip />
        <Area
          type="monotone"
          dataKey="views"
          name="Page views"
          stroke="#1d4ed8"
          fill="#bfdbfe"
          isAnimationActive={false}
        />
      </AreaChart>
    </ChartFrame>
  );
}
